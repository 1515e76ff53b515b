package io.dynoscope.cli;

import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.testsupport.TestEngine;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.stream.Stream;

/** Runs the command line in-process against the test engine, the endpoint given before the verb. */
final class CliRun {

    /** The exit code and what was written; {@code out} is empty when stdout was given. */
    record Result(int exitCode, String out, String err) {}

    private CliRun() {}

    static Result atTestEngine(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Result result = atTestEngine(out, args);
        return new Result(result.exitCode(), out.toString(StandardCharsets.UTF_8), result.err());
    }

    static Result atTestEngine(OutputStream stdout, String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code =
                DynoscopeCli.run(
                        Stream.concat(
                                        Stream.of("--endpoint", TestEngine.endpoint().toString()),
                                        Stream.of(args))
                                .toArray(String[]::new),
                        stdout,
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        Map.of(),
                        SdkDynamoRepository::connect);
        return new Result(code, "", err.toString(StandardCharsets.UTF_8));
    }
}

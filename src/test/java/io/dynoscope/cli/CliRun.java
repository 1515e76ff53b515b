package io.dynoscope.cli;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.testsupport.TestEngine;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

/** One run of the command line in this JVM: its exit code and what it printed. */
record CliRun(int exitCode, String out, String err) {

    /** The exit code and what was written; {@code out} is empty when stdout was given. */
    record Result(int exitCode, String out, String err) {}

    static CliRun run(
            Map<String, String> environment,
            Function<ConnectionSpec, DynamoRepository> repositories,
            List<String> args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code =
                DynoscopeCli.run(
                        args.toArray(String[]::new),
                        System.in,
                        out,
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        environment,
                        TestRepositories.of(repositories));
        return new CliRun(
                code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Runs against the test engine, its endpoint given before the verb. */
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
                        System.in,
                        stdout,
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        Map.of(),
                        TestRepositories.SDK);
        return new Result(code, "", err.toString(StandardCharsets.UTF_8));
    }

    /** Runs against the test engine with this stdin, printing to buffers. */
    static CliRun withStdin(InputStream stdin, String... args) {
        return atEngine(stdin, Map.of(), SdkDynamoRepository::connect, args);
    }

    /** Runs against the test engine, printing to buffers; its endpoint given before the verb. */
    static CliRun cli(String... args) {
        return atEngine(System.in, System.getenv(), null, args);
    }

    private static CliRun atEngine(
            InputStream stdin,
            Map<String, String> environment,
            Function<ConnectionSpec, DynamoRepository> repositories,
            String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code =
                DynoscopeCli.run(
                        Stream.concat(
                                        Stream.of("--endpoint", TestEngine.endpoint().toString()),
                                        Stream.of(args))
                                .toArray(String[]::new),
                        stdin,
                        out,
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        environment,
                        TestRepositories.of(repositories));
        return new CliRun(
                code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** The items printed one plain JSON item a line. */
    List<Item> items() {
        return out.lines().map(ItemJson.PLAIN::readItem).toList();
    }

    String lastErrLine() {
        List<String> lines = err.strip().lines().toList();
        return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
    }
}

package io.dynoscope.cli;

import io.dynoscope.repository.ConnectionSpec;
import io.dynoscope.repository.DynamoRepository;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** One run of the command line in this JVM: its exit code and what it printed. */
record CliRun(int exitCode, String out, String err) {

    static CliRun run(
            Map<String, String> environment,
            Function<ConnectionSpec, DynamoRepository> repositories,
            List<String> args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code =
                DynoscopeCli.run(
                        args.toArray(String[]::new),
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        environment,
                        repositories);
        return new CliRun(
                code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    String lastErrLine() {
        List<String> lines = err.strip().lines().toList();
        return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
    }
}

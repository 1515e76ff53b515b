package io.dynoscope.cli;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.PlainJson;
import io.dynoscope.testsupport.TestEngine;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;

/** One command line run in-process against the test engine, with what it printed. */
record CliRun(int exitCode, String out, String err) {

    static CliRun cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String[] withEndpoint =
                Stream.concat(
                                Stream.of("--endpoint", TestEngine.endpoint().toString()),
                                Stream.of(args))
                        .toArray(String[]::new);
        int code =
                DynoscopeCli.run(
                        withEndpoint,
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8));
        return new CliRun(
                code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** The items printed one plain JSON item a line. */
    List<Item> items() {
        return out.lines().map(PlainJson::readItem).toList();
    }

    String lastErrLine() {
        List<String> lines = err.strip().lines().toList();
        return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
    }
}

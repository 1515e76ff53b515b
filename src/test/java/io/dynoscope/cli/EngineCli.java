package io.dynoscope.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.service.store.ScanSpec;
import io.dynoscope.testsupport.TestEngine;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The command line run in-process against the test engine, as the CLI tests of this class family
 * do.
 */
final class EngineCli {

    /** The statistics line a read prints last on stderr. */
    static final Pattern REQUESTS =
            Pattern.compile("^requests=(\\d+) consumed=\\S+ scanned=(\\d+) returned=(\\d+)$");

    private EngineCli() {}

    static long count(String table) {
        List<Item> items = new ArrayList<>();
        TestEngine.repository()
                .scan(
                        ScanSpec.table(table),
                        page -> items.addAll(page.items()),
                        Cancellation.none());
        return items.size();
    }

    /**
     * Runs the CLI against the test engine, the endpoint given as a global option before the verb.
     */
    static Result cli(String... args) {
        return run(
                Stream.concat(
                                Stream.of("--endpoint", TestEngine.endpoint().toString()),
                                Stream.of(args))
                        .toArray(String[]::new));
    }

    /** Runs the CLI with exactly these arguments. */
    static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code =
                DynoscopeCli.run(
                        args,
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        TestRepositories.SDK);
        return new Result(
                code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    record Result(int exitCode, String out, String err) {
        List<Item> items() {
            return out.lines().map(ItemJson.PLAIN::readItem).toList();
        }

        String lastErrLine() {
            List<String> lines = err.strip().lines().toList();
            return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
        }

        int requests() {
            Matcher matcher = REQUESTS.matcher(lastErrLine());
            assertTrue(matcher.matches(), "the last stderr line is the read statistics: " + err);
            return Integer.parseInt(matcher.group(1));
        }
    }
}

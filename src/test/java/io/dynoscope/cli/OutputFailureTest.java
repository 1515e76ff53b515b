package io.dynoscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.testsupport.TestEngine;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Standard output that fails: a full device (simulated by a stream whose writes throw, as writing
 * to /dev/full does) ends every command with a message and exit 1; a reader that goes away after
 * the first line ({@code | head -1}) stops the read at once, exit 141.
 */
class OutputFailureTest {

    private static final Pattern REQUESTS =
            Pattern.compile("^requests=(\\d+) consumed=\\S+ scanned=(\\d+) returned=(\\d+)$");
    // Three 1 MB pages at least: 1,800 items of about 2 KB.
    private static final int BIG_ITEMS = 1_800;

    private static String saas;
    private static String big;

    @BeforeAll
    static void seed() {
        saas = TestEngine.freshTable(SampleData.definition(Dataset.SAAS, "out-saas"));
        SampleTables.seed(TestEngine.repository(), Dataset.SAAS, saas);
        big = TestEngine.freshTable("out-big");
        List<Item> items = new ArrayList<>();
        String filler = "x".repeat(2_000);
        for (int i = 0; i < BIG_ITEMS; i++) {
            items.add(
                    Item.of(
                            Map.of(
                                    "pk", AttributeValue.s("P#" + i),
                                    "sk", AttributeValue.s("S"),
                                    "filler", AttributeValue.s(filler))));
        }
        TestEngine.repository().batchWrite(big, items, List.of(), Cancellation.none());
    }

    @Test
    void everyCommandThatWritesStdoutFailsOnAFullDevice() {
        List<List<String>> commands =
                List.of(
                        List.of("scan", "--table", saas),
                        List.of("query", "--table", saas, "--pk", "WS#acme"),
                        List.of(
                                "get",
                                "--table",
                                saas,
                                "--key",
                                "{\"EntityRef\": \"WS#acme\", \"Detail\": \"META\"}"),
                        List.of("scan", "--table", saas, "-o", "table"),
                        List.of("tables"),
                        List.of("describe", saas),
                        List.of("export", "--table", saas),
                        List.of("drift", "suggest", "--table", saas),
                        List.of("expr", "check", "--kind", "projection", "Detail"),
                        List.of("expr", "build", "--projection", "Detail"),
                        List.of("--help"));
        for (List<String> command : commands) {
            CliRun.Result result =
                    CliRun.atTestEngine(new FullDevice(), command.toArray(String[]::new));

            assertEquals(ExitCodes.SERVICE_ERROR, result.exitCode(), command + ": " + result.err());
            assertTrue(
                    result.err()
                            .contains(
                                    "cannot write to stdout (No space left on device); the output is incomplete"),
                    command + ": " + result.err());
        }
    }

    @Test
    void aPrintStreamThatSwallowsItsErrorsIsCheckedToo() {
        CliRun.Result result =
                CliRun.atTestEngine(
                        new PrintStream(new FullDevice(), true, StandardCharsets.UTF_8), "tables");

        assertEquals(ExitCodes.SERVICE_ERROR, result.exitCode(), result.err());
        assertEquals(
                "dynoscope tables: cannot write to stdout (the stream reported an error); "
                        + "the output is incomplete\n",
                result.err());
    }

    @Test
    void aReaderThatGoesAwayStopsTheScanAtOnce() {
        ClosingPipe pipe = new ClosingPipe();

        CliRun.Result result = CliRun.atTestEngine(pipe, "scan", "--table", big);

        assertEquals(ExitCodes.OUTPUT_CLOSED, result.exitCode(), result.err());
        assertEquals(141, result.exitCode());
        List<String> lines = result.err().lines().toList();
        assertEquals(2, lines.size(), result.err());
        assertEquals(
                "dynoscope scan: stdout was closed by its reader (Broken pipe); the output is incomplete",
                lines.get(1));
        Matcher statistics = REQUESTS.matcher(lines.get(0));
        assertTrue(statistics.matches(), result.err());
        // The first page (and at most the one requested ahead of it), not the whole table.
        assertTrue(Integer.parseInt(statistics.group(1)) <= 2, lines.get(0));
        assertTrue(Integer.parseInt(statistics.group(2)) < BIG_ITEMS, lines.get(0));
        assertTrue(pipe.firstLine().contains("\"pk\":\"P#"), "the reader got a whole item");
    }

    @Test
    void aReaderThatGoesAwayStopsAParallelScanToo() {
        CliRun.Result result =
                CliRun.atTestEngine(new ClosingPipe(), "scan", "--table", big, "--segments", "2");

        assertEquals(ExitCodes.OUTPUT_CLOSED, result.exitCode(), result.err());
        Matcher statistics = REQUESTS.matcher(result.err().lines().findFirst().orElseThrow());
        assertTrue(statistics.matches(), result.err());
        // Each segment (two pages of items) stops after its first request.
        assertTrue(Integer.parseInt(statistics.group(1)) <= 2, result.err());
        assertTrue(Integer.parseInt(statistics.group(2)) < BIG_ITEMS, result.err());
    }

    /** Writes fail as they do on /dev/full. */

    /** A pipe whose reader ({@code head -1}) exits after the first line. */
    private static final class ClosingPipe extends OutputStream {
        private final ByteArrayOutputStream received = new ByteArrayOutputStream();
        private boolean closed;

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (closed) {
                throw new IOException("Broken pipe");
            }
            received.write(b, off, len);
            // The reader takes what the pipe holds, then goes away once it has a line.
            closed = received.toString(StandardCharsets.UTF_8).contains("\n");
        }

        String firstLine() {
            return received.toString(StandardCharsets.UTF_8).lines().findFirst().orElse("");
        }
    }
}

package io.dynoscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.dynoscope.testsupport.GeneratedItems;
import io.dynoscope.testsupport.TestEngine;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Input without end is refused at a cap set by what DynamoDB could ever accept, saying where,
 * instead of running out of memory (issue 19 #8): /dev/zero as a file or on stdin, a small gzip
 * holding one huge line, for import, put, sql and model load.
 */
class UnboundedInputTest {

    private static final Path DEV_ZERO = Path.of("/dev/zero");

    @TempDir Path folder;

    private static String table;

    @BeforeAll
    static void createTable() {
        table = TestEngine.freshTable(GeneratedItems.table("cli-unbounded"));
    }

    @Test
    void importOfDevZeroStopsAtTheFirstLinesCap() {
        assumeTrue(Files.isReadable(DEV_ZERO));

        CliRun run =
                run(InputStream.nullInputStream(), "import", "--table", table, "--in", "/dev/zero");

        assertEquals(ExitCodes.USAGE, run.exitCode(), run.err());
        assertTrue(
                run.err()
                        .startsWith(
                                "/dev/zero: line 1: the line is longer than 4,096,000 characters,"
                                        + " more than the JSON of any item DynamoDB takes (an item"
                                        + " is at most 400 KB); the rest was not read\n"),
                run.err());
        assertEquals(Set.of(), TestEngine.items(table));
    }

    @Test
    void aSmallGzipHoldingOneHugeLineStopsAtTheCap() throws IOException {
        Path gzip = folder.resolve("bomb.json.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gzip))) {
            byte[] zeros = new byte[1 << 20];
            for (int i = 0; i < 64; i++) {
                out.write(zeros);
            }
        }
        assertTrue(Files.size(gzip) < 200_000, "64 MB in " + Files.size(gzip) + " bytes");

        CliRun run =
                run(
                        InputStream.nullInputStream(),
                        "import",
                        "--table",
                        table,
                        "--in",
                        gzip.toString());

        assertEquals(ExitCodes.USAGE, run.exitCode(), run.err());
        assertTrue(run.err().contains(": line 1: the line is longer than 4,096,000"), run.err());
        assertEquals(Set.of(), TestEngine.items(table));
    }

    @Test
    void endlessStdinIsRefusedAtTheCapAndItsCopyIsRemoved() throws IOException {
        Set<Path> before = spooled();

        CliRun run = run(new Zeros(), "import", "--table", table, "--in", "-");

        assertEquals(ExitCodes.USAGE, run.exitCode(), run.err());
        assertTrue(run.err().startsWith("stdin: line 1: the line is longer than"), run.err());
        assertEquals(before, spooled(), "the copy of stdin is removed");
    }

    @Test
    void putSqlAndModelLoadRefuseAFileOverTheirCap() {
        assumeTrue(Files.isReadable(DEV_ZERO));
        List<List<String>> commands =
                List.of(
                        List.of("put", "--table", table, "--file", "/dev/zero"),
                        List.of("sql", "--file", "/dev/zero"),
                        List.of("model", "load", "/dev/zero"),
                        List.of("put", "--table", table, "--file", "-"));

        for (List<String> command : commands) {
            CliRun run = run(new Zeros(), command.toArray(String[]::new));

            long cap = command.get(0).equals("model") ? 4L << 20 : 16L << 20;
            String where = command.contains("-") ? "stdin" : "/dev/zero";
            assertEquals(ExitCodes.USAGE, run.exitCode(), command + ": " + run.err());
            assertTrue(
                    run.err()
                            .contains(
                                    "cannot read "
                                            + where
                                            + ": it holds more than "
                                            + String.format(Locale.ROOT, "%,d", cap)
                                            + " bytes"),
                    command + ": " + run.err());
        }
        assertEquals(Set.of(), TestEngine.items(table));
    }

    // ---- helpers ---------------------------------------------------------------------------

    /** The copies of stdin that imports keep in the temporary folder. */
    private static Set<Path> spooled() throws IOException {
        try (Stream<Path> files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return Set.copyOf(
                    files.filter(p -> p.getFileName().toString().startsWith("dynoscope-"))
                            .filter(p -> p.getFileName().toString().endsWith(".input"))
                            .toList());
        }
    }

    /** /dev/zero as a stream: zeros without end. */
    private static final class Zeros extends InputStream {
        @Override
        public int read() {
            return 0;
        }

        @Override
        public int read(byte[] bytes, int offset, int length) {
            return length;
        }
    }

    private static CliRun run(InputStream stdin, String... args) {
        return CliRun.withStdin(stdin, args);
    }
}

package io.dynoscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.DynamoJsonLines;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemCsv;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.testsupport.GeneratedItems;
import io.dynoscope.testsupport.TestEngine;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Export, import and read-only connections on the command line, against the test engine, with every
 * call the command makes recorded.
 */
class TransferCliTest {

    private static final Set<String> WRITES =
            Set.of(
                    "putItem",
                    "updateItem",
                    "deleteItem",
                    "batchWrite",
                    "createTable",
                    "deleteTable",
                    "changeTable");

    private static String table;

    @TempDir Path folder;

    private final List<String> calls = Collections.synchronizedList(new ArrayList<>());

    @BeforeAll
    static void tableWithItems() {
        table = TestEngine.freshTable(GeneratedItems.table("cli-transfer"));
        TestEngine.repository()
                .batchWrite(table, GeneratedItems.items(100), List.of(), Cancellation.none());
    }

    /** Runs the CLI with every repository call recorded in {@link #calls}. */
    private CliRun cli(Map<String, String> environment, String... args) {
        Function<ConnectionSpec, DynamoRepository> repositories =
                spec -> recording(SdkDynamoRepository.connect(TestEngine.connection()));
        List<String> all = new ArrayList<>();
        if (!List.of(args).contains("--profile")) {
            all.addAll(List.of("--endpoint", TestEngine.endpoint().toString()));
        }
        all.addAll(List.of(args));
        return CliRun.run(environment, repositories, all);
    }

    private CliRun cli(String... args) {
        return cli(Map.of(), args);
    }

    private DynamoRepository recording(DynamoRepository delegate) {
        return (DynamoRepository)
                Proxy.newProxyInstance(
                        getClass().getClassLoader(),
                        new Class<?>[] {DynamoRepository.class},
                        (proxy, method, arguments) -> {
                            calls.add(method.getName());
                            try {
                                return method.invoke(delegate, arguments);
                            } catch (InvocationTargetException e) {
                                throw e.getCause();
                            }
                        });
    }

    private List<String> writesSent() {
        return calls.stream().filter(WRITES::contains).toList();
    }

    private List<String> requestsSent() {
        return calls.stream().filter(c -> !c.equals("close")).toList();
    }

    // ---- export ----------------------------------------------------------------------------

    @Test
    void anOutThatIsAFolderOrLacksItsFolderIsRefusedBeforeAnythingIsRead() {
        CliRun intoFolder = cli("export", "--table", table, "--out", folder.toString());
        CliRun noParent =
                cli(
                        "export",
                        "--table",
                        table,
                        "--out",
                        folder.resolve("missing/items.jsonl").toString());

        assertEquals(ExitCodes.USAGE, intoFolder.exitCode());
        assertTrue(intoFolder.err().contains("is a folder, not a file"), intoFolder.err());
        assertEquals(ExitCodes.USAGE, noParent.exitCode());
        assertTrue(noParent.err().contains("does not exist"), noParent.err());
        assertEquals(List.of(), requestsSent(), "nothing was read");
    }

    @Test
    void anExistingFileIsReplacedWholeAndKeepsItsMode() throws IOException {
        assumeTrue(folder.getFileSystem().supportedFileAttributeViews().contains("posix"));
        Path file = folder.resolve("items.jsonl");
        Files.writeString(file, "old");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        Path link = Files.createSymbolicLink(folder.resolve("link.jsonl"), file.getFileName());

        CliRun result = cli("export", "--table", table, "--out", link.toString());

        assertEquals(0, result.exitCode(), result.err());
        assertTrue(Files.isSymbolicLink(link));
        assertEquals(
                "rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        Set<Item> exported =
                Files.readAllLines(file).stream()
                        .map(line -> DynamoJsonLines.parseLine(line, 1))
                        .collect(Collectors.toSet());
        assertEquals(new HashSet<>(GeneratedItems.items(100)), exported);
        try (Stream<Path> files = Files.list(folder)) {
            assertEquals(2, files.count(), "no .part file is left");
        }
    }

    @Test
    void aFifoIsWrittenThroughAndStaysAFifo() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/mkfifo")));
        Path fifo = folder.resolve("pipe");
        assertEquals(0, new ProcessBuilder("/usr/bin/mkfifo", fifo.toString()).start().waitFor());
        CompletableFuture<List<String>> reader =
                CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return Files.readAllLines(fifo);
                            } catch (IOException e) {
                                throw new IllegalStateException(e);
                            }
                        });

        CliRun result = cli("export", "--table", table, "--out", fifo.toString());

        assertEquals(0, result.exitCode(), result.err());
        assertEquals(100, reader.get(30, TimeUnit.SECONDS).size());
        assertFalse(Files.isRegularFile(fifo, LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void csvEscapesWhatASpreadsheetWouldRunAsAFormula() {
        String formulas = TestEngine.freshTable("cli-formulas");
        TestEngine.repository()
                .putItem(
                        formulas,
                        Item.of(
                                Map.of(
                                        "pk", AttributeValue.s("=HYPERLINK(\"http://x\")"),
                                        "sk", AttributeValue.s("@SUM(A1)"),
                                        "n", AttributeValue.n("-5"))),
                        null);

        CliRun csv = cli("export", "--table", formulas, "--format", "csv");

        assertEquals(0, csv.exitCode(), csv.err());
        assertEquals(
                List.of("pk (S),sk (S),n (N)", "\"'=HYPERLINK(\"\"http://x\"\")\",'@SUM(A1),-5"),
                csv.out().lines().toList());
    }

    @Test
    void aCsvExportImportsBackIdenticalWithoutAMapping() throws IOException {
        String source = TestEngine.freshTable(GeneratedItems.table("cli-csv-from"));
        String target = TestEngine.freshTable(GeneratedItems.table("cli-csv-to"));
        List<String> lookalikes =
                List.of(
                        "{\"S\":\"x\"}",
                        "{\"N\":\"1\"}",
                        "{\"NULL\":true}",
                        "{\"M\":{}}",
                        "{\"SS\":[\"a\"]}",
                        "1",
                        "true");
        List<Item> items = new ArrayList<>();
        for (Item generated : GeneratedItems.items(300)) {
            String lookalike = lookalikes.get(items.size() % lookalikes.size());
            items.add(
                    generated
                            .with("lookalike", AttributeValue.s(lookalike))
                            .with(
                                    "mixed",
                                    items.size() % 2 == 0
                                            ? AttributeValue.s(lookalike)
                                            : AttributeValue.n(items.size())));
        }
        TestEngine.repository().batchWrite(source, items, List.of(), Cancellation.none());
        Path csv = folder.resolve("round-trip.csv");

        CliRun exported =
                cli("export", "--table", source, "--format", "csv", "--out", csv.toString());
        CliRun imported =
                cli("import", "--table", target, "--format", "csv", "--in", csv.toString());

        assertEquals(0, exported.exitCode(), exported.err());
        assertEquals(0, imported.exitCode(), imported.err());
        assertEquals(new HashSet<>(items), TestEngine.items(target));
    }

    // ---- import ----------------------------------------------------------------------------

    @Test
    void aCsvIsPreviewedThenImportedWithItsMapping() throws IOException {
        String target = TestEngine.freshTable(GeneratedItems.table("cli-csv"));
        List<Item> items = GeneratedItems.items(40);
        Path csv = folder.resolve("items.csv");
        Files.writeString(csv, ItemCsv.write(items, GeneratedItems.KEYS));

        CliRun preview =
                cli(
                        "import",
                        "--table",
                        target,
                        "--format",
                        "csv",
                        "--in",
                        csv.toString(),
                        "--map",
                        "n38:N",
                        "--map",
                        "flag:BOOL",
                        "--preview",
                        "2",
                        "-o",
                        "dynamodb-json");
        assertEquals(0, preview.exitCode(), preview.err());
        assertEquals(2, preview.out().lines().count());
        assertEquals(Set.of(), TestEngine.items(target));

        CliRun imported =
                cli(
                        "import",
                        "--table",
                        target,
                        "--format",
                        "csv",
                        "--in",
                        csv.toString(),
                        "--map",
                        "n38:N",
                        "--map",
                        "flag:BOOL");

        assertEquals(0, imported.exitCode(), imported.err());
        assertTrue(imported.err().contains("imported 40 items into table"), imported.err());
        assertTrue(
                imported.lastErrLine().matches("requests=\\d+ consumed=\\S+ written=40"),
                imported.lastErrLine());
        assertEquals(new HashSet<>(items), TestEngine.items(target));
        assertFalse(Files.exists(Path.of(csv + ".import-journal")));
    }

    @Test
    void aKeyOverItsLimitOnLine4000StopsTheImportBeforeAnyWrite() throws IOException {
        String target = TestEngine.freshTable(GeneratedItems.table("cli-limit"));
        StringBuilder lines = new StringBuilder();
        List<Item> items = GeneratedItems.items(5_000);
        for (int i = 0; i < items.size(); i++) {
            Item item =
                    i == 3_999
                            ? items.get(i).with("pk", AttributeValue.s("k".repeat(3_000)))
                            : items.get(i);
            lines.append(DynamoJsonLines.line(item)).append('\n');
        }
        Path input = folder.resolve("limit.jsonl");
        Files.writeString(input, lines);

        CliRun result = cli("import", "--table", target, "--in", input.toString());

        assertEquals(ExitCodes.USAGE, result.exitCode());
        assertTrue(
                result.err().contains(input + ": line 4000: pk: the partition key is 3000 bytes"),
                result.err());
        assertTrue(
                result.lastErrLine().endsWith("1 bad line in " + input + "; nothing was imported"));
        assertEquals(List.of(), writesSent());
        assertEquals(Set.of(), TestEngine.items(target));
    }

    // ---- read-only -------------------------------------------------------------------------

    @Test
    void readOnlyRefusesEveryWriteWithExit4BeforeAnythingIsSent() throws IOException {
        Path input = folder.resolve("one.jsonl");
        Files.writeString(input, DynamoJsonLines.line(GeneratedItems.item(1_000)) + "\n");
        String item = "{\"pk\": \"P#ro\", \"sk\": 1}";

        CliRun seed = cli("--read-only", "seed", "--dataset", "blog", "--table", "ro-blog");
        List<String> afterItemWrites = List.copyOf(writesSent());
        calls.clear();
        CliRun put = cli("--read-only", "put", "--table", table, "--item", item);
        CliRun delete = cli("--read-only", "delete", "--table", table, "--key", item);
        CliRun imported = cli("--read-only", "import", "--table", table, "--in", input.toString());
        CliRun created = cli("--read-only", "table", "create", "--table", "ro-new", "--pk", "id:S");
        CliRun deleted =
                cli("--read-only", "table", "delete", "--table", table, "--confirm", table);
        CliRun cloned = cli("--read-only", "clone", "--table", table, "--to-table", "ro-copy");

        for (CliRun refused : List.of(put, delete, seed, imported, created, deleted, cloned)) {
            assertEquals(ExitCodes.READ_ONLY, refused.exitCode(), refused.err());
            assertTrue(
                    refused.lastErrLine()
                            .contains(
                                    "refused: the connection is read-only (--read-only was given);"
                                            + " nothing was sent"),
                    refused.lastErrLine());
        }
        assertEquals(List.of(), afterItemWrites, "no write reached the engine");
        assertEquals(
                List.of(),
                requestsSent(),
                "put, delete, import, table and clone refuse before reading");
        assertFalse(Files.exists(Path.of(input + ".import-journal")));
        assertEquals(100, TestEngine.items(table).size());
        assertFalse(TestEngine.repository().listTables().contains("ro-new"));
    }

    @Test
    void aProductionProfileIsReadOnlyUntilTheUserSaysOtherwise() {
        String item = "{\"pk\": \"P#prod\", \"sk\": 2}";

        CliRun refused = cli("--profile", "acme-prod", "put", "--table", table, "--item", item);
        CliRun allowed =
                cli(
                        "--profile",
                        "acme-prod",
                        "--read-write",
                        "put",
                        "--table",
                        table,
                        "--item",
                        item);
        CliRun otherPatterns =
                cli(
                        Map.of("DYNOSCOPE_READ_ONLY_PROFILES", "*live*, audit"),
                        "--profile",
                        "acme-prod",
                        "delete",
                        "--table",
                        table,
                        "--key",
                        item);

        assertEquals(ExitCodes.READ_ONLY, refused.exitCode());
        assertEquals(
                "dynoscope put: PutItem on table '"
                        + table
                        + "' refused: the connection is read-only (profile 'acme-prod' matches the"
                        + " read-only pattern '*prod*'; give --read-write to write through it);"
                        + " nothing was sent",
                refused.lastErrLine());
        assertEquals(0, allowed.exitCode(), allowed.err());
        assertTrue(
                allowed.lastErrLine().matches("requests=1 consumed=\\S+ written=1"),
                allowed.lastErrLine());
        assertEquals(0, otherPatterns.exitCode(), otherPatterns.err());
        assertEquals(List.of("putItem", "deleteItem"), writesSent());
    }
}

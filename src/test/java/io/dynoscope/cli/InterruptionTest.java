package io.dynoscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.dynoscope.app.Launcher;
import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.DynamoJsonLines;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.model.ModelDocument;
import io.dynoscope.core.model.ModelFiles;
import io.dynoscope.core.model.ModelJson;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.service.store.BatchResult;
import io.dynoscope.service.store.ForwardingRepository;
import io.dynoscope.service.store.ScanSpec;
import io.dynoscope.service.store.WriteOutcome;
import io.dynoscope.testsupport.GatedEndpoint;
import io.dynoscope.testsupport.GeneratedItems;
import io.dynoscope.testsupport.MigrationFixture;
import io.dynoscope.testsupport.TestEngine;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C and SIGTERM during an import and an export, sent to a real {@code dynoscope} process while
 * a request of its waits at a {@link GatedEndpoint}: what was done is printed, no {@code .part}
 * file is left, the exit code is the signal's, and the import resumes from there.
 */
class InterruptionTest {

    @TempDir Path folder;

    private static boolean unix() {
        return Files.isExecutable(Path.of("/bin/kill"));
    }

    private static Process start(Path folder, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Launcher.class.getName());
        command.addAll(List.of(args));
        return new ProcessBuilder(command)
                .directory(folder.toFile())
                .redirectOutput(folder.resolve("stdout.txt").toFile())
                .redirectError(folder.resolve("stderr.txt").toFile())
                .start();
    }

    private static int exit(Process process) throws InterruptedException {
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the process ended");
        return process.exitValue();
    }

    /**
     * Runs the command in a process of its own until its {@code nth} {@code request} is held at a
     * {@link GatedEndpoint}, sends SIGTERM, lets the held request finish once the command took the
     * signal, and returns what it printed on stderr; it must end with SIGTERM's code.
     */
    private String terminatedWhileHeld(String request, int nth, String... args) throws Exception {
        try (GatedEndpoint gated = new GatedEndpoint(TestEngine.endpoint(), request, nth)) {
            List<String> command =
                    new ArrayList<>(List.of("--endpoint", gated.endpoint().toString()));
            command.addAll(List.of(args));
            Process process = start(folder, command.toArray(String[]::new));
            assertTrue(
                    gated.awaitGatedRequest(Duration.ofSeconds(90)),
                    request + " " + nth + " is sent");
            process.destroy(); // SIGTERM
            awaitShutdown(process);
            gated.open();

            assertEquals(ExitCodes.TERMINATED, exit(process));
        }
        return Files.readString(folder.resolve("stderr.txt"));
    }

    /** Whether this process ignores SIGINT, which a command it starts then ignores too. */
    private static boolean sigintIgnored() throws IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.exists(status)) {
            return false;
        }
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("SigIgn:")) {
                long ignored = Long.parseUnsignedLong(line.substring(7).strip(), 16);
                return (ignored & (1L << (2 - 1))) != 0; // SIGINT is signal 2
            }
        }
        return false;
    }

    /**
     * Waits until the command has taken the signal (its shutdown hook's thread runs) before the
     * held request may finish: on a loaded machine a fixed pause let the request finish first.
     */
    private static void awaitShutdown(Process process) throws Exception {
        Path threads = Path.of("/proc", Long.toString(process.pid()), "task");
        if (!Files.isDirectory(threads)) {
            Thread.sleep(1_000); // no /proc (macOS): a pause is the best there is
            return;
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline && process.isAlive()) {
            try (Stream<Path> tasks = Files.list(threads)) {
                // a thread's name is cut at 15 characters in /proc
                boolean hooked =
                        tasks.anyMatch(
                                t -> {
                                    try {
                                        return Files.readString(t.resolve("comm"))
                                                .startsWith("dynoscope-inter");
                                    } catch (IOException e) {
                                        return false; // the thread ended meanwhile
                                    }
                                });
                if (hooked) {
                    return;
                }
            } catch (IOException e) {
                return; // the process ended
            }
            Thread.sleep(20);
        }
    }

    @Test
    void sigtermDuringAnImportSaysWhatWasWrittenAndTheImportResumes() throws Exception {
        assumeTrue(unix());
        String table = TestEngine.freshTable(GeneratedItems.table("signal-import"));
        List<Item> items = GeneratedItems.items(500);
        Path input = folder.resolve("items.jsonl");
        StringBuilder lines = new StringBuilder();
        items.forEach(item -> lines.append(DynamoJsonLines.line(item)).append('\n'));
        Files.writeString(input, lines);

        String err =
                terminatedWhileHeld(
                        "BatchWriteItem",
                        3,
                        "import",
                        "--table",
                        table,
                        "--in",
                        input.toString(),
                        "--concurrency",
                        "1");
        assertTrue(
                err.contains(
                        "interrupted: wrote 75 of 500 items into table '"
                                + table
                                + "', the last from line 75 (last key {\"pk\":\"P#74\",\"sk\":"),
                err);
        assertTrue(
                err.contains(
                        "run the same command with --resume to write the rest (journal "
                                + input
                                + ".import-journal)"),
                err);

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream resumedErr = new ByteArrayOutputStream();
        int resumed =
                DynoscopeCli.run(
                        new String[] {
                            "--endpoint",
                            TestEngine.endpoint().toString(),
                            "import",
                            "--table",
                            table,
                            "--in",
                            input.toString(),
                            "--resume"
                        },
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(resumedErr, true, StandardCharsets.UTF_8),
                        TestRepositories.SDK);

        assertEquals(0, resumed, resumedErr.toString(StandardCharsets.UTF_8));
        assertTrue(
                resumedErr
                        .toString(StandardCharsets.UTF_8)
                        .contains(
                                "imported 425 items into table '"
                                        + table
                                        + "' in 17 requests; 75 were written by the earlier run"),
                resumedErr.toString(StandardCharsets.UTF_8));
        assertEquals(500, scan(table).size());
    }

    @Test
    void ctrlCDuringAnExportLeavesTheOldFileAndNoPartialOne() throws Exception {
        assumeTrue(unix());
        assumeFalse(
                sigintIgnored(),
                "SIGINT is ignored by this process (the suite runs as a background job of a"
                        + " non-interactive shell), and the command it starts inherits that");
        String table = TestEngine.freshTable(GeneratedItems.table("signal-export"));
        List<Item> items = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            // 10 KB each, so the Scan takes two pages of 1 MB or more
            items.add(GeneratedItems.item(i).with("padding", AttributeValue.s("x".repeat(10_000))));
        }
        TestEngine.repository().batchWrite(table, items, List.of(), Cancellation.none());
        Path file = folder.resolve("export.jsonl");
        Files.writeString(file, "the previous export\n");

        try (GatedEndpoint gated = new GatedEndpoint(TestEngine.endpoint(), "Scan", 2)) {
            Process process =
                    start(
                            folder,
                            "--endpoint",
                            gated.endpoint().toString(),
                            "export",
                            "--table",
                            table,
                            "--out",
                            file.toString());
            assertTrue(gated.awaitGatedRequest(Duration.ofSeconds(60)), "the second page is asked");
            new ProcessBuilder("/bin/kill", "-INT", Long.toString(process.pid())).start().waitFor();
            awaitShutdown(process);
            gated.open();

            assertEquals(ExitCodes.INTERRUPTED, exit(process));
        }
        String err = Files.readString(folder.resolve("stderr.txt"));
        assertTrue(
                err.matches(
                        "(?s).*interrupted: nothing was written to "
                                + file
                                + "; \\d+ items had been read \\(last key \\{\"pk\":\"P#\\d+\",\"sk\":\\d+}\\)\\R"),
                err);
        assertEquals("the previous export\n", Files.readString(file));
        try (Stream<Path> left = Files.list(folder)) {
            assertEquals(
                    List.of("export.jsonl", "stderr.txt", "stdout.txt"),
                    left.map(p -> p.getFileName().toString()).sorted().toList(),
                    "no .part file is left");
        }
    }

    /**
     * Issue 33, item 5: SIGTERM while {@code model load --with-data} writes its third batch. What
     * was written is said; the same command with {@code --resume} writes exactly the items the
     * table lacks (counted at the repository, so none twice) and leaves the model's items.
     */
    @Test
    void sigtermDuringAModelLoadSaysWhatWasLeftAndResumeFinishesItWritingNothingTwice()
            throws Exception {
        assumeTrue(unix());
        String table = TestEngine.uniqueTableName("signal-load");
        List<Item> items = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            items.add(
                    Item.of(
                            Map.of(
                                    "EntityRef", AttributeValue.s("WS#w" + i),
                                    "Detail", AttributeValue.s("META"),
                                    "name", AttributeValue.s("workspace " + i))));
        }
        TableDesign saas =
                ModelFiles.read(
                                new String(
                                        InterruptionTest.class
                                                .getResourceAsStream(
                                                        "/io/dynoscope/service/model/saas-model.json")
                                                .readAllBytes(),
                                        StandardCharsets.UTF_8))
                        .document()
                        .tables()
                        .get(0);
        TableDesign design =
                saas.withModel(saas.model().with(b -> b.table(table))).withItems(items);
        Path model = folder.resolve("model.json");
        Files.writeString(model, ModelJson.write(ModelDocument.of(design)));

        String err =
                terminatedWhileHeld(
                        "BatchWriteItem", 3, "model", "load", model.toString(), "--with-data");
        assertTrue(
                err.strip()
                        .endsWith(
                                "interrupted: left: table '"
                                        + table
                                        + "' holds 75 of its 200 items; run the same command with"
                                        + " --resume to finish the load (nothing is written twice),"
                                        + " or delete '"
                                        + table
                                        + "' (dynoscope table delete --table "
                                        + table
                                        + ") to start again"),
                err);

        CliRun plain =
                CliRun.run(
                        Map.of(),
                        null,
                        List.of(
                                "--endpoint",
                                TestEngine.endpoint().toString(),
                                "model",
                                "load",
                                model.toString(),
                                "--with-data"));
        List<Item> written = new ArrayList<>();
        Item[] foreign = new Item[1];
        CliRun resumed =
                CliRun.run(
                        Map.of(),
                        spec ->
                                new ForwardingRepository(SdkDynamoRepository.connect(spec)) {
                                    @Override
                                    public WriteOutcome putItem(
                                            String table, Item item, CompiledExpression condition) {
                                        if (written.isEmpty()) {
                                            // another writer takes the first missing key after
                                            // the check: the resume must leave its item alone
                                            foreign[0] = foreignVersionOf(item);
                                            TestEngine.repository()
                                                    .putItem(table, foreign[0], null);
                                        }
                                        written.add(item);
                                        return super.putItem(table, item, condition);
                                    }

                                    @Override
                                    public BatchResult batchWrite(
                                            String table,
                                            List<Item> puts,
                                            List<Key> deletes,
                                            Cancellation cancellation) {
                                        throw new AssertionError(
                                                "a resume writes no unguarded batch");
                                    }
                                },
                        List.of(
                                "--endpoint",
                                TestEngine.endpoint().toString(),
                                "model",
                                "load",
                                model.toString(),
                                "--with-data",
                                "--resume"));

        assertEquals(ExitCodes.CONDITION_FAILED, plain.exitCode(), plain.err());
        assertTrue(plain.err().contains("run the command again with --resume"), plain.err());
        assertEquals(ExitCodes.OK, resumed.exitCode(), resumed.err());
        assertTrue(
                resumed.err()
                        .contains(
                                "finished "
                                        + table
                                        + "; wrote 124 of 200 items in 125 conditional PutItem"
                                        + " requests; 76 were already there"),
                resumed.err());
        assertEquals(125, written.size());
        assertEquals(125, written.stream().map(Item::attributes).distinct().count());
        Set<Item> expected = new HashSet<>(items);
        expected.remove(written.get(0));
        expected.add(foreign[0]);
        assertEquals(expected, Set.copyOf(scan(table)));
    }

    private static Item foreignVersionOf(Item item) {
        Map<String, AttributeValue> attributes = new HashMap<>(item.attributes());
        attributes.put("name", AttributeValue.s("written by another application"));
        return Item.of(attributes);
    }

    private static List<Item> scan(String table) {
        List<Item> inTable = new ArrayList<>();
        TestEngine.repository()
                .scan(
                        ScanSpec.table(table),
                        page -> inTable.addAll(page.items()),
                        Cancellation.none());
        return inTable;
    }

    /**
     * Issue 33, item 15: SIGTERM while a migration's backfill holds its 40th UpdateItem. The line
     * the signal prints says how many items were written, and that count is what the table shows
     * (items whose computed attributes became right).
     */
    @Test
    void sigtermDuringAMigrationSaysHowManyItemsWereWritten() throws Exception {
        assumeTrue(unix());
        String table = MigrationFixture.table("signal-migrate");
        MigrationFixture.load(TestEngine.repository(), table, MigrationFixture.items(4));
        long rightBefore = rightItems(table);
        Path current =
                Files.writeString(
                        folder.resolve("current.json"),
                        MigrationFixture.forTable(MigrationFixture.CURRENT, table));
        Path target =
                Files.writeString(
                        folder.resolve("target.json"),
                        MigrationFixture.forTable(MigrationFixture.TARGET, table));

        String err =
                terminatedWhileHeld(
                        "UpdateItem",
                        40,
                        "model",
                        "migrate",
                        "--table",
                        table,
                        "--to",
                        target.toString(),
                        "--from",
                        current.toString(),
                        "--yes",
                        "--concurrency",
                        "1");

        Matcher said =
                Pattern.compile(
                                "interrupted: stopped during backfill: \\d+ Scan segments; (\\d+)"
                                        + " items written by this run; run the same command with"
                                        + " --resume to go on \\(journal .*\\)\\R?$")
                        .matcher(err);
        assertTrue(said.find(), err);
        long written = Long.parseLong(said.group(1));
        assertTrue(written >= 39, err);
        assertEquals(rightItems(table) - rightBefore, written, err);
    }

    /** Items whose computed attributes are what the target's templates give. */
    private static long rightItems(String table) {
        return MigrationFixture.byKey(TestEngine.repository(), table).values().stream()
                .filter(
                        item ->
                                MigrationFixture.computedIn(item)
                                        .equals(MigrationFixture.expectedComputed(item)))
                .count();
    }
}

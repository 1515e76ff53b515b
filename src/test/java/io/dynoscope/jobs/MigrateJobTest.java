package io.dynoscope.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dynoscope.cli.DynoscopeCli;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.repository.SdkRepositories;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.ForwardingRepository;
import io.dynoscope.service.store.UpdateSpec;
import io.dynoscope.service.store.WriteOutcome;
import io.dynoscope.testsupport.MigrationFixture;
import io.dynoscope.testsupport.OtherApplication;
import io.dynoscope.testsupport.TestEngine;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The migrate job in Spark's local mode against the test engine: it leaves the same table, item for
 * item, and the same report as {@code dynoscope model migrate} on an identical copy; a task that
 * fails mid-way through its segments is run again by Spark without writing any item twice.
 */
class MigrateJobTest {

    /** Workspaces of the migration fixture: 50 items each. */
    private static final int WORKSPACES = 60;

    private static final ObjectMapper JSON = new ObjectMapper();

    private final DynamoRepository engine = TestEngine.repository();

    @TempDir Path folder;

    @AfterEach
    void noHook() {
        JobConnection.taskHook = UnaryOperator.identity();
    }

    @Test
    void theJobLeavesTheSameTableAndTheSameReportAsTheDesktop() throws IOException {
        List<Item> items = MigrationFixture.items(WORKSPACES);
        String desktop = MigrationFixture.table("job-desktop");
        String job = MigrationFixture.table("job-spark");
        MigrationFixture.load(engine, desktop, items);
        MigrationFixture.load(engine, job, items);

        ByteArrayOutputStream desktopErr = new ByteArrayOutputStream();
        int desktopExit =
                DynoscopeCli.run(
                        migrateArgs(desktop, "--yes", "--concurrency", "2"),
                        new ByteArrayOutputStream(),
                        new PrintStream(desktopErr, true, StandardCharsets.UTF_8),
                        new SdkRepositories());
        assertEquals(0, desktopExit, desktopErr.toString(StandardCharsets.UTF_8));
        Run run = job(migrateArgs(job, "--tasks", "2"));
        assertEquals(0, run.exitCode(), run.err());

        Map<String, Item> desktopItems = MigrationFixture.byKey(engine, desktop);
        Map<String, Item> jobItems = MigrationFixture.byKey(engine, job);
        assertEquals(items.size(), jobItems.size());
        assertEquals(desktopItems, jobItems);
        assertEquals(comparable(report(desktop), desktop), comparable(report(job), job));
    }

    /**
     * Another application changes and deletes the same items of both copies, in the same order,
     * while each migration runs: both copies end the same, item for item, with the application's
     * last values and every computed attribute agreeing with them.
     */
    @Test
    void withAWriterMeanwhileTheJobAndTheDesktopEndTheSame() throws Exception {
        List<Item> items = MigrationFixture.items(WORKSPACES);
        String desktop = MigrationFixture.table("job-writer-desktop");
        String job = MigrationFixture.table("job-writer-spark");
        MigrationFixture.load(engine, desktop, items);
        MigrationFixture.load(engine, job, items);
        List<Key> keys = items.stream().map(MigrationFixture.KEYS::keyOf).toList();

        Writer desktopWriter = writer(desktop, keys);
        int desktopExit =
                DynoscopeCli.run(
                        migrateArgs(desktop, "--yes", "--concurrency", "2"),
                        new ByteArrayOutputStream(),
                        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                        new SdkRepositories());
        Writer jobWriter = writer(job, keys);
        Run run = job(migrateArgs(job, "--tasks", "2"));
        desktopWriter.finish();
        jobWriter.finish();

        assertEquals(0, desktopExit);
        assertEquals(0, run.exitCode(), run.err());
        Map<String, Item> desktopItems = MigrationFixture.byKey(engine, desktop);
        Map<String, Item> jobItems = MigrationFixture.byKey(engine, job);
        assertEquals(desktopItems, jobItems);
        Map<String, Item> expected = jobWriter.application().expected();
        assertEquals(expected.keySet(), jobItems.keySet());
        for (Map.Entry<String, Item> item : jobItems.entrySet()) {
            assertEquals(
                    MigrationFixture.otherAttributes(expected.get(item.getKey())),
                    MigrationFixture.otherAttributes(item.getValue()),
                    item.getKey());
            assertEquals(
                    MigrationFixture.expectedComputed(item.getValue()),
                    MigrationFixture.computedIn(item.getValue()),
                    item.getKey());
        }
        assertTrue(jobWriter.application().writes() > 400, "the application wrote meanwhile");
    }

    /**
     * A writer thread changing every 7th item and deleting every 31st of {@code table}, in order.
     */
    private Writer writer(String table, List<Key> keys) {
        OtherApplication application =
                new OtherApplication(engine, table, MigrationFixture.byKey(engine, table));
        Thread thread =
                new Thread(
                        () -> {
                            for (int i = 0; i < keys.size(); i++) {
                                if (i % 31 == 0) {
                                    application.delete(keys.get(i));
                                } else if (i % 7 == 0) {
                                    application.changeStatus(keys.get(i));
                                }
                            }
                        },
                        "other-app-" + table);
        thread.start();
        return new Writer(application, thread);
    }

    private record Writer(OtherApplication application, Thread thread) {
        void finish() throws InterruptedException {
            thread.join();
        }
    }

    @Test
    void aTaskThatFailsMidWayIsRunAgainWithoutWritingAnyItemTwice() throws IOException {
        List<Item> items = MigrationFixture.items(WORKSPACES);
        String table = MigrationFixture.table("job-retried");
        MigrationFixture.load(engine, table, items);
        Map<String, Integer> writes = new ConcurrentHashMap<>();
        AtomicInteger written = new AtomicInteger();
        AtomicBoolean failed = new AtomicBoolean();
        JobConnection.taskHook =
                repository ->
                        new ForwardingRepository(repository) {
                            @Override
                            public WriteOutcome updateItem(UpdateSpec update) {
                                WriteOutcome outcome = super.updateItem(update);
                                if (outcome instanceof WriteOutcome.Written) {
                                    writes.merge(update.key().text(), 1, Integer::sum);
                                    // the write took effect, then the task dies before its tally
                                    if (written.incrementAndGet() == 100
                                            && failed.compareAndSet(false, true)) {
                                        throw new IllegalStateException("injected task failure");
                                    }
                                }
                                return outcome;
                            }
                        };

        Run run = job(migrateArgs(table, "--tasks", "2"));

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(failed.get(), "the failure was injected");
        Map<String, Item> after = MigrationFixture.byKey(engine, table);
        long needWrite =
                items.stream()
                        .filter(
                                i ->
                                        !MigrationFixture.expectedComputed(i)
                                                .equals(MigrationFixture.computedIn(i)))
                        .count();
        assertEquals(needWrite, writes.size(), "every item that needed a write got one");
        assertEquals(
                Map.of(),
                new TreeMap<>(writes)
                        .entrySet().stream()
                                .filter(e -> e.getValue() > 1)
                                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)),
                "no item written twice");
        for (Item item : after.values()) {
            assertEquals(
                    MigrationFixture.expectedComputed(item), MigrationFixture.computedIn(item));
        }
        JsonNode report = report(table);
        assertEquals("PROVEN", report.get("outcome").asText());
    }

    @Test
    void aReadOnlyConnectionIsRefusedBeforeAnythingIsRead() throws IOException {
        List<Item> items = MigrationFixture.items(2);
        String table = MigrationFixture.table("job-read-only");
        MigrationFixture.load(engine, table, items);
        Map<String, Item> before = MigrationFixture.byKey(engine, table);
        List<String> args = new ArrayList<>(List.of(migrateArgs(table)));
        args.add(0, "--read-only");

        Run run = job(args.toArray(String[]::new));

        assertEquals(4, run.exitCode(), run.err());
        assertTrue(run.err().contains("read-only"), run.err());
        assertEquals(before, MigrationFixture.byKey(engine, table));
        assertFalse(Files.exists(folder.resolve(table + ".report.json")));
    }

    private String[] migrateArgs(String table, String... more) throws IOException {
        Path target = folder.resolve(table + ".json");
        Path current = folder.resolve(table + ".current.json");
        Files.writeString(target, MigrationFixture.forTable(MigrationFixture.TARGET, table));
        Files.writeString(current, MigrationFixture.forTable(MigrationFixture.CURRENT, table));
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "--endpoint",
                                TestEngine.endpoint().toString(),
                                "model",
                                "migrate",
                                "--table",
                                table,
                                "--to",
                                target.toString(),
                                "--from",
                                current.toString(),
                                "--report",
                                folder.resolve(table + ".report.json").toString()));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    private record Run(int exitCode, String err) {}

    /**
     * The same arguments to the job: its verb is {@code migrate} where the CLI's is {@code model
     * migrate}.
     */
    private static Run job(String[] cliArgs) {
        List<String> args = new ArrayList<>(List.of(cliArgs));
        args.remove("model");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code =
                JobMain.run(
                        SparkForTests.spark(),
                        System.out,
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        args.toArray(String[]::new));
        return new Run(code, err.toString(StandardCharsets.UTF_8));
    }

    private JsonNode report(String table) throws IOException {
        return JSON.readTree(folder.resolve(table + ".report.json").toFile());
    }

    /** A report without what differs between two runs on two tables: names, paths and times. */
    private static String comparable(JsonNode report, String table) {
        ObjectNode copy = report.deepCopy();
        copy.remove(List.of("table", "target", "started", "seconds"));
        return copy.toPrettyString().replace(table, "TABLE");
    }
}

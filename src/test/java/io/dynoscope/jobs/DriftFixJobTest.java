package io.dynoscope.jobs;

import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.cli.DynoscopeCli;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.repository.SdkRepositories;
import io.dynoscope.service.job.JobProgress;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.ForwardingRepository;
import io.dynoscope.service.store.UpdateSpec;
import io.dynoscope.service.store.WriteOutcome;
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
 * The drift-fix job in Spark's local mode against the test engine: it finds the same drift, plans
 * the same writes and leaves the same table and report as {@code dynoscope drift fix} on an
 * identical copy; a copy another application changes or deletes between the scan and the write is
 * left alone and reported, and no copy is written twice.
 */
class DriftFixJobTest {

    private static final KeySchema KEYS = KeySchema.of("pk", "sk");
    private static final int USERS = 60;
    private static final int POSTS = 600;

    /** Posts copy their author's name: a rule file, in the desktop's format. */
    private static final String RULES =
            """
            {"version": 1, "rules": [{"name": "authorName",
              "source": {"partitionKey": "USER#{id}", "sortKey": "META", "attribute": "name"},
              "copies": {"lookup": "SCAN", "reference": {"attribute": "authorId", "patterns": ["U#{id}"]},
                         "attribute": "authorName"}}]}
            """;

    private final DynamoRepository engine = TestEngine.repository();

    @TempDir Path folder;

    @AfterEach
    void noHook() {
        JobConnection.taskHook = UnaryOperator.identity();
    }

    /**
     * Users and their posts; every 7th post's copy drifted, one post's author is missing, and one
     * user copies another's name.
     */
    private static List<Item> items() {
        List<Item> items = new ArrayList<>();
        for (int u = 0; u < USERS; u++) {
            Item user = Item.of(Map.of("pk", s("USER#" + u), "sk", s("META"), "name", s(name(u))));
            // a user who is a source and, of another user's name, a drifted copy
            items.add(
                    u == 5 ? user.with("authorId", s("U#3")).with("authorName", s("Old 3")) : user);
        }
        for (int p = 0; p < POSTS; p++) {
            int author = p % USERS;
            items.add(
                    Item.of(
                            Map.of(
                                    "pk", s("POST#" + p),
                                    "sk", s("META"),
                                    "authorId", s("U#" + author),
                                    "authorName", s(p % 7 == 0 ? "Old " + author : name(author)),
                                    "body", s("text " + p))));
        }
        items.add(
                Item.of(
                        Map.of(
                                "pk", s("POST#orphan"),
                                "sk", s("META"),
                                "authorId", s("U#999"),
                                "authorName", s("Nobody"))));
        return items;
    }

    private static String name(int user) {
        return "User " + user;
    }

    private String table(String prefix) {
        String table = TestEngine.freshTable(prefix);
        engine.batchWrite(table, items(), List.of(), Cancellation.none());
        return table;
    }

    @Test
    void theJobPlansAndWritesWhatTheDesktopDoes() throws IOException {
        String desktop = table("drift-job-desktop");
        String job = table("drift-job-spark");

        Run desktopPlan =
                desktop("drift", "fix", "--table", desktop, "--rule", rules(), "--dry-run");
        Run jobPlan = job("drift-fix", "--table", job, "--rule", rules(), "--dry-run");
        assertEquals(0, desktopPlan.exitCode(), desktopPlan.err());
        assertEquals(0, jobPlan.exitCode(), jobPlan.err());
        assertEquals(desktopPlan.out(), jobPlan.out());
        assertTrue(jobPlan.out().contains("87 writes planned"), jobPlan.out());
        assertTrue(jobPlan.err().contains("copies=602 drifted=87 orphans=1"), jobPlan.err());

        Run desktopFix = desktop("drift", "fix", "--table", desktop, "--rule", rules());
        Run jobFix = job("drift-fix", "--table", job, "--rule", rules(), "--tasks", "2");
        assertEquals(0, desktopFix.exitCode(), desktopFix.err());
        assertEquals(0, jobFix.exitCode(), jobFix.err());
        assertEquals(desktopFix.out(), jobFix.out());
        assertTrue(
                jobFix.out().contains("updated=87 already-current=0 changed-elsewhere=0"),
                jobFix.out());
        // its counts: the scan read every segment and item, then 87 writes, each paid for
        List<JobProgress> counts =
                jobFix.err().lines().flatMap(l -> JobProgress.parse(l).stream()).toList();
        JobProgress scanned =
                counts.stream()
                        .filter(c -> c.step().startsWith("drift-fix scan"))
                        .reduce((a, b) -> b)
                        .orElseThrow();
        assertEquals(scanned.total(), scanned.done(), scanned.json());
        assertEquals(byKey(job).size(), scanned.itemsRead(), scanned.json());
        assertTrue(scanned.readUnits() > 0, scanned.json());
        JobProgress writes = counts.get(counts.size() - 1);
        assertEquals("drift-fix writes", writes.step());
        assertEquals(
                List.of(87L, 87L, 87L),
                List.of(writes.done(), writes.total(), writes.itemsWritten()));
        assertTrue(writes.writeUnits() >= 87, writes.json());
        Map<String, Item> fixed = byKey(job);
        assertEquals(byKey(desktop), fixed);
        for (Item item : fixed.values()) {
            String author = item.string("authorId").orElse("U#999").substring(2);
            if (!author.equals("999")) {
                assertEquals(
                        s(name(Integer.parseInt(author))), item.attributes().get("authorName"));
            }
        }
    }

    /**
     * Between the job's scan and its first write, another application changes one drifted copy,
     * deletes another and fixes a third itself: those are left as they are and reported, the rest
     * is fixed, and no copy gets two writes even though a task fails once after writing.
     */
    @Test
    void onlyCopiesStillAsScannedAreWritten() throws IOException {
        String table = table("drift-job-writer");
        Key changed = post(7);
        Key deleted = post(14);
        Key fixedMeanwhile = post(21);
        AtomicBoolean wrote = new AtomicBoolean();
        AtomicBoolean failed = new AtomicBoolean();
        AtomicInteger written = new AtomicInteger();
        Map<String, Integer> writes = new ConcurrentHashMap<>();
        JobConnection.taskHook =
                repository ->
                        new ForwardingRepository(repository) {
                            @Override
                            public WriteOutcome updateItem(UpdateSpec update) {
                                synchronized (wrote) { // no write goes before the application's
                                    if (wrote.compareAndSet(false, true)) {
                                        otherApplication(table, changed, deleted, fixedMeanwhile);
                                    }
                                }
                                WriteOutcome outcome = super.updateItem(update);
                                if (outcome instanceof WriteOutcome.Written) {
                                    writes.merge(update.key().text(), 1, Integer::sum);
                                    // the write took effect, then the task dies: Spark runs it
                                    // again
                                    if (written.incrementAndGet() == 20
                                            && failed.compareAndSet(false, true)) {
                                        throw new IllegalStateException("injected task failure");
                                    }
                                }
                                return outcome;
                            }
                        };
        Run run = job("drift-fix", "--table", table, "--rule", rules(), "--tasks", "2");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(failed.get(), "the failure was injected");
        assertTrue(
                run.out()
                        .contains(
                                "changed-elsewhere POST#7 / META  authorName: now"
                                        + " {\"S\":\"Changed\"} (left alone)"),
                run.out());
        assertTrue(
                run.out()
                        .contains(
                                "changed-elsewhere POST#14 / META  authorName: the item was"
                                        + " deleted (left alone)"),
                run.out());
        assertTrue(run.out().contains("already-current POST#21 / META  authorName"), run.out());
        Map<String, Item> after = byKey(table);
        assertEquals(s("Changed"), after.get("POST#7 / META").attributes().get("authorName"));
        assertFalse(after.containsKey("POST#14 / META"), "a deleted copy is not written again");
        for (int p = 0; p < POSTS; p++) {
            if (p != 7 && p != 14) {
                assertEquals(
                        s(name(p % USERS)),
                        after.get("POST#" + p + " / META").attributes().get("authorName"),
                        "POST#" + p);
            }
        }
        assertEquals(
                Map.of(),
                writes.entrySet().stream()
                        .filter(e -> e.getValue() > 1)
                        .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)),
                "no copy written twice");
        assertEquals(87 - 3, writes.size(), "each copy still as scanned written once");
    }

    @Test
    void aReadOnlyConnectionIsRefusedBeforeAnythingIsRead() throws IOException {
        String table = table("drift-job-read-only");
        Map<String, Item> before = byKey(table);

        Run run = job("--read-only", "drift-fix", "--table", table, "--rule", rules());

        assertEquals(4, run.exitCode(), run.err());
        assertTrue(run.err().contains("read-only"), run.err());
        assertEquals(before, byKey(table));
    }

    private void otherApplication(String table, Key changed, Key deleted, Key fixed) {
        DynamoRepository other = TestEngine.repository();
        Item item = Item.of(Map.of("pk", s("POST#7"), "sk", s("META"), "authorId", s("U#7")));
        other.putItem(table, item.with("authorName", s("Changed")), null);
        other.deleteItem(table, deleted, null);
        Item author = Item.of(Map.of("pk", s("POST#21"), "sk", s("META"), "authorId", s("U#21")));
        other.putItem(
                table, author.with("authorName", s(name(21))).with("body", s("text 21")), null);
        assertEquals(changed, KEYS.keyOf(item));
        assertEquals(fixed, KEYS.keyOf(author));
    }

    private static Key post(int p) {
        return Key.of("pk", s("POST#" + p), "sk", s("META"));
    }

    private Map<String, Item> byKey(String table) {
        Map<String, Item> byKey = new TreeMap<>();
        for (Item item : TestEngine.items(table)) {
            byKey.put(KEYS.keyOf(item).text(), item);
        }
        return byKey;
    }

    private String rules() throws IOException {
        Path file = folder.resolve("rules.json");
        if (!Files.exists(file)) {
            Files.writeString(file, RULES);
        }
        return file.toString();
    }

    private record Run(int exitCode, String out, String err) {}

    private static Run desktop(String... args) {
        List<String> all = new ArrayList<>(List.of("--endpoint", TestEngine.endpoint().toString()));
        all.addAll(List.of(args));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code =
                DynoscopeCli.run(
                        all.toArray(String[]::new),
                        out,
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        new SdkRepositories());
        return new Run(
                code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static Run job(String... args) {
        List<String> all = new ArrayList<>(List.of("--endpoint", TestEngine.endpoint().toString()));
        all.addAll(List.of(args));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code =
                JobMain.run(
                        SparkForTests.spark(),
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        all.toArray(String[]::new));
        return new Run(
                code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}

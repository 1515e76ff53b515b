package io.dynoscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.PageListener;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.ForwardingRepository;
import io.dynoscope.service.store.RepositoryException;
import io.dynoscope.service.store.ScanSpec;
import io.dynoscope.service.store.UpdateSpec;
import io.dynoscope.service.store.WriteOutcome;
import io.dynoscope.testsupport.MigrationFixture;
import io.dynoscope.testsupport.OtherApplication;
import io.dynoscope.testsupport.TestEngine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dynoscope model migrate} against the engine: a 20,000-item table of three entities
 * migrated to a target that renames one index template and adds an index with a composite sort key,
 * cut off by a connection failure and resumed with {@code --resume} while another application
 * writes: proven, its other attributes byte-identical or the application's, every item as an
 * uninterrupted migration leaves it. Then the plan, the refusals and the exit codes on a small
 * table.
 */
class ModelMigrateCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path folder;

    private CliRun migrate(
            Function<ConnectionSpec, DynamoRepository> repositories, String... args) {
        List<String> all =
                new ArrayList<>(
                        List.of(
                                "--endpoint",
                                TestEngine.endpoint().toString(),
                                "model",
                                "migrate"));
        all.addAll(List.of(args));
        return CliRun.run(Map.of(), repositories, all);
    }

    private Path file(String name, String text) throws IOException {
        return Files.writeString(folder.resolve(name), text, StandardCharsets.UTF_8);
    }

    /**
     * One 20,000-item table: the run is cut off by a connection failure part way through the
     * backfill and resumed while another application changes and deletes items around the
     * migration's own writes (3 of every 40 items, just before or just after). The table it leaves
     * is compared item by item with what an uninterrupted run must leave, computed independently of
     * the migration: every item the application deleted stays deleted, every other attribute as
     * before or as the application last wrote it, every computed attribute as its template gives
     * from the item's final values.
     */
    @Test
    void aTwentyThousandItemTableCutOffAndResumedEndsAsAnUninterruptedMigration() throws Exception {
        DynamoRepository engine = TestEngine.repository();
        String table = MigrationFixture.table("migrate-cli");
        List<Item> items = MigrationFixture.items(400);
        MigrationFixture.load(engine, table, items);
        Map<String, Item> before = MigrationFixture.byKey(engine, table);
        Path current =
                file("current.json", MigrationFixture.forTable(MigrationFixture.CURRENT, table));
        Path target =
                file("target.json", MigrationFixture.forTable(MigrationFixture.TARGET, table));

        AtomicInteger updates = new AtomicInteger();
        Function<ConnectionSpec, DynamoRepository> failing =
                spec ->
                        new ForwardingRepository(SdkDynamoRepository.connect(spec)) {
                            @Override
                            public WriteOutcome updateItem(UpdateSpec update) {
                                if (updates.incrementAndGet() > 6_000) {
                                    throw new RepositoryException(
                                            RepositoryException.Kind.UNREACHABLE,
                                            "UpdateItem",
                                            update.table(),
                                            "connection reset (injected)",
                                            null);
                                }
                                return super.updateItem(update);
                            }
                        };
        String[] args = {
            "--table",
            table,
            "--to",
            target.toString(),
            "--from",
            current.toString(),
            "--yes",
            "--journal",
            folder.resolve("b.journal").toString(),
            "--report",
            folder.resolve("b.report.json").toString(),
            "--concurrency",
            "6"
        };
        CliRun cut = migrate(failing, args);
        boolean journalKept = Files.exists(folder.resolve("b.journal"));
        OtherApplication application = new OtherApplication(engine, table, before);
        CliRun again =
                migrate(
                        spec ->
                                application.interleavedWith(
                                        SdkDynamoRepository.connect(spec), 40, () -> true),
                        concat(args, "--resume", "--json"));
        Map<String, Item> after = MigrationFixture.byKey(engine, table);
        Map<String, Item> expected = application.expected();

        assertEquals(20_000, items.size());
        assertEquals(ExitCodes.SERVICE_ERROR, cut.exitCode(), cut.err());
        assertTrue(cut.lastErrLine().contains("connection reset (injected)"), cut.lastErrLine());
        assertTrue(
                cut.lastErrLine().contains("run the same command with --resume"),
                cut.lastErrLine());
        assertTrue(journalKept);
        assertEquals(0, again.exitCode(), again.err());
        assertTrue(again.err().contains("Scan segments left from the earlier run"), again.err());
        JsonNode report = JSON.readTree(again.out());
        assertEquals("PROVEN", report.get("outcome").asText());
        assertEquals(5, report.at("/proof/accessPatterns").size());
        for (JsonNode pattern : report.at("/proof/accessPatterns")) {
            assertTrue(pattern.get("asDesigned").asBoolean(), pattern.toString());
            assertTrue(pattern.get("returned").asLong() > 0, pattern.toString());
        }
        assertTrue(
                application.writes() > 100, "the other application wrote " + application.writes());
        assertEquals("NOT_COMPARABLE", report.at("/proof/otherAttributes").asText());
        assertTrue(Files.exists(folder.resolve("b.report.json")));
        assertFalse(Files.exists(folder.resolve("b.journal")));
        assertEquals(expected.keySet(), after.keySet(), "deleted items stay deleted");
        for (Map.Entry<String, Item> entry : after.entrySet()) {
            Item last = expected.get(entry.getKey());
            assertEquals(
                    MigrationFixture.otherAttributes(last),
                    MigrationFixture.otherAttributes(entry.getValue()),
                    entry.getKey() + ": as before, or as the application left it");
            assertEquals(
                    MigrationFixture.expectedComputed(last),
                    MigrationFixture.computedIn(entry.getValue()),
                    entry.getKey() + ": computed from its final values");
        }
    }

    @Test
    void theDryRunPrintsThePlanAndWritesNothing() throws Exception {
        String table = MigrationFixture.table("migrate-cli-plan");
        MigrationFixture.load(TestEngine.repository(), table, MigrationFixture.items(2));
        Map<String, Item> before = MigrationFixture.byKey(TestEngine.repository(), table);
        Path target =
                file("target.json", MigrationFixture.forTable(MigrationFixture.TARGET, table));
        Path current =
                file("current.json", MigrationFixture.forTable(MigrationFixture.CURRENT, table));

        CliRun text =
                migrate(
                        SdkDynamoRepository::connect,
                        "--table",
                        table,
                        "--to",
                        target.toString(),
                        "--from",
                        current.toString(),
                        "--dry-run");
        CliRun json =
                migrate(
                        SdkDynamoRepository::connect,
                        "--table",
                        table,
                        "--to",
                        target.toString(),
                        "--dry-run",
                        "--json");

        assertEquals(0, text.exitCode(), text.err());
        assertTrue(
                text.out().contains("create byAssignee (GSI2PK / GSI2SK, ALL) before the backfill"),
                text.out());
        assertTrue(
                text.out().contains("recompute GSI1PK = STATUS#{status} (was PROJECT#{status})"),
                text.out());
        assertTrue(text.out().contains("compute   GSI2SK = {status}#{dueAt}"), text.out());
        assertTrue(
                text.out()
                        .lines()
                        .anyMatch(
                                l ->
                                        l.contains(" / TASK#")
                                                && l.contains("ConditionExpression")
                                                && l.contains("#a = :a AND #s = :s AND #da = :da")
                                                && l.contains("\"USER#u")),
                "each entity's guarded write is shown: " + text.out());
        assertTrue(
                text.out().contains("deploy the writer of the new attributes first"), text.out());
        assertEquals(0, json.exitCode(), json.err());
        JsonNode plan = JSON.readTree(json.out());
        assertEquals("byAssignee", plan.at("/indexes/1/name").asText());
        assertEquals("CREATE", plan.at("/indexes/1/action").asText());
        assertEquals("BEFORE_BACKFILL", plan.at("/indexes/1/when").asText());
        assertEquals(100, plan.at("/sample/items").asInt());
        assertTrue(plan.at("/sample/wholeTable").asBoolean());
        assertTrue(plan.at("/from").asText().startsWith("the model inferred from a sample"));
        assertEquals(before, MigrationFixture.byKey(TestEngine.repository(), table));
        assertTrue(
                TestEngine.repository().describeTable(table).globalSecondaryIndexes().size() == 1,
                "no index was created");
    }

    @Test
    void anUnconfirmedPlanAndAReadOnlyConnectionAreRefusedWithFour() throws Exception {
        String table = MigrationFixture.table("migrate-cli-refused");
        MigrationFixture.load(TestEngine.repository(), table, MigrationFixture.items(1));
        Map<String, Item> before = MigrationFixture.byKey(TestEngine.repository(), table);
        Path target =
                file("target.json", MigrationFixture.forTable(MigrationFixture.TARGET, table));
        AtomicInteger reads = new AtomicInteger();
        Function<ConnectionSpec, DynamoRepository> counting = countingScans(reads);

        CliRun unconfirmed =
                migrate(SdkDynamoRepository::connect, "--table", table, "--to", target.toString());
        List<String> readOnlyArgs =
                List.of(
                        "--endpoint",
                        TestEngine.endpoint().toString(),
                        "--read-only",
                        "model",
                        "migrate",
                        "--table",
                        table,
                        "--to",
                        target.toString(),
                        "--yes");
        CliRun readOnly = CliRun.run(Map.of(), counting, readOnlyArgs);

        assertEquals(ExitCodes.CONDITION_FAILED, unconfirmed.exitCode(), unconfirmed.err());
        assertTrue(unconfirmed.lastErrLine().contains("not confirmed; nothing was written"));
        assertTrue(unconfirmed.err().contains("Migration of table '" + table + "'"));
        assertEquals(ExitCodes.READ_ONLY, readOnly.exitCode(), readOnly.err());
        assertTrue(readOnly.lastErrLine().contains("read-only"), readOnly.lastErrLine());
        assertEquals(0, reads.get(), "a read-only connection is refused before the sample read");
        assertEquals(before, MigrationFixture.byKey(TestEngine.repository(), table));

        // issue 33, item 15: a dry run only reads, so read-only plans (docs/migrations.md says so)
        List<String> dryRunArgs = new ArrayList<>(readOnlyArgs);
        dryRunArgs.set(dryRunArgs.indexOf("--yes"), "--dry-run");
        CliRun plan = CliRun.run(Map.of(), counting, dryRunArgs);

        assertEquals(ExitCodes.OK, plan.exitCode(), plan.err());
        assertTrue(plan.out().startsWith("Migration of table '" + table + "'"), plan.out());
        assertEquals(1, reads.get(), "the sample read only");
        assertEquals(before, MigrationFixture.byKey(TestEngine.repository(), table));
    }

    /**
     * Issue 33, item 15: DescribeTable's item count is refreshed only every few hours; when a pass
     * reads more items than it said, progress says the items read, never "10,067 of about 1,000".
     */
    @Test
    void progressPastAStaleItemCountSaysItemsReadNotOfAbout() throws Exception {
        String table = MigrationFixture.table("migrate-cli-stale");
        MigrationFixture.load(TestEngine.repository(), table, MigrationFixture.items(4));
        Path target =
                file("target.json", MigrationFixture.forTable(MigrationFixture.TARGET, table));
        Path current =
                file("current.json", MigrationFixture.forTable(MigrationFixture.CURRENT, table));
        Function<ConnectionSpec, DynamoRepository> stale =
                spec ->
                        new ForwardingRepository(SdkDynamoRepository.connect(spec)) {
                            @Override
                            public TableInfo describeTable(String name) {
                                TableInfo info = super.describeTable(name);
                                return new TableInfo(
                                        info.name(),
                                        info.status(),
                                        info.keySchema(),
                                        info.keyAttributeTypes(),
                                        info.globalSecondaryIndexes(),
                                        info.localSecondaryIndexes(),
                                        info.indexStates(),
                                        info.billingMode(),
                                        10,
                                        info.sizeBytes(),
                                        info.ttlAttribute(),
                                        info.streamViewType(),
                                        info.provisionedThroughput());
                            }
                        };

        CliRun run =
                migrate(
                        stale,
                        "--table",
                        table,
                        "--to",
                        target.toString(),
                        "--from",
                        current.toString(),
                        "--sample",
                        "20",
                        "--yes",
                        "--journal",
                        folder.resolve("stale.journal").toString(),
                        "--report",
                        folder.resolve("stale.report.json").toString());

        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        List<String> progress = run.err().lines().filter(l -> l.contains("items read")).toList();
        assertFalse(progress.isEmpty(), run.err());
        for (String line : progress) {
            Matcher ofAbout = Pattern.compile("  ([\\d,]+) of about ([\\d,]+) items").matcher(line);
            if (ofAbout.find()) {
                assertTrue(
                        number(ofAbout.group(1)) <= number(ofAbout.group(2)),
                        "more read than the total it names: " + line);
            }
        }
        assertTrue(
                progress.stream()
                        .anyMatch(
                                l ->
                                        l.matches(
                                                "  [\\d,]+ items read \\(more than the table's"
                                                        + " estimate of 20\\), [\\d,]+ written")),
                run.err());
    }

    /** Connections that count the Scans they send in {@code scans}. */
    private static Function<ConnectionSpec, DynamoRepository> countingScans(AtomicInteger scans) {
        return spec ->
                new ForwardingRepository(SdkDynamoRepository.connect(spec)) {
                    @Override
                    public ReadResult scan(
                            ScanSpec scan, PageListener listener, Cancellation cancel) {
                        scans.incrementAndGet();
                        return super.scan(scan, listener, cancel);
                    }
                };
    }

    private static long number(String text) {
        return Long.parseLong(text.replace(",", ""));
    }

    @Test
    void aTargetThatMovesItemsToOtherKeysIsRefusedWithTwo() throws Exception {
        String table = MigrationFixture.table("migrate-cli-moved");
        MigrationFixture.load(TestEngine.repository(), table, MigrationFixture.items(1));
        Path moved =
                file(
                        "moved.json",
                        MigrationFixture.forTable(MigrationFixture.TARGET, table)
                                .replace("\"TASK#{taskId}\"", "\"T#{taskId}\""));
        Path current =
                file("current.json", MigrationFixture.forTable(MigrationFixture.CURRENT, table));

        CliRun refused =
                migrate(
                        SdkDynamoRepository::connect,
                        "--table",
                        table,
                        "--to",
                        moved.toString(),
                        "--from",
                        current.toString(),
                        "--yes");

        assertEquals(ExitCodes.USAGE, refused.exitCode(), refused.err());
        assertTrue(
                refused.err()
                        .contains(
                                "entity 'task' moves from WS#{workspaceId} / TASK#{taskId} to"
                                        + " WS#{workspaceId} / T#{taskId}"),
                refused.err());
    }

    private static String[] concat(String[] args, String... more) {
        String[] all = new String[args.length + more.length];
        System.arraycopy(args, 0, all, 0, args.length);
        System.arraycopy(more, 0, all, args.length, more.length);
        return all;
    }
}

package io.dynoscope.service.migration;

import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.migration.MigrationPlan;
import io.dynoscope.core.migration.PlanText;
import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.PageListener;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.service.access.ReadOnlyException;
import io.dynoscope.service.access.ReadOnlyPolicy;
import io.dynoscope.service.access.WriteAccess;
import io.dynoscope.service.migration.MigrationReport.Outcome;
import io.dynoscope.service.migration.PassTally.Count;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.ForwardingRepository;
import io.dynoscope.service.store.ScanSpec;
import io.dynoscope.service.store.UpdateSpec;
import io.dynoscope.service.store.WriteOutcome;
import io.dynoscope.testsupport.MigrationFixture;
import io.dynoscope.testsupport.OtherApplication;
import io.dynoscope.testsupport.TestEngine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The migration service on the test engine, on tables of the migration fixture: another application
 * writing while the backfill runs loses nothing, a cancelled run resumes from its journal, cleanup
 * removes only what the target no longer uses, and a read-only connection is refused before
 * anything is read.
 */
class MigrationTest {

    private final DynamoRepository engine = TestEngine.repository();

    @TempDir Path folder;

    /**
     * Another application (which knows nothing of the new attributes) updates, deletes and puts
     * items while the backfill runs: some just before the migration's guarded write of the same
     * item, some just after, and a writer thread at random besides. Its final values win, deleted
     * items stay deleted, and every item's computed attributes agree with its final values.
     */
    @Test
    void anApplicationWritingDuringTheBackfillLosesNothing() throws Exception {
        String table = MigrationFixture.table("migrate-writers");
        MigrationFixture.load(engine, table, MigrationFixture.items(40));
        OtherApplication application =
                new OtherApplication(engine, table, MigrationFixture.byKey(engine, table));
        AtomicBoolean backfilling = new AtomicBoolean();
        DynamoRepository interleaved = application.interleavedWith(engine, 10, backfilling::get);
        Thread writer = new Thread(() -> application.writeAtRandom(backfilling), "other-app");
        Migration.Listener phases =
                new Migration.Listener() {
                    @Override
                    public void phase(Migration.Phase phase, String description) {
                        if (phase == Migration.Phase.BACKFILL) {
                            backfilling.set(true);
                            writer.start();
                        } else if (phase == Migration.Phase.CATCH_UP && backfilling.get()) {
                            backfilling.set(false);
                            awaitEnd(writer);
                        }
                    }

                    @Override
                    public void progress(
                            Migration.Phase phase, long read, long written, long total) {}
                };

        MigrationReport report =
                new Migration(interleaved)
                        .apply(
                                plan(interleaved, table),
                                Migration.Options.of(4),
                                phases,
                                Cancellation.none());
        Map<String, Item> after = MigrationFixture.byKey(engine, table);

        String lines = String.join("\n", MigrationReports.lines(report));
        assertTrue(report.backfill().count(Count.CHANGED_MEANWHILE) > 0, lines);
        assertTrue(report.backfill().count(Count.DELETED_MEANWHILE) > 0, lines);
        assertTrue(report.catchUps().get(0).count(Count.UPDATED) > 0, lines);
        assertEquals(0, report.catchUps().get(report.catchUps().size() - 1).found(), lines);
        assertEquals(Outcome.PROVEN, report.outcome(), lines);
        assertEquals(MigrationReport.Content.NOT_COMPARABLE, report.proof().content(), lines);
        assertTrue(
                application.writes() > 100, "the other application wrote " + application.writes());
        Map<String, Item> expected = application.expected();
        assertEquals(expected.keySet(), after.keySet(), "deleted items stay deleted");
        for (Map.Entry<String, Item> entry : after.entrySet()) {
            assertEquals(
                    MigrationFixture.otherAttributes(expected.get(entry.getKey())),
                    MigrationFixture.otherAttributes(entry.getValue()),
                    entry.getKey() + ": the application's values win");
            assertEquals(
                    MigrationFixture.expectedComputed(entry.getValue()),
                    MigrationFixture.computedIn(entry.getValue()),
                    entry.getKey() + ": computed from its final values");
        }
    }

    private static void awaitEnd(Thread thread) {
        try {
            thread.join(60_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void aCancelledMigrationResumesFromItsJournalAndSkipsWhatWasDone() throws Exception {
        String table = MigrationFixture.table("migrate-resume");
        List<Item> fixture = MigrationFixture.items(40);
        MigrationFixture.load(engine, table, fixture);
        Path journal = folder.resolve("journal");
        MigrationPlan plan = plan(engine, table);
        Cancellation cancellation = Cancellation.none();
        AtomicInteger updates = new AtomicInteger();
        DynamoRepository cancelling =
                new ForwardingRepository(engine) {
                    @Override
                    public WriteOutcome updateItem(UpdateSpec update) {
                        if (updates.incrementAndGet() == 1_300) {
                            cancellation.cancel();
                        }
                        return super.updateItem(update);
                    }
                };

        MigrationReport first =
                new Migration(cancelling)
                        .apply(
                                plan,
                                Migration.Options.of(2).withJournal(journal, false),
                                Migration.Listener.NONE,
                                cancellation);
        List<String> entries = Files.readAllLines(journal);
        IllegalStateException notAgain = null;
        try {
            new Migration(engine)
                    .apply(
                            plan,
                            Migration.Options.of(2).withJournal(journal, false),
                            Migration.Listener.NONE,
                            Cancellation.none());
        } catch (IOException e) {
            notAgain = new IllegalStateException(e.getMessage());
        }
        MigrationReport second =
                new Migration(cancelling)
                        .apply(
                                plan,
                                Migration.Options.of(2).withJournal(journal, true),
                                Migration.Listener.NONE,
                                Cancellation.none());
        Map<String, Item> after = MigrationFixture.byKey(engine, table);

        assertEquals(Outcome.CANCELLED, first.outcome());
        assertEquals(journal, first.journal());
        assertTrue(entries.get(0).contains("\"kind\":\"dynoscope-migration\""), entries.get(0));
        assertTrue(entries.contains("I byAssignee"), entries.toString());
        assertTrue(entries.stream().anyMatch(e -> e.startsWith("S ")), entries.toString());
        assertTrue(
                notAgain != null && notAgain.getMessage().contains("resume that migration"),
                String.valueOf(notAgain));
        assertEquals(
                Outcome.PROVEN,
                second.outcome(),
                String.join("\n", MigrationReports.lines(second)));
        assertFalse(Files.exists(journal));
        long needed =
                fixture.stream()
                        .filter(
                                i ->
                                        !MigrationFixture.expectedComputed(i)
                                                .equals(MigrationFixture.computedIn(i)))
                        .count();
        assertEquals(needed, updates.get(), "both runs together wrote each item once");
        for (Item item : after.values()) {
            assertEquals(
                    MigrationFixture.expectedComputed(item), MigrationFixture.computedIn(item));
        }
    }

    @Test
    void cleanupRemovesOnlyWhatTheTargetNoLongerUsesAfterTheProof() throws Exception {
        String table = MigrationFixture.table("migrate-cleanup");
        MigrationFixture.load(engine, table, MigrationFixture.items(4));
        new Migration(engine)
                .apply(
                        plan(engine, table),
                        Migration.Options.of(2),
                        Migration.Listener.NONE,
                        Cancellation.none());
        Map<String, Item> migrated = MigrationFixture.byKey(engine, table);
        // a target that moves the projects' keys to byAssignee's attributes and drops byStatus
        TableModel migratedModel = MigrationFixture.model(MigrationFixture.TARGET, table);
        TableModel withoutByStatus =
                migratedModel
                        .with(
                                b ->
                                        b.indexes(
                                                migratedModel.indexes().stream()
                                                        .filter(i -> !i.name().equals("byStatus"))
                                                        .toList()))
                        .with(
                                b ->
                                        b.entities(
                                                migratedModel.entities().stream()
                                                        .map(
                                                                e ->
                                                                        e.name().equals("project")
                                                                                ? new Entity(
                                                                                        e.name(),
                                                                                        e.keys(),
                                                                                        e
                                                                                                .attributes(),
                                                                                        Map.of(
                                                                                                "byAssignee",
                                                                                                e.indexKeys()
                                                                                                        .get(
                                                                                                                "byStatus")))
                                                                                : e)
                                                        .toList()))
                        .with(
                                b ->
                                        b.accessPatterns(
                                                migratedModel.accessPatterns().stream()
                                                        .map(
                                                                p ->
                                                                        "byStatus".equals(p.index())
                                                                                ? new AccessPattern(
                                                                                        p.name(),
                                                                                        p
                                                                                                .operation(),
                                                                                        p
                                                                                                .entities(),
                                                                                        "byAssignee",
                                                                                        p
                                                                                                .partitionKey(),
                                                                                        p.sortKey(),
                                                                                        p
                                                                                                .newestFirst(),
                                                                                        p.filter())
                                                                                : p)
                                                        .toList()));
        MigrationPlan plan =
                new MigrationPlanner(engine)
                        .plan(
                                table,
                                Optional.of(
                                        new MigrationPlanner.Source(
                                                MigrationFixture.model(
                                                        MigrationFixture.TARGET, table),
                                                "migrated")),
                                new MigrationPlanner.Source(withoutByStatus, "without byStatus"),
                                1_000,
                                2,
                                Cancellation.none());

        MigrationReport withoutCleanup =
                new Migration(engine)
                        .apply(
                                plan,
                                Migration.Options.of(2),
                                Migration.Listener.NONE,
                                Cancellation.none());
        boolean indexKept = engine.describeTable(table).globalSecondaryIndexes().size() == 2;
        MigrationReport cleaned =
                new Migration(engine)
                        .apply(
                                plan,
                                Migration.Options.of(2).withCleanup(true),
                                Migration.Listener.NONE,
                                Cancellation.none());
        Map<String, Item> after = MigrationFixture.byKey(engine, table);

        String lines = String.join("\n", PlanText.lines(plan));
        assertTrue(lines.contains("delete index byStatus"), lines);
        assertTrue(lines.contains("remove GSI1PK, GSI1SK from every project"), lines);
        assertEquals(
                Outcome.PROVEN,
                withoutCleanup.outcome(),
                String.join("\n", MigrationReports.lines(withoutCleanup)));
        assertNull(withoutCleanup.cleanup());
        assertTrue(indexKept, "without cleanup the old index stays");
        assertEquals(
                Outcome.PROVEN,
                cleaned.outcome(),
                String.join("\n", MigrationReports.lines(cleaned)));
        assertEquals(List.of("byStatus"), cleaned.indexesRemoved());
        assertEquals(79, cleaned.cleanup().count(Count.REMOVED));
        assertEquals(
                List.of("byAssignee"),
                engine.describeTable(table).globalSecondaryIndexes().stream()
                        .map(i -> i.name())
                        .toList());
        for (Map.Entry<String, Item> entry : after.entrySet()) {
            Item was = migrated.get(entry.getKey());
            Map<String, AttributeValue> expected = new TreeMap<>(was.attributes());
            expected.remove("GSI1PK");
            expected.remove("GSI1SK");
            if (was.attributes().get("status") instanceof AttributeValue.Str status
                    && entry.getKey().contains("PROJ#")) {
                expected.put("GSI2PK", s("STATUS#" + status.value()));
                expected.put("GSI2SK", was.attributes().get("createdAt"));
            }
            assertEquals(expected, new TreeMap<>(entry.getValue().attributes()), entry.getKey());
        }
    }

    @Test
    void aReadOnlyConnectionIsRefusedBeforeAnythingIsRead() throws Exception {
        String table = MigrationFixture.table("migrate-read-only");
        MigrationFixture.load(engine, table, MigrationFixture.items(1));
        MigrationPlan plan = plan(engine, table);
        AtomicInteger reads = new AtomicInteger();
        DynamoRepository counting =
                new ForwardingRepository(engine) {
                    @Override
                    public ReadResult scanSegment(
                            ScanSpec spec,
                            int segment,
                            PageListener listener,
                            Cancellation cancel) {
                        reads.incrementAndGet();
                        return super.scanSegment(spec, segment, listener, cancel);
                    }
                };
        DynamoRepository readOnly =
                WriteAccess.guard(counting, ReadOnlyPolicy.Access.readOnly("marked read-only"));

        ReadOnlyException refused =
                assertThrows(
                        ReadOnlyException.class,
                        () ->
                                new Migration(readOnly)
                                        .apply(
                                                plan,
                                                Migration.Options.of(2),
                                                Migration.Listener.NONE,
                                                Cancellation.none()));

        assertTrue(
                refused.getMessage().contains("migrate table '" + table + "' refused"),
                refused.getMessage());
        assertEquals(0, reads.get());
    }

    private static MigrationPlan plan(DynamoRepository repository, String table) {
        MigrationPlan plan =
                new MigrationPlanner(repository)
                        .plan(
                                table,
                                Optional.of(
                                        new MigrationPlanner.Source(
                                                MigrationFixture.model(
                                                        MigrationFixture.CURRENT, table),
                                                "the current model")),
                                new MigrationPlanner.Source(
                                        MigrationFixture.model(MigrationFixture.TARGET, table),
                                        "the target model"),
                                MigrationPlanner.DEFAULT_SAMPLE,
                                4,
                                Cancellation.none());
        assertFalse(plan.refused(), String.join("\n", PlanText.lines(plan)));
        return plan;
    }
}

package io.dynoscope.service.drift;

import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.drift.CopyLookup;
import io.dynoscope.core.drift.DenormalizationRule;
import io.dynoscope.core.drift.DriftReport;
import io.dynoscope.core.drift.ItemPaths;
import io.dynoscope.core.drift.PropagationPlan;
import io.dynoscope.core.drift.PropagationPlan.PlannedWrite;
import io.dynoscope.core.expression.AttributePath;
import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.sandbox.PlantedDrift;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.ForwardingRepository;
import io.dynoscope.service.store.UpdateSpec;
import io.dynoscope.service.store.WriteOutcome;
import io.dynoscope.testsupport.TestEngine;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Detection and propagation against the local engine, on fresh copies of the sample data. */
class DriftEngineTest {

    private static final KeySchema BLOG_KEYS =
            KeySchema.of(SampleData.BLOG_PARTITION_KEY, SampleData.BLOG_SORT_KEY);
    private static final KeySchema SAAS_KEYS =
            KeySchema.of(SampleData.SAAS_PARTITION_KEY, SampleData.SAAS_SORT_KEY);

    private final DynamoRepository repository = TestEngine.repository();

    /** A copy that drifted: where, and the two values. */
    private record Drift(
            Key copy, String path, AttributeValue copyValue, AttributeValue sourceValue) {}

    private static String seeded(Dataset dataset) {
        String table = TestEngine.uniqueTableName("drift-" + dataset.id());
        SampleTables.seed(TestEngine.repository(), dataset, table);
        return table;
    }

    private static Set<Drift> planted(Dataset dataset, String path) {
        return SampleData.plantedDrift(dataset).stream()
                .filter(p -> p.copyPath().equals(path))
                .map(p -> new Drift(p.copy(), p.copyPath(), p.copyValue(), p.sourceValue()))
                .collect(Collectors.toSet());
    }

    private static Set<Drift> found(DriftReport report) {
        String path = report.rule().copies().attribute().toString();
        return report.driftedCopies().stream()
                .map(d -> new Drift(d.copy(), path, d.copyValue(), d.sourceValue()))
                .collect(Collectors.toSet());
    }

    private DriftDetection.Result detect(String table, DenormalizationRule rule) {
        return new DriftDetection(repository)
                .detect(table, rule, progress -> {}, Cancellation.none());
    }

    @Test
    void detectsExactlyThePlantedBlogDriftDuplicatedAndEmbedded() {
        String table = seeded(Dataset.BLOG);

        DriftDetection.Result duplicated = detect(table, SampleRules.blogAuthorName());
        DriftDetection.Result embedded = detect(table, SampleRules.blogEmbeddedAuthor());

        assertTrue(duplicated.complete());
        assertEquals(planted(Dataset.BLOG, "authorName"), found(duplicated.report()));
        assertEquals(planted(Dataset.BLOG, "author.name"), found(embedded.report()));
        assertFalse(planted(Dataset.BLOG, "authorName").isEmpty());
        assertFalse(planted(Dataset.BLOG, "author.name").isEmpty());
        // Every post is a copy of one of the four users, and no copy lacks its source.
        assertEquals(12, duplicated.report().copyCount());
        assertEquals(12, embedded.report().copyCount());
        assertEquals(4, duplicated.report().sources().size());
        assertTrue(duplicated.report().orphans().isEmpty());
        // The index lookup: one Scan page for the users, then one Query per user.
        assertEquals(1 + 4, duplicated.reads().requests());
        assertTrue(duplicated.reads().consumedCapacity() > 0);
        assertEquals(1, embedded.reads().requests());
    }

    @Test
    void detectsThePlantedSaasDriftAcrossTheShardedTenant() {
        String table = seeded(Dataset.SAAS);

        DriftDetection.Result result = detect(table, SampleRules.saasWorkspaceName());

        assertTrue(result.complete());
        assertEquals(planted(Dataset.SAAS, "workspaceName"), found(result.report()));
        Map<Key, Integer> copies =
                result.report().sources().stream()
                        .collect(
                                Collectors.toMap(
                                        DriftReport.SourceReport::source,
                                        DriftReport.SourceReport::copies));
        assertEquals(
                SampleData.BIG_PROJECTS, copies.get(SampleData.saasKey(SampleData.BIG, "META")));
        assertEquals(
                SampleData.ACME_PROJECTS, copies.get(SampleData.saasKey(SampleData.ACME, "META")));
        assertEquals(
                SampleData.HUGE_PROJECTS, copies.get(SampleData.saasKey(SampleData.HUGE, "META")));
        assertTrue(result.report().orphans().isEmpty());
    }

    @Test
    void aScanLookupFindsTheSameSaasDriftInOneRead() {
        String table = seeded(Dataset.SAAS);
        DenormalizationRule collection = SampleRules.saasWorkspaceName();
        DenormalizationRule scan =
                new DenormalizationRule(
                        "by scan",
                        "",
                        collection.source(),
                        new DenormalizationRule.Copies(
                                CopyLookup.SCAN,
                                null,
                                collection.copies().reference(),
                                collection.copies().sortKeyPrefix(),
                                collection.copies().attribute()));

        DriftDetection.Result result = detect(table, scan);

        assertEquals(planted(Dataset.SAAS, "workspaceName"), found(result.report()));
        assertEquals(
                SampleData.ACME_PROJECTS
                        + SampleData.BETA_PROJECTS
                        + SampleData.HUGE_PROJECTS
                        + SampleData.BIG_PROJECTS,
                result.report().copyCount());
    }

    @Test
    void reportsOrphansAndCopiesOfAnotherType() {
        String table = seeded(Dataset.BLOG);
        // A post whose author does not exist, and one whose copy is a number where the source is a
        // string.
        repository.putItem(
                table,
                Item.of(
                        Map.of(
                                "PK",
                                s("POST#zz1"),
                                "SK",
                                s("META"),
                                "authorId",
                                s("U#99"),
                                "authorName",
                                s("Nobody"),
                                "createdAt",
                                s("2026-05-01"))),
                null);
        repository.putItem(
                table, Item.of(Map.of("PK", s("USER#7"), "SK", s("META"), "name", s("6"))), null);
        repository.putItem(
                table,
                Item.of(
                        Map.of(
                                "PK",
                                s("POST#zz2"),
                                "SK",
                                s("META"),
                                "authorId",
                                s("U#7"),
                                "authorName",
                                AttributeValue.n(6),
                                "createdAt",
                                s("2026-05-02"))),
                null);

        DenormalizationRule byIndex = SampleRules.blogAuthorName();
        DenormalizationRule byScan =
                new DenormalizationRule(
                        "by scan",
                        "",
                        byIndex.source(),
                        new DenormalizationRule.Copies(
                                CopyLookup.SCAN,
                                null,
                                byIndex.copies().reference(),
                                null,
                                byIndex.copies().attribute()));
        DriftReport report = detect(table, byScan).report();
        DriftReport indexed = detect(table, byIndex).report();

        // Queries start from the sources, so only the Scan can see a copy whose source is missing.
        assertTrue(indexed.orphans().isEmpty());
        assertEquals(
                List.of(SampleData.blogKey("POST#zz2", "META")),
                indexed.driftedCopies().stream()
                        .filter(DriftReport.DriftedCopy::typeDiffers)
                        .map(DriftReport.DriftedCopy::copy)
                        .toList());
        assertEquals(
                List.of(SampleData.blogKey("POST#zz1", "META")),
                report.orphans().stream().map(DriftReport.OrphanCopy::copy).toList());
        assertEquals(DriftReport.OrphanReason.SOURCE_MISSING, report.orphans().get(0).reason());
        assertEquals(
                List.of(SampleData.blogKey("POST#zz2", "META")),
                report.driftedCopies().stream()
                        .filter(DriftReport.DriftedCopy::typeDiffers)
                        .map(DriftReport.DriftedCopy::copy)
                        .toList());
    }

    @Test
    void propagationFixesTheBlogDriftAndASecondDetectionFindsNone() {
        String table = seeded(Dataset.BLOG);
        List<DenormalizationRule> rules =
                List.of(SampleRules.blogAuthorName(), SampleRules.blogEmbeddedAuthor());
        for (DenormalizationRule rule : rules) {
            PropagationPlan plan = PropagationPlan.of(detect(table, rule).report(), BLOG_KEYS);

            PropagationReport report = propagate(table, plan, 4, Cancellation.none());

            assertEquals(plan.writes(), report.updated());
            assertEquals(
                    "updated="
                            + plan.writes().size()
                            + " already-current=0 changed-elsewhere=0 failed=0 not-attempted=0",
                    report.summary());
            for (PlannedWrite write : plan.writes()) {
                Item item = repository.getItem(table, write.copy(), true).item().orElseThrow();
                assertEquals(write.newValue(), ItemPaths.valueAt(item, write.path()).orElseThrow());
            }
            assertFalse(detect(table, rule).report().hasDrift());
        }
        // The post that drifted in both copies now has its author's name in both.
        Item e88 =
                repository
                        .getItem(table, SampleData.blogKey("POST#e88", "META"), true)
                        .item()
                        .orElseThrow();
        assertEquals(s("Ana Ruiz"), e88.get("authorName").orElseThrow());
        assertEquals(
                s("Ana Ruiz"),
                ItemPaths.valueAt(e88, AttributePath.parse("author.name")).orElseThrow());
        assertEquals(
                s("U#31"), ItemPaths.valueAt(e88, AttributePath.parse("author.id")).orElseThrow());
    }

    @Test
    void propagationFixesTheSaasDrift() {
        String table = seeded(Dataset.SAAS);
        PropagationPlan plan =
                PropagationPlan.of(
                        detect(table, SampleRules.saasWorkspaceName()).report(), SAAS_KEYS);

        PropagationReport report = propagate(table, plan, 2, Cancellation.none());

        assertEquals(2, report.updated().size());
        for (PlantedDrift drift : SampleData.plantedDrift(Dataset.SAAS)) {
            assertEquals(
                    s("Acme"),
                    repository
                            .getItem(table, drift.copy(), true)
                            .item()
                            .orElseThrow()
                            .get("workspaceName")
                            .orElseThrow());
        }
    }

    @Test
    void aConcurrentWriterKeepsItsValuesAndTheReportListsThem() {
        String table = seeded(Dataset.BLOG);
        DriftReport detected = detect(table, SampleRules.blogAuthorName()).report();
        PropagationPlan plan = PropagationPlan.of(detected, BLOG_KEYS);
        assertEquals(2, plan.size());
        Key c55 = SampleData.blogKey("POST#c55", "META");
        Key e88 = SampleData.blogKey("POST#e88", "META");
        // Between detection and propagation: someone renames c55's copy, someone else fixes e88's.
        repository.updateItem(
                new UpdateSpec(
                        table,
                        c55,
                        new CompiledExpression(
                                "SET authorName = :v",
                                Map.of(),
                                Map.of(":v", s("L. Tan (edited)"))),
                        null));
        repository.updateItem(
                new UpdateSpec(
                        table,
                        e88,
                        new CompiledExpression(
                                "SET authorName = :v", Map.of(), Map.of(":v", s("Ana Ruiz"))),
                        null));

        PropagationReport report = propagate(table, plan, 2, Cancellation.none());

        assertTrue(report.updated().isEmpty(), report.summary());
        assertEquals(
                List.of(c55),
                report.changedElsewhere().stream().map(c -> c.write().copy()).toList());
        assertEquals(s("L. Tan (edited)"), report.changedElsewhere().get(0).currentValue());
        assertEquals(
                List.of(e88), report.alreadyCurrent().stream().map(PlannedWrite::copy).toList());
        assertEquals(
                s("L. Tan (edited)"),
                repository
                        .getItem(table, c55, true)
                        .item()
                        .orElseThrow()
                        .get("authorName")
                        .orElseThrow());
    }

    @Test
    void aDeletedCopyIsReportedAndNotRecreated() {
        String table = seeded(Dataset.BLOG);
        PropagationPlan plan =
                PropagationPlan.of(detect(table, SampleRules.blogAuthorName()).report(), BLOG_KEYS);
        Key c55 = SampleData.blogKey("POST#c55", "META");
        repository.deleteItem(table, c55, null);

        PropagationReport report = propagate(table, plan, 1, Cancellation.none());

        assertEquals(1, report.changedElsewhere().size());
        assertTrue(report.changedElsewhere().get(0).itemDeleted());
        assertTrue(repository.getItem(table, c55, true).item().isEmpty());
    }

    @Test
    void aRunAfterAnInterruptedOneWritesOnlyWhatWasLeft() {
        String table = seeded(Dataset.SAAS);
        // More drift than the sample plants: rename Huge Co, so its 700 projects are stale.
        repository.updateItem(
                new UpdateSpec(
                        table,
                        SampleData.saasKey(SampleData.HUGE, "META"),
                        new CompiledExpression(
                                "SET #n = :v", Map.of("#n", "name"), Map.of(":v", s("Huge Corp"))),
                        null));
        PropagationPlan plan =
                PropagationPlan.of(
                        detect(table, SampleRules.saasWorkspaceName()).report(), SAAS_KEYS);
        assertEquals(SampleData.HUGE_PROJECTS + 2, plan.size());
        int k = 25;
        CountingRepository counting = new CountingRepository(repository);
        Cancellation cancellation = new Cancellation();

        PropagationReport first =
                new DriftPropagation(counting)
                        .propagate(
                                table,
                                plan,
                                DriftPropagation.Options.withConcurrency(1),
                                progress -> {
                                    if (progress.done() == k) {
                                        cancellation.cancel();
                                    }
                                },
                                cancellation);

        assertEquals(k, first.updated().size());
        assertEquals(plan.size() - k, first.notAttempted().size());
        assertTrue(first.cancelled());
        assertEquals(k, counting.written());

        // Re-running the same plan: what was written is already current and nothing is written
        // twice.
        PropagationReport again =
                new DriftPropagation(counting)
                        .propagate(
                                table,
                                plan,
                                DriftPropagation.Options.withConcurrency(4),
                                progress -> {},
                                Cancellation.none());

        assertEquals(plan.size() - k, again.updated().size());
        assertEquals(first.updated(), again.alreadyCurrent());
        assertEquals(plan.size(), counting.written());
        // A fresh detection finds nothing left to do.
        assertFalse(detect(table, SampleRules.saasWorkspaceName()).report().hasDrift());
    }

    @Test
    void aFreshDetectionAfterACancelPlansOnlyWhatWasLeft() {
        String table = seeded(Dataset.BLOG);
        PropagationPlan plan =
                PropagationPlan.of(
                        detect(table, SampleRules.blogEmbeddedAuthor()).report(), BLOG_KEYS);
        Cancellation cancellation = new Cancellation();
        PropagationReport first =
                new DriftPropagation(repository)
                        .propagate(
                                table,
                                plan,
                                DriftPropagation.Options.withConcurrency(1),
                                progress -> cancellation.cancel(),
                                cancellation);
        assertEquals(1, first.updated().size());

        PropagationPlan rest =
                PropagationPlan.of(
                        detect(table, SampleRules.blogEmbeddedAuthor()).report(), BLOG_KEYS);

        assertEquals(first.notAttempted(), rest.writes());
    }

    @Test
    void detectionCanBeCancelled() {
        String table = seeded(Dataset.SAAS);
        Cancellation cancellation = new Cancellation();
        List<DriftDetection.Progress> seen = new ArrayList<>();

        DriftDetection.Result result =
                new DriftDetection(repository)
                        .detect(
                                table,
                                SampleRules.saasWorkspaceName(),
                                progress -> {
                                    seen.add(progress);
                                    if (progress.sourcesQueried() == 1) {
                                        cancellation.cancel();
                                    }
                                },
                                cancellation);

        assertFalse(result.complete());
        assertEquals(4, seen.get(seen.size() - 1).sourcesTotal());
        assertTrue(seen.get(seen.size() - 1).sourcesQueried() < 4);
    }

    @Test
    void anIndexThatCannotServeTheRuleIsRefusedBeforeAnythingIsRead() {
        String table =
                TestEngine.freshTable(
                        new TableDefinition(
                                "drift-keys-only",
                                BLOG_KEYS,
                                Map.of("PK", "S", "SK", "S", "authorId", "S", "createdAt", "S"),
                                List.of(
                                        new SecondaryIndex(
                                                "byAuthor",
                                                true,
                                                KeySchema.of("authorId", "createdAt"),
                                                "KEYS_ONLY",
                                                List.of())),
                                List.of()));
        DenormalizationRule rule = SampleRules.blogAuthorName();
        DenormalizationRule otherIndex =
                new DenormalizationRule(
                        "other",
                        "",
                        rule.source(),
                        new DenormalizationRule.Copies(
                                CopyLookup.INDEX,
                                "byTitle",
                                rule.copies().reference(),
                                null,
                                rule.copies().attribute()));

        String notProjected =
                assertThrows(IllegalArgumentException.class, () -> detect(table, rule))
                        .getMessage();
        String missing =
                assertThrows(IllegalArgumentException.class, () -> detect(table, otherIndex))
                        .getMessage();

        assertTrue(notProjected.contains("does not project authorName"), notProjected);
        assertTrue(missing.contains("has no global secondary index 'byTitle'"), missing);
    }

    private PropagationReport propagate(
            String table, PropagationPlan plan, int concurrency, Cancellation cancellation) {
        return new DriftPropagation(repository)
                .propagate(
                        table,
                        plan,
                        DriftPropagation.Options.withConcurrency(concurrency),
                        progress -> {},
                        cancellation);
    }

    /** Counts the writes that took effect, passing everything through. */
    static final class CountingRepository extends ForwardingRepository {
        private final AtomicInteger written = new AtomicInteger();

        CountingRepository(DynamoRepository delegate) {
            super(delegate);
        }

        @Override
        public WriteOutcome updateItem(UpdateSpec update) {
            WriteOutcome outcome = super.updateItem(update);
            if (outcome instanceof WriteOutcome.Written) {
                written.incrementAndGet();
            }
            return outcome;
        }

        int written() {
            return written.get();
        }
    }
}

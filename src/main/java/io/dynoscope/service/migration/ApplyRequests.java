package io.dynoscope.service.migration;

import io.dynoscope.core.migration.MigrationPlan;
import io.dynoscope.core.migration.ModelDiff;
import io.dynoscope.core.migration.PlanText;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableChange;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.table.TableAdmin;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What applying a plan sends, in order, for the confirmation a person reads before anything is
 * sent: each UpdateTable that creates an index as DynamoDB's API takes it, the backfill's guarded
 * UpdateItem (one example per entity), the reads that follow, and the cleanup when asked. Reads the
 * table's description only.
 */
final class ApplyRequests {

    private ApplyRequests() {}

    static List<String> of(DynamoRepository repository, MigrationPlan plan, boolean cleanup) {
        TableAdmin admin = new TableAdmin(repository);
        TableInfo info = repository.describeTable(plan.table());
        List<String> lines = new ArrayList<>();
        indexes(admin, info, plan, MigrationPlan.When.BEFORE_BACKFILL, lines);
        long updates = plan.estimate().itemsToUpdate();
        lines.add(
                String.format(
                        Locale.ROOT,
                        "The backfill: about %,d UpdateItem on table '%s', one for each item whose"
                                + " computed attributes disagree with its template, each sent only"
                                + " while the item still holds the values it was computed from;"
                                + " for example:",
                        updates,
                        plan.table()));
        Map<String, String> examples = plan.sample().exampleWrites();
        if (examples.isEmpty()) {
            lines.add("  (no sampled item needs a write)");
        }
        examples.keySet().stream()
                .sorted()
                .forEach(entity -> lines.add("  " + entity + " " + examples.get(entity)));
        indexes(admin, info, plan, MigrationPlan.When.AFTER_BACKFILL, lines);
        lines.add(
                "Then reads only: catch-up Scans until one finds nothing to fix (at most "
                        + Migration.DEFAULT_CATCH_UP_PASSES
                        + "), each access pattern of the edited model, and a verification Scan.");
        List<String> removals = PlanText.cleanup(plan);
        if (cleanup && !removals.isEmpty()) {
            lines.add("Once the proof passed, the cleanup (guarded like the backfill):");
            removals.forEach(r -> lines.add("  " + r));
        }
        return lines;
    }

    private static void indexes(
            TableAdmin admin,
            TableInfo info,
            MigrationPlan plan,
            MigrationPlan.When when,
            List<String> lines) {
        for (ModelDiff.IndexChange change : plan.indexesToCreate(when)) {
            SecondaryIndex index = change.index();
            if (info.globalSecondaryIndexes().stream()
                    .anyMatch(i -> i.name().equals(index.name()))) {
                continue;
            }
            lines.add(
                    (when == MigrationPlan.When.BEFORE_BACKFILL ? "Before" : "After")
                            + " the backfill, UpdateTable creating index "
                            + index.name()
                            + ", then waiting until it is ACTIVE:");
            lines.add(admin.requestText(indexAddition(admin, info, plan.table(), change)));
        }
    }

    /** The UpdateTable that creates the index of {@code change}, with the table's capacity. */
    static TableChange indexAddition(
            TableAdmin admin, TableInfo info, String table, ModelDiff.IndexChange change) {
        TableDefinition.Billing billing = info.provisionedThroughput();
        return admin.indexAddition(
                table,
                change.index(),
                change.keyTypes(),
                billing != null && billing.isProvisioned()
                        ? Optional.of(billing)
                        : Optional.empty());
    }
}

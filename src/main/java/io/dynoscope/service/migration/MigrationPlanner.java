package io.dynoscope.service.migration;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.migration.AttributeComputation;
import io.dynoscope.core.migration.MigrationPlan;
import io.dynoscope.core.migration.ModelDiff;
import io.dynoscope.core.migration.SampleTally;
import io.dynoscope.core.migration.TableFacts;
import io.dynoscope.core.model.ModelInference;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.ScanSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Plans a migration of a live table: reads its description and one sample (a single Scan, nothing
 * else), infers the current model from that sample when none is given, and lets the core diff the
 * models, tally the sample and estimate the cost. Sends no write: this is the dry run.
 */
public final class MigrationPlanner {

    /** How many items the sample reads unless told otherwise. */
    public static final int DEFAULT_SAMPLE = 1_000;

    /** A model and where it came from, for the plan's words ("the saved model", a file name). */
    public record Source(TableModel model, String description) {
        public Source {
            Objects.requireNonNull(model, "model");
            Objects.requireNonNull(description, "description");
        }
    }

    private final DynamoRepository repository;

    public MigrationPlanner(DynamoRepository repository) {
        this.repository = Objects.requireNonNull(repository);
    }

    /**
     * Plans moving {@code table} from {@code current} (inferred from the sample when empty) to
     * {@code target}.
     *
     * @param concurrency the writes the migration will keep in flight (for the time estimate)
     */
    public MigrationPlan plan(
            String table,
            Optional<Source> current,
            Source target,
            int sampleSize,
            int concurrency,
            Cancellation cancellation) {
        if (sampleSize < 1) {
            throw new IllegalArgumentException("the sample needs at least one item");
        }
        // a small request's round trip: what one UpdateItem costs in time, roughly
        long described = System.nanoTime();
        TableInfo info = repository.describeTable(table);
        Duration requestTime = Duration.ofNanos(System.nanoTime() - described);
        List<Item> sample = new ArrayList<>();
        ReadResult read =
                repository.scan(
                        ScanSpec.table(table).withLimit(sampleSize),
                        page -> sample.addAll(page.items()),
                        cancellation);
        List<SecondaryIndex> liveIndexes = info.indexes();
        Source from =
                current.orElseGet(
                        () ->
                                new Source(
                                        ModelInference.infer(
                                                        table,
                                                        info.keySchema(),
                                                        info.keyAttributeTypes(),
                                                        liveIndexes,
                                                        sample)
                                                .design()
                                                .model(),
                                        "the model inferred from a sample of "
                                                + sample.size()
                                                + " items"));
        TableModel currentModel = from.model().withTable(table);
        TableModel targetModel = target.model().withTable(table);
        ModelDiff diff = ModelDiff.between(currentModel, targetModel, Optional.of(liveIndexes));
        if (!targetModel.keys().equals(info.keySchema())) {
            diff =
                    withRefusal(
                            diff,
                            "table '" + table + "' is keyed " + keys(info) + ", the target is not");
        }
        SampleTally tally;
        try {
            tally =
                    SampleTally.of(
                            sample,
                            read.complete(),
                            AttributeComputation.of(targetModel),
                            targetModel.indexes());
        } catch (IllegalArgumentException e) {
            // the diff refuses this target and says why; nothing to count
            tally =
                    new SampleTally(
                            sample.size(),
                            read.complete(),
                            0,
                            Map.of(),
                            0,
                            List.of(),
                            0,
                            List.of(),
                            Map.of(),
                            Map.of(),
                            List.of());
        }
        for (String refusal : tally.refusals()) {
            diff = withRefusal(diff, refusal);
        }
        // the first request of a connection pays for its set-up: a page of the sample, when
        // quicker, is the better bound on one UpdateItem's round trip
        int requests = Math.max(1, read.statistics().requests());
        Duration elapsed =
                read.statistics().elapsed() == null ? Duration.ZERO : read.statistics().elapsed();
        Duration perPage = elapsed.dividedBy(requests);
        if (!perPage.isZero() && perPage.compareTo(requestTime) < 0) {
            requestTime = perPage;
        }
        return new MigrationPlan(
                table,
                from.description(),
                target.description(),
                currentModel,
                targetModel,
                diff,
                tally,
                facts(info),
                concurrency,
                requestTime);
    }

    private static ModelDiff withRefusal(ModelDiff diff, String refusal) {
        List<String> refusals = new ArrayList<>(diff.refusals());
        refusals.add(0, refusal);
        return new ModelDiff(
                diff.indexes(), diff.entities(), diff.accessPatterns(), refusals, diff.notes());
    }

    private static String keys(TableInfo info) {
        return info.keySchema().partitionKey()
                + info.keySchema().sortKey().map(sk -> " / " + sk).orElse("");
    }

    static TableFacts facts(TableInfo info) {
        TableDefinition.Billing billing = info.provisionedThroughput();
        boolean provisioned = billing != null && billing.isProvisioned();
        return new TableFacts(
                info.itemCount(),
                info.sizeBytes(),
                provisioned,
                provisioned ? billing.readCapacity() : 0,
                provisioned ? billing.writeCapacity() : 0);
    }
}

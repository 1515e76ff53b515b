package io.dynoscope.service.model;

import io.dynoscope.core.model.Capacity;
import io.dynoscope.core.model.InferredModel;
import io.dynoscope.core.model.ModelInference;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.read.TableSampler;
import io.dynoscope.service.store.DynamoRepository;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Proposes a model of a live table: reads its description (keys, indexes, billing) and a sample of
 * its items (one Scan, up to the sample size), then lets {@link ModelInference} group the items
 * into entities and propose the access patterns their keys allow, with the evidence for each.
 */
public final class LiveModelInference {

    /** How many items a sample reads unless told otherwise. */
    public static final int DEFAULT_SAMPLE = 10_000;

    private final DynamoRepository repository;

    public LiveModelInference(DynamoRepository repository) {
        this.repository = Objects.requireNonNull(repository);
    }

    /**
     * The proposal and what reading the sample cost.
     *
     * @param complete false when cancelled before the sample was read
     */
    public record Result(InferredModel model, ReadStatistics reads, boolean complete) {}

    /**
     * Samples {@code table} (at most {@code sampleSize} items) and proposes its model; {@code
     * itemsRead} is told the running count on the reading thread.
     */
    public Result infer(
            String table, int sampleSize, Consumer<Integer> itemsRead, Cancellation cancellation) {
        if (sampleSize < 1) {
            throw new IllegalArgumentException("the sample needs at least one item");
        }
        TableInfo info = repository.describeTable(table);
        TableSampler.Sample sample =
                new TableSampler(repository)
                        .sample(table, sampleSize, itemsRead::accept, cancellation);
        InferredModel inferred =
                ModelInference.infer(
                        table,
                        info.keySchema(),
                        info.keyAttributeTypes(),
                        info.indexes(),
                        sample.items());
        Capacity capacity = capacity(info);
        InferredModel withCapacity =
                new InferredModel(
                        inferred.design().withCapacity(capacity),
                        inferred.sampled(),
                        inferred.entities(),
                        inferred.accessPatterns(),
                        inferred.notes());
        return new Result(withCapacity, sample.statistics(), sample.complete());
    }

    /** The table's billing as the model holds it (auto scaling is not read). */
    public static Capacity capacity(TableInfo info) {
        TableDefinition.Billing billing = info.provisionedThroughput();
        return billing == null || !billing.isProvisioned()
                ? Capacity.ON_DEMAND
                : Capacity.provisioned(billing.readCapacity(), billing.writeCapacity());
    }
}

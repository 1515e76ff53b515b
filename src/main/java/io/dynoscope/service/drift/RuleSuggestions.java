package io.dynoscope.service.drift;

import io.dynoscope.core.drift.RuleSuggester;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.read.TableSampler;
import io.dynoscope.service.store.TableMetadata;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.IntConsumer;

/**
 * Drift rules suggested from a sample of a table: which attributes look like copies of another
 * item's attribute, with the evidence (copies that agree with their source, copies that differ).
 * The drift inspector and {@code dynoscope drift suggest} both ask here.
 */
public final class RuleSuggestions {

    /** How many items a suggestion reads unless told otherwise. */
    public static final int DEFAULT_SAMPLE = 10_000;

    private final TableMetadata tables;
    private final TableSampler sampler;

    public RuleSuggestions(TableMetadata tables, TableSampler sampler) {
        this.tables = Objects.requireNonNull(tables, "tables");
        this.sampler = Objects.requireNonNull(sampler, "sampler");
    }

    /**
     * What a suggestion found.
     *
     * @param sampled how many items the sample held
     * @param reads what reading the sample cost
     */
    public record Suggested(
            List<RuleSuggester.Suggestion> suggestions, int sampled, ReadStatistics reads) {}

    /**
     * Reads the first {@code sampleSize} items of {@code table} and suggests rules from them;
     * {@code itemsRead} hears the sample grow, on the reading thread.
     */
    public Suggested suggest(
            String table, int sampleSize, IntConsumer itemsRead, Cancellation cancellation) {
        TableInfo info = tables.describeTable(table);
        TableSampler.Sample sample = sampler.sample(table, sampleSize, itemsRead, cancellation);
        Map<String, String> indexes = new LinkedHashMap<>();
        info.globalSecondaryIndexes()
                .forEach(i -> indexes.put(i.name(), i.keySchema().partitionKey()));
        return new Suggested(
                new RuleSuggester(info.keySchema(), indexes).suggest(sample.items()),
                sample.items().size(),
                sample.statistics());
    }
}

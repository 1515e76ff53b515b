package io.dynoscope.core.drift;

import io.dynoscope.core.expression.AttributePath;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.key.KeyTemplate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One denormalization: which items hold the canonical value (the source) and which items hold a
 * copy of it, how a copy points back to its source, and how the copies are found.
 *
 * <p>Example, the blog's duplicated author name: source {@code USER#{id}} / {@code META}, attribute
 * {@code name}; copies found through the index {@code byAuthor}, reference {@code authorId}
 * matching {@code U#{id}}, copy attribute {@code authorName}.
 *
 * @param name what the user calls this rule
 * @param description free text, e.g. the evidence behind a suggestion; may be empty
 */
public record DenormalizationRule(String name, String description, Source source, Copies copies) {

    public DenormalizationRule {
        Objects.requireNonNull(name, "name");
        description = description == null ? "" : description;
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(copies, "copies");
        Set<String> bound = source.partitionKey().variables();
        if (bound.isEmpty()) {
            throw new IllegalArgumentException(
                    "rule '"
                            + name
                            + "': the source pattern '"
                            + source.partitionKey()
                            + "' needs a placeholder such as {id} that the references fill in");
        }
        for (KeyTemplate pattern : copies.reference().patterns()) {
            if (!pattern.variables().equals(bound)) {
                throw new IllegalArgumentException(
                        "rule '"
                                + name
                                + "': the reference pattern '"
                                + pattern
                                + "' must use the same placeholders as the source pattern '"
                                + source.partitionKey()
                                + "' "
                                + bound);
            }
        }
    }

    /**
     * The items holding the canonical value.
     *
     * @param partitionKey the pattern of their partition-key value, e.g. {@code USER#{id}} (no
     *     ranges)
     * @param sortKey their sort-key value, e.g. {@code META}, or null for a table without sort key
     * @param attribute the canonical attribute, e.g. {@code name}
     */
    public record Source(KeyTemplate partitionKey, String sortKey, AttributePath attribute) {
        public Source {
            Objects.requireNonNull(partitionKey, "source partition key pattern");
            Objects.requireNonNull(attribute, "source attribute");
            if (partitionKey.hasRange()) {
                throw new IllegalArgumentException(
                        "the source pattern '" + partitionKey + "' cannot have a range");
            }
        }
    }

    /**
     * The items holding copies.
     *
     * @param lookup how they are found
     * @param index the global secondary index to query ({@link CopyLookup#INDEX} only), else null
     * @param reference the attribute pointing back to the source, and its patterns
     * @param sortKeyPrefix only items whose sort key starts with this are copies, or null for any
     * @param attribute the copy, top level ({@code authorName}) or nested ({@code author.name})
     */
    public record Copies(
            CopyLookup lookup,
            String index,
            Reference reference,
            String sortKeyPrefix,
            AttributePath attribute) {
        public Copies {
            Objects.requireNonNull(lookup, "lookup");
            Objects.requireNonNull(reference, "reference");
            Objects.requireNonNull(attribute, "copy attribute");
            if ((lookup == CopyLookup.INDEX) != (index != null && !index.isEmpty())) {
                throw new IllegalArgumentException(
                        lookup == CopyLookup.INDEX
                                ? "copies found through an INDEX need the index name"
                                : "only an INDEX lookup names an index");
            }
            if (lookup != CopyLookup.SCAN && reference.attribute().segments().size() != 1) {
                throw new IllegalArgumentException(
                        lookup
                                + " lookups need a top-level key attribute as reference, not '"
                                + reference.attribute()
                                + "'");
            }
            if (sortKeyPrefix != null && sortKeyPrefix.isEmpty()) {
                sortKeyPrefix = null;
            }
        }
    }

    /**
     * How a copy names its source: the attribute holding the reference and the patterns its value
     * takes, e.g. {@code authorId} with {@code U#{id}}, or {@code EntityRef} with {@code WS#{id}}
     * and {@code WS#{id}#{01..10}} for a sharded tenant.
     */
    public record Reference(AttributePath attribute, List<KeyTemplate> patterns) {
        public Reference {
            Objects.requireNonNull(attribute, "reference attribute");
            patterns = List.copyOf(patterns);
            if (patterns.isEmpty()) {
                throw new IllegalArgumentException("a reference needs at least one pattern");
            }
        }
    }

    private static final String NO_ORPHANS =
            "; copies whose source is missing are not seen (a SCAN lookup sees them)";

    /**
     * What finding the copies costs, in words, for the user to read before running: the number of
     * requests and whether the whole table is read.
     */
    public String costDescription() {
        String sources =
                "sources: one Scan of the whole table, filtered to "
                        + source.partitionKey()
                        + (source.sortKey() == null ? "" : " / " + source.sortKey());
        int partitions = 0;
        for (KeyTemplate pattern : copies.reference().patterns()) {
            Map<String, String> anyBindings = new HashMap<>();
            pattern.variables().forEach(v -> anyBindings.put(v, v));
            partitions += pattern.render(anyBindings).size();
        }
        String perSource = partitions == 1 ? "one Query" : partitions + " Queries";
        return switch (copies.lookup()) {
            case COLLECTION ->
                    "Query: "
                            + perSource
                            + " per source, within its own item collection"
                            + (partitions > 1 ? " and its shard partitions" : "")
                            + "; "
                            + sources
                            + NO_ORPHANS;
            case INDEX ->
                    "Query: "
                            + perSource
                            + " per source on index "
                            + copies.index()
                            + "; "
                            + sources
                            + NO_ORPHANS;
            case SCAN ->
                    "Scan: reads every item of the table once (sources and copies together); "
                            + "charged for the whole table whatever the filter";
        };
    }

    /**
     * Checks the rule against a table's key schema; throws {@link IllegalArgumentException} saying
     * why not.
     */
    public void checkAgainst(KeySchema schema) {
        if ((source.sortKey() == null) != schema.sortKey().isEmpty()) {
            throw new IllegalArgumentException(
                    "rule '"
                            + name
                            + "': "
                            + (source.sortKey() == null
                                    ? "the table has a sort key ("
                                            + schema.sortKey().orElseThrow()
                                            + "), so the source needs a sortKey"
                                    : "the table has no sort key, so the source cannot name one"));
        }
        if (copies.sortKeyPrefix() != null && schema.sortKey().isEmpty()) {
            throw new IllegalArgumentException(
                    "rule '" + name + "': the table has no sort key for sortKeyPrefix");
        }
        if (copies.lookup() == CopyLookup.COLLECTION
                && !copies.reference().attribute().attribute().equals(schema.partitionKey())) {
            throw new IllegalArgumentException(
                    "rule '"
                            + name
                            + "': copies within the source's item collection are referenced by the partition key "
                            + schema.partitionKey()
                            + ", not "
                            + copies.reference().attribute());
        }
    }
}

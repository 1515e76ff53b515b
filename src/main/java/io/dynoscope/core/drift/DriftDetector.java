package io.dynoscope.core.drift;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.key.KeyTemplate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Compares copies with their sources for one rule. Feed it items in any order and from any reads (a
 * Scan, per-source Queries, both); items that are neither source nor copy are ignored and an item
 * seen twice counts once. Then ask for the {@link DriftReport}.
 *
 * <p>Values are compared as DynamoDB compares them: the type is part of the value ({@code
 * {"N":"6"}} is not {@code {"S":"6"}}), numbers by value ({@code 6} equals {@code 6.0}), sets
 * without order. Not thread-safe: call from one thread at a time.
 */
public final class DriftDetector {

    private final DenormalizationRule rule;
    private final KeySchema schema;
    private final Map<Key, Source> sources = new LinkedHashMap<>();
    private final Map<Key, Copy> copies = new LinkedHashMap<>();

    private record Source(Key key, AttributeValue value) {}

    private record Copy(Key key, Key source, AttributeValue value) {}

    public DriftDetector(DenormalizationRule rule, KeySchema schema) {
        rule.checkAgainst(schema);
        this.rule = rule;
        this.schema = schema;
    }

    /**
     * Takes one item read from the table (or an index that projects the attributes the rule needs).
     */
    public void accept(Item item) {
        Key key = keyOf(item);
        if (key == null) {
            return;
        }
        if (isSource(item)) {
            sources.put(
                    key,
                    new Source(
                            key, ItemPaths.valueAt(item, rule.source().attribute()).orElse(null)));
        }
        Optional<Key> source = sourceOfCopy(item);
        if (source.isPresent() && !source.get().equals(key)) {
            AttributeValue value = ItemPaths.valueAt(item, rule.copies().attribute()).orElseThrow();
            copies.put(key, new Copy(key, source.get(), value));
        }
    }

    public void acceptAll(Iterable<Item> items) {
        items.forEach(this::accept);
    }

    /** The source key a copy with these reference bindings points at. */
    public Key sourceKey(Map<String, String> bindings) {
        String partition = rule.source().partitionKey().render(bindings).get(0);
        return schema.sortKey()
                .map(
                        sk ->
                                Key.of(
                                        schema.partitionKey(),
                                        AttributeValue.s(partition),
                                        sk,
                                        AttributeValue.s(rule.source().sortKey())))
                .orElseGet(() -> Key.of(schema.partitionKey(), AttributeValue.s(partition)));
    }

    /** Whether the item is a source item of the rule (whether or not it has the attribute). */
    public boolean isSource(Item item) {
        Optional<String> pk = item.string(schema.partitionKey());
        if (pk.isEmpty() || rule.source().partitionKey().match(pk.get()).isEmpty()) {
            return false;
        }
        return schema.sortKey()
                .map(sk -> item.string(sk).map(rule.source().sortKey()::equals).orElse(false))
                .orElse(true);
    }

    /** The key of the source this item copies from, when the item is a copy under the rule. */
    public Optional<Key> sourceOfCopy(Item item) {
        DenormalizationRule.Copies rules = rule.copies();
        if (ItemPaths.valueAt(item, rules.attribute()).isEmpty()) {
            return Optional.empty();
        }
        if (rules.sortKeyPrefix() != null) {
            String sk = schema.sortKey().flatMap(item::string).orElse(null);
            if (sk == null || !sk.startsWith(rules.sortKeyPrefix())) {
                return Optional.empty();
            }
        }
        Optional<String> reference = ItemPaths.stringAt(item, rules.reference().attribute());
        if (reference.isEmpty()) {
            return Optional.empty();
        }
        for (KeyTemplate pattern : rules.reference().patterns()) {
            Optional<Map<String, String>> bindings = pattern.match(reference.get());
            if (bindings.isPresent()) {
                return Optional.of(sourceKey(bindings.get()));
            }
        }
        return Optional.empty();
    }

    /** The report for everything accepted so far. */
    public DriftReport report() {
        Map<Key, List<Copy>> bySource = new LinkedHashMap<>();
        List<DriftReport.OrphanCopy> orphans = new ArrayList<>();
        for (Copy copy : copies.values()) {
            Source source = sources.get(copy.source());
            if (source == null || source.value() == null) {
                orphans.add(
                        new DriftReport.OrphanCopy(
                                copy.key(),
                                copy.source(),
                                copy.value(),
                                source == null
                                        ? DriftReport.OrphanReason.SOURCE_MISSING
                                        : DriftReport.OrphanReason.SOURCE_HAS_NO_VALUE));
            } else {
                bySource.computeIfAbsent(copy.source(), k -> new ArrayList<>()).add(copy);
            }
        }
        Comparator<Key> keyOrder = keyOrder(schema);
        List<DriftReport.SourceReport> reports = new ArrayList<>();
        for (Source source : sources.values()) {
            if (source.value() == null) {
                continue;
            }
            List<Copy> ofSource = bySource.getOrDefault(source.key(), List.of());
            List<DriftReport.DriftedCopy> drifted =
                    ofSource.stream()
                            .filter(c -> !c.value().equals(source.value()))
                            .map(
                                    c ->
                                            new DriftReport.DriftedCopy(
                                                    c.key(),
                                                    source.key(),
                                                    c.value(),
                                                    source.value()))
                            .sorted(Comparator.comparing(DriftReport.DriftedCopy::copy, keyOrder))
                            .toList();
            reports.add(
                    new DriftReport.SourceReport(
                            source.key(), source.value(), ofSource.size(), drifted));
        }
        return ordered(rule, schema, reports, orphans);
    }

    /**
     * A report of the sources and orphans found in parts (each source with all its copies in one
     * part, as a job that groups copies by their source finds them), in the order {@link #report()}
     * gives them, so both read the same.
     */
    public static DriftReport ordered(
            DenormalizationRule rule,
            KeySchema schema,
            List<DriftReport.SourceReport> sources,
            List<DriftReport.OrphanCopy> orphans) {
        Comparator<Key> keyOrder = keyOrder(schema);
        List<DriftReport.SourceReport> sortedSources = new ArrayList<>(sources);
        List<DriftReport.OrphanCopy> sortedOrphans = new ArrayList<>(orphans);
        sortedSources.sort(Comparator.comparing(DriftReport.SourceReport::source, keyOrder));
        sortedOrphans.sort(Comparator.comparing(DriftReport.OrphanCopy::copy, keyOrder));
        return new DriftReport(rule, sortedSources, sortedOrphans);
    }

    private Key keyOf(Item item) {
        if (!item.attributes().containsKey(schema.partitionKey())
                || schema.sortKey().map(sk -> !item.attributes().containsKey(sk)).orElse(false)) {
            return null;
        }
        return schema.keyOf(item);
    }

    /**
     * Orders keys by partition-key text, then sort-key text, so reports read the same on every run.
     */
    private static Comparator<Key> keyOrder(KeySchema schema) {
        return Comparator.comparing((Key k) -> text(k.attributes().get(schema.partitionKey())))
                .thenComparing(
                        k -> schema.sortKey().map(sk -> text(k.attributes().get(sk))).orElse(""));
    }

    private static String text(AttributeValue value) {
        if (value instanceof AttributeValue.Str s) {
            return s.value();
        }
        if (value instanceof AttributeValue.Num n) {
            return n.canonical();
        }
        return String.valueOf(value);
    }
}

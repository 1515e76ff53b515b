package io.dynoscope.core.migration;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.core.drift.PropagationPlan;
import io.dynoscope.core.expression.GuardedUpdate;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.ItemSize;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.Projection;
import io.dynoscope.core.table.SecondaryIndex;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a sample of the table says about a migration: items per entity and how many would be
 * written, the items of no entity and those whose attributes cannot be computed, and for each
 * secondary index what the migration's writes would cost it.
 *
 * @param wholeTable the sample read the whole table, so its figures are the table's
 * @param sampleBytes the sampled items' size
 * @param entities per entity of the target, in its order
 * @param unmatchedExamples the first keys of items of no entity
 * @param uncomputableExamples the first keys of items that cannot be computed, with why: a value of
 *     the wrong type or one no key segment can hold (the item is left alone), or a value the
 *     templates read that the item lacks (it stays out of that index)
 * @param indexes per secondary index of the target
 * @param exampleWrites per entity, the guarded UpdateItem the migration would send for its first
 *     sampled item that disagrees, as the request's expressions and maps
 * @param refusals why the sample says the target cannot be reached: an index an entity gives keys
 *     that none of its sampled items can have (the template reads a value none holds, or values no
 *     key can take); the plan refuses before any write
 */
public record SampleTally(
        int sampled,
        boolean wholeTable,
        long sampleBytes,
        Map<String, EntityTally> entities,
        int unmatched,
        List<String> unmatchedExamples,
        int uncomputable,
        List<String> uncomputableExamples,
        Map<String, IndexTally> indexes,
        Map<String, String> exampleWrites,
        List<String> refusals) {

    private static final ObjectMapper NAMES = new ObjectMapper();

    /** How many example keys are kept. */
    public static final int EXAMPLES = 5;

    public SampleTally {
        entities = Map.copyOf(entities);
        unmatchedExamples = List.copyOf(unmatchedExamples);
        uncomputableExamples = List.copyOf(uncomputableExamples);
        indexes = Map.copyOf(indexes);
        exampleWrites = Map.copyOf(exampleWrites);
        refusals = List.copyOf(refusals);
    }

    /**
     * @param writeUnits the write units of the items' updates (1 per KB of the larger of the item
     *     before and after)
     */
    public record EntityTally(long items, long toUpdate, long writeUnits) {}

    /**
     * What the migration's writes cost one index, in write units (1 per KB of the projected item).
     *
     * @param keyedBefore items that carry the index's keys before the migration
     * @param keyedAfter items that carry them after
     * @param creationBefore what building the index costs when it is created before the backfill
     * @param creationAfter what building it costs when it is created after
     * @param backfillWrites what the backfill's updates cost it while it exists (a changed key is a
     *     delete and a put)
     * @param bytesAfter the projected items' size after, with DynamoDB's 100 bytes per index item
     * @param leftOutByType items left out of the index because a key attribute of theirs has
     *     another type than the index declares (DynamoDB's index key violations)
     */
    public record IndexTally(
            long keyedBefore,
            long keyedAfter,
            long creationBefore,
            long creationAfter,
            long backfillWrites,
            long bytesAfter,
            long leftOutByType) {}

    /** The index item overhead DynamoDB bills for storage, in bytes. */
    static final int INDEX_ITEM_OVERHEAD = 100;

    /** Tallies {@code sample} for a migration computed by {@code computation}. */
    public static SampleTally of(
            List<Item> sample,
            boolean wholeTable,
            AttributeComputation computation,
            List<SecondaryIndex> indexes) {
        KeySchema tableKeys = computation.model().keys();
        Map<String, long[]> entities = new LinkedHashMap<>();
        computation.model().entities().forEach(e -> entities.put(e.name(), new long[3]));
        Map<String, long[]> byIndex = new LinkedHashMap<>();
        indexes.forEach(i -> byIndex.put(i.name(), new long[7]));
        long bytes = 0;
        int unmatched = 0;
        int uncomputable = 0;
        List<String> unmatchedExamples = new ArrayList<>();
        List<String> uncomputableExamples = new ArrayList<>();
        Map<String, String> exampleWrites = new LinkedHashMap<>();
        Map<String, Map<String, Long>> keyedPerIndex = new HashMap<>();
        Map<String, String> firstLeftOut = new HashMap<>();
        for (Item item : sample) {
            bytes += ItemSize.of(item);
            Optional<Computed> computed = computation.compute(item);
            if (computed.isEmpty()) {
                unmatched++;
                example(unmatchedExamples, tableKeys.keyOf(item).text());
                for (SecondaryIndex index : indexes) {
                    if (otherKeyType(computation.model(), index, item)) {
                        byIndex.get(index.name())[6]++;
                    }
                }
                continue;
            }
            long[] entity = entities.get(computed.get().entity());
            entity[0]++;
            Map<String, Long> keyed =
                    keyedPerIndex.computeIfAbsent(computed.get().entity(), e -> new HashMap<>());
            if (!computed.get().computable()) {
                uncomputable++;
                String why = tableKeys.keyOf(item).text() + ": " + computed.get().problem();
                example(uncomputableExamples, why);
                firstLeftOut.putIfAbsent(computed.get().entity(), why);
                continue;
            }
            if (computed.get().leftOut().isPresent()) {
                uncomputable++;
                String why = tableKeys.keyOf(item).text() + ": " + computed.get().leftOut().get();
                example(uncomputableExamples, why);
                firstLeftOut.putIfAbsent(computed.get().entity(), why);
            }
            for (String index : computation.indexesKeyed(computed.get())) {
                keyed.merge(index, 1L, Long::sum);
            }
            Item after = computed.get().applied(item);
            boolean updated = !computed.get().agreesWith(item);
            if (updated) {
                entity[1]++;
                entity[2] += units(Math.max(ItemSize.of(item), ItemSize.of(after)));
                exampleWrites.computeIfAbsent(
                        computed.get().entity(),
                        e -> exampleWrite(tableKeys, item, computed.get()));
            }
            for (SecondaryIndex index : indexes) {
                if (otherKeyType(computation.model(), index, after)) {
                    byIndex.get(index.name())[6]++;
                    continue;
                }
                tallyIndex(byIndex.get(index.name()), index, tableKeys, item, after, updated);
            }
        }
        Map<String, EntityTally> entityTallies = new LinkedHashMap<>();
        entities.forEach((name, t) -> entityTallies.put(name, new EntityTally(t[0], t[1], t[2])));
        Map<String, IndexTally> indexTallies = new LinkedHashMap<>();
        byIndex.forEach(
                (name, t) ->
                        indexTallies.put(
                                name, new IndexTally(t[0], t[1], t[2], t[3], t[4], t[5], t[6])));
        List<String> refusals = new ArrayList<>();
        for (Entity entity : computation.model().entities()) {
            long items = entities.get(entity.name())[0];
            Map<String, Long> keyed = keyedPerIndex.getOrDefault(entity.name(), Map.of());
            for (String index : new TreeSet<>(entity.indexKeys().keySet())) {
                if (items > 0 && keyed.getOrDefault(index, 0L) == 0) {
                    KeyTemplates templates = entity.indexKeys().get(index);
                    refusals.add(
                            "entity '"
                                    + entity.name()
                                    + "': none of its "
                                    + items
                                    + " sampled items can have the keys of index '"
                                    + index
                                    + "' ("
                                    + templates.partitionKey().text()
                                    + templates.sortKey().map(sk -> " / " + sk.text()).orElse("")
                                    + "), e.g. "
                                    + firstLeftOut.get(entity.name())
                                    + emptyFor(computation.model(), entity.name(), index)
                                    + "; fix the template or the items first");
                }
            }
        }
        return new SampleTally(
                sample.size(),
                wholeTable,
                bytes,
                entityTallies,
                unmatched,
                unmatchedExamples,
                uncomputable,
                uncomputableExamples,
                indexTallies,
                exampleWrites,
                refusals);
    }

    /**
     * The access patterns that would read {@code index} for {@code entity} and find none of its
     * items there, as an error to name: the backfill would leave that part of the index empty.
     */
    private static String emptyFor(TableModel model, String entity, String index) {
        List<String> patterns =
                model.accessPatterns().stream()
                        .filter(p -> index.equals(p.index()) && p.entities().contains(entity))
                        .map(p -> "'" + p.name() + "'")
                        .toList();
        if (patterns.isEmpty()) {
            return "";
        }
        return "; "
                + (patterns.size() == 1 ? "access pattern " : "access patterns ")
                + String.join(", ", patterns)
                + " would read "
                + index
                + " and find no "
                + entity
                + ": the backfill leaves none in it";
    }

    /**
     * The guarded UpdateItem that makes {@code item} agree, as sent: the drift propagation's guard
     * on every value the templates read and every attribute it writes, and the item still there.
     */
    static String exampleWrite(KeySchema tableKeys, Item item, Computed computed) {
        GuardedUpdate update =
                PropagationPlan.guarded(
                        tableKeys.partitionKey(), computed.actions(item), computed.guard(item));
        String names;
        try {
            names = NAMES.writeValueAsString(update.names());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a map of strings is JSON", e);
        }
        return tableKeys.keyOf(item).text()
                + ": UpdateExpression "
                + update.update().text()
                + ", ConditionExpression "
                + update.condition().text()
                + ", names "
                + names
                + ", values "
                + ItemJson.DYNAMODB.write(Item.of(update.values()));
    }

    private static void tallyIndex(
            long[] tally,
            SecondaryIndex index,
            KeySchema tableKeys,
            Item before,
            Item after,
            boolean updated) {
        Optional<Item> was = projected(index, tableKeys, before);
        Optional<Item> is = projected(index, tableKeys, after);
        long unitsWas = was.map(i -> units(ItemSize.of(i))).orElse(0L);
        long unitsIs = is.map(i -> units(ItemSize.of(i))).orElse(0L);
        if (was.isPresent()) {
            tally[0]++;
            tally[2] += unitsWas;
        }
        if (is.isPresent()) {
            tally[1]++;
            tally[3] += unitsIs;
            tally[5] += ItemSize.of(is.get()) + INDEX_ITEM_OVERHEAD;
        }
        if (!updated || (was.isEmpty() && is.isEmpty())) {
            return;
        }
        if (was.isPresent() && is.isPresent()) {
            boolean keyChanged =
                    !index.keySchema().keyOf(was.get()).equals(index.keySchema().keyOf(is.get()));
            if (keyChanged) {
                tally[4] += unitsWas + unitsIs;
            } else if (!was.get().equals(is.get())) {
                tally[4] += unitsIs;
            }
        } else {
            tally[4] += is.isPresent() ? unitsIs : unitsWas;
        }
    }

    /** Whether a key attribute of the index is on the item with another type than declared. */
    private static boolean otherKeyType(TableModel model, SecondaryIndex index, Item item) {
        for (String key : index.keySchema().attributes()) {
            AttributeValue value = item.attributes().get(key);
            String declared = model.keyAttributeType(key);
            if (value != null && declared != null && !value.type().descriptor().equals(declared)) {
                return true;
            }
        }
        return false;
    }

    /** The item as the index holds it, or empty when it lacks the index's keys. */
    static Optional<Item> projected(SecondaryIndex index, KeySchema tableKeys, Item item) {
        Set<String> keys = new LinkedHashSet<>();
        keys.addAll(index.keySchema().attributes());
        for (String key : keys) {
            if (!item.attributes().containsKey(key)) {
                return Optional.empty();
            }
        }
        if (index.projection() == Projection.ALL) {
            return Optional.of(item);
        }
        keys.addAll(tableKeys.attributes());
        if (index.projection() == Projection.INCLUDE) {
            keys.addAll(index.nonKeyAttributes());
        }
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        for (String name : keys) {
            AttributeValue value = item.attributes().get(name);
            if (value != null) {
                attributes.put(name, value);
            }
        }
        return Optional.of(Item.of(attributes));
    }

    /** Write units: one per started KB. */
    static long units(long bytes) {
        return Math.max(1, (bytes + 1023) / 1024);
    }

    private static void example(List<String> examples, String text) {
        if (examples.size() < EXAMPLES) {
            examples.add(text);
        }
    }
}

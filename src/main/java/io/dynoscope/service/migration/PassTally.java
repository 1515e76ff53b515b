package io.dynoscope.service.migration;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.migration.ContentDigest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What one pass over the table found and did, added up over its segments: items read, written,
 * found right, changed or deleted by someone else meanwhile; per entity the items and the content
 * digest of their other attributes; and the first keys of each kind of item left alone.
 *
 * @param counts by {@link Count}
 * @param entities items per entity ({@link #NO_ENTITY} for the items of none)
 * @param digests per entity, the {@link ContentDigest} of its items' attributes other than the
 *     computed ones (empty for a pass that does not hash)
 * @param examples per {@link Count}, the first keys (and why) of the items counted
 */
public record PassTally(
        Map<Count, Long> counts,
        Map<String, Long> entities,
        Map<String, String> digests,
        Map<Count, List<String>> examples) {

    /** The entity name items of no entity are counted under. */
    public static final String NO_ENTITY = "(no entity)";

    /** How many example keys of each kind are kept. */
    static final int EXAMPLES = 20;

    /** What happened to an item. */
    public enum Count {
        READ,
        UPDATED,
        ALREADY_RIGHT,
        /** Its guarded write was refused: someone changed what it was computed from. */
        CHANGED_MEANWHILE,
        /** Its guarded write was refused: someone deleted it. */
        DELETED_MEANWHILE,
        /** A remove of cleanup. */
        REMOVED,
        OF_NO_ENTITY,
        UNCOMPUTABLE,
        /**
         * It lacks a value a template reads, so it stays out of that index (a sparse index); never
         * counted as already right.
         */
        LEFT_OUT,
        /**
         * Not computable, yet it answers an access pattern of the target reading an index the item
         * could not be keyed in (the verification): that pattern cannot return it.
         */
        UNANSWERED,
        /** Its computed attributes disagree (the verification), or still did after the retries. */
        DISAGREEING,
        FAILED
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    public PassTally {
        counts = Map.copyOf(counts);
        entities = Map.copyOf(entities);
        digests = Map.copyOf(digests);
        examples = Map.copyOf(examples);
    }

    public static final PassTally EMPTY = new PassTally(Map.of(), Map.of(), Map.of(), Map.of());

    public long count(Count count) {
        return counts.getOrDefault(count, 0L);
    }

    public List<String> examples(Count count) {
        return examples.getOrDefault(count, List.of());
    }

    /** Items whose computed attributes needed a write in this pass. */
    public long found() {
        return count(Count.UPDATED) + count(Count.CHANGED_MEANWHILE);
    }

    public PassTally plus(PassTally other) {
        Map<Count, Long> sumCounts = new TreeMap<>(counts);
        other.counts.forEach((k, v) -> sumCounts.merge(k, v, Long::sum));
        Map<String, Long> sumEntities = new TreeMap<>(entities);
        other.entities.forEach((k, v) -> sumEntities.merge(k, v, Long::sum));
        Map<String, String> sumDigests = new TreeMap<>(digests);
        other.digests.forEach(
                (k, v) ->
                        sumDigests.merge(
                                k,
                                v,
                                (a, b) ->
                                        ContentDigest.ofHex(a).plus(ContentDigest.ofHex(b)).hex()));
        Map<Count, List<String>> sumExamples = new TreeMap<>(examples);
        other.examples.forEach(
                (k, v) ->
                        sumExamples.merge(
                                k,
                                v,
                                (a, b) -> {
                                    List<String> both = new ArrayList<>(a);
                                    both.addAll(b);
                                    return List.copyOf(
                                            both.subList(0, Math.min(EXAMPLES, both.size())));
                                }));
        return new PassTally(sumCounts, sumEntities, sumDigests, sumExamples);
    }

    /** The tally as one line of JSON (the journal's entry for a finished segment). */
    public String toJson() {
        try {
            return JSON.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a pass tally", e);
        }
    }

    /**
     * Reads {@link #toJson()} back.
     *
     * @throws IllegalArgumentException when it is not one
     */
    public static PassTally fromJson(String text) {
        try {
            PassTally tally = JSON.readValue(text, new TypeReference<PassTally>() {});
            if (tally.counts() == null || tally.entities() == null) {
                throw new IllegalArgumentException("not a pass tally");
            }
            tally.digests().values().forEach(ContentDigest::ofHex);
            return tally;
        } catch (JsonProcessingException | NullPointerException e) {
            throw new IllegalArgumentException("not a pass tally: " + e.getMessage(), e);
        }
    }

    /** Counts one segment's items on one thread. */
    static final class Counter {
        private final Map<Count, Long> counts = new TreeMap<>();
        private final Map<String, Long> entities = new TreeMap<>();
        private final Map<String, ContentDigest> digests = new TreeMap<>();
        private final Map<Count, List<String>> examples = new TreeMap<>();

        void add(Count count) {
            counts.merge(count, 1L, Long::sum);
        }

        void add(Count count, String example) {
            add(count);
            List<String> list = examples.computeIfAbsent(count, c -> new ArrayList<>());
            if (list.size() < EXAMPLES) {
                list.add(example);
            }
        }

        /** Counts an item of {@code entity}, hashing its attributes but {@code computed}. */
        void entity(String entity, Item item, Set<String> computed, boolean hash) {
            entities.merge(entity, 1L, Long::sum);
            if (hash) {
                digests.merge(
                        entity, ContentDigest.EMPTY.plus(item, computed), ContentDigest::plus);
            }
        }

        PassTally tally() {
            Map<String, String> hex = new LinkedHashMap<>();
            digests.forEach((k, v) -> hex.put(k, v.hex()));
            Map<Count, List<String>> kept = new LinkedHashMap<>();
            examples.forEach((k, v) -> kept.put(k, List.copyOf(v)));
            return new PassTally(counts, entities, hex, kept);
        }
    }
}

package io.dynoscope.core.drift;

import io.dynoscope.core.expression.AttributePath;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.key.KeyTemplate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Proposes rules from a sample of a table: where an attribute of many items equals an attribute of
 * the item their reference points to, such as {@code authorName} equal to {@code USER#12}'s {@code
 * name} through {@code authorId = "U#12"}, or a project's {@code workspaceName} equal to the {@code
 * name} of {@code WS#acme} / {@code META} in the same item collection.
 *
 * <p>A reference is a string of the form {@code PREFIX#id} (or the sharded {@code PREFIX#id#NN}) in
 * the partition key or in a top-level or once-nested attribute; a source is an item whose partition
 * key is {@code SOURCE#id}. Each suggestion carries its evidence: how many sampled copies agree
 * with their source and how many differ (the drift). Noise is kept out by ignoring empty strings,
 * NULL and booleans, links between items of the same kind, and matches that do not vary with the
 * source or do not have more copies than sources.
 */
public final class RuleSuggester {

    /** A suggested rule and the evidence behind it. */
    public record Suggestion(DenormalizationRule rule, int agree, int disagree, int sources) {}

    private final KeySchema schema;
    private final Map<String, String> indexPartitionKeys;

    /**
     * @param indexPartitionKeys the partition-key attribute of each global secondary index, by
     *     index name, so a reference that is indexed can be looked up by Query
     */
    public RuleSuggester(KeySchema schema, Map<String, String> indexPartitionKeys) {
        this.schema = Objects.requireNonNull(schema);
        this.indexPartitionKeys = Map.copyOf(indexPartitionKeys);
    }

    private record Family(String prefix, String sortKey) {}

    /**
     * How a reference value is written: a literal prefix, the id, and maybe a shard number of some
     * width.
     */
    private record Shape(String prefix, int shardWidth) {}

    private record Candidate(
            String copyKind,
            String copyPath,
            Family family,
            String referencePath,
            String sourceAttribute) {}

    private static final class Tally {
        int agree;
        int disagree;
        final Set<Key> agreeingSources = new HashSet<>();
        final Set<AttributeValue> agreeingValues = new HashSet<>();
        final Map<Shape, TreeSet<Integer>> shapes = new LinkedHashMap<>();
        final Set<String> sortKeyKinds = new HashSet<>();
    }

    private record Reference(String path, String id, Shape shape, int shard) {}

    /** Suggestions, strongest evidence first. */
    public List<Suggestion> suggest(List<Item> sample) {
        Map<Family, Map<String, Item>> families = new HashMap<>();
        // id -> kind of item -> the families holding an item of that kind for that id
        Map<String, Map<String, List<Family>>> byIdAndKind = new HashMap<>();
        for (Item item : sample) {
            Optional<String> pk = item.string(schema.partitionKey());
            if (pk.isEmpty()) {
                continue;
            }
            int cut = pk.get().lastIndexOf('#');
            String sk = schema.sortKey().flatMap(item::string).orElse(null);
            if (cut < 0
                    || cut == pk.get().length() - 1
                    || (schema.sortKey().isPresent() && sk == null)) {
                continue;
            }
            Family family = new Family(pk.get().substring(0, cut + 1), sk);
            String id = pk.get().substring(cut + 1);
            if (families.computeIfAbsent(family, f -> new HashMap<>()).put(id, item) == null) {
                byIdAndKind
                        .computeIfAbsent(id, k -> new HashMap<>())
                        .computeIfAbsent(kind(item), k -> new ArrayList<>())
                        .add(family);
            }
        }
        // A source is the one item of its kind for its id (WS#acme / META); several items of one
        // kind
        // for an id are children in a collection (WS#acme / PROJ#…), never a source, and would make
        // every copy compare with every sibling.
        Map<String, List<Family>> familiesById = new HashMap<>();
        byIdAndKind.forEach(
                (id, kinds) ->
                        kinds.values().stream()
                                .filter(f -> f.size() == 1)
                                .forEach(
                                        f ->
                                                familiesById
                                                        .computeIfAbsent(id, k -> new ArrayList<>())
                                                        .add(f.get(0))));

        // Two passes: the first finds the pairs that agree at least once, the second counts them
        // all.
        Map<Candidate, Tally> tallies = new LinkedHashMap<>();
        compare(
                sample,
                families,
                familiesById,
                (candidate, agrees, reference, sourceKey, value, item) -> {
                    if (agrees) {
                        tallies.computeIfAbsent(candidate, c -> new Tally());
                    }
                });
        compare(
                sample,
                families,
                familiesById,
                (candidate, agrees, reference, sourceKey, value, item) -> {
                    Tally tally = tallies.get(candidate);
                    if (tally == null) {
                        return;
                    }
                    if (agrees) {
                        tally.agree++;
                        tally.agreeingSources.add(sourceKey);
                        tally.agreeingValues.add(value);
                    } else {
                        tally.disagree++;
                    }
                    TreeSet<Integer> shards =
                            tally.shapes.computeIfAbsent(
                                    reference.shape(), shape -> new TreeSet<>());
                    if (reference.shape().shardWidth() > 0) {
                        shards.add(reference.shard());
                    }
                    tally.sortKeyKinds.add(sortKeyKind(item));
                });

        // One suggestion per kind of copy item and copy attribute: the best-supported source and
        // reference.
        Map<String, Map.Entry<Candidate, Tally>> best = new LinkedHashMap<>();
        for (Map.Entry<Candidate, Tally> entry : tallies.entrySet()) {
            Tally tally = entry.getValue();
            if (tally.agree < 2
                    || tally.agree <= tally.disagree
                    || tally.agree <= tally.agreeingSources.size()
                    || (tally.agreeingSources.size() > 1 && tally.agreeingValues.size() < 2)) {
                continue;
            }
            String group = entry.getKey().copyKind() + "\u0000" + entry.getKey().copyPath();
            Map.Entry<Candidate, Tally> current = best.get(group);
            if (current == null || better(entry, current)) {
                best.put(group, entry);
            }
        }
        return best.values().stream()
                .map(e -> suggestion(e.getKey(), e.getValue(), sample.size()))
                .sorted(
                        Comparator.comparingInt((Suggestion s) -> -s.agree())
                                .thenComparing(s -> s.rule().name()))
                .toList();
    }

    /** Receives one comparison of a copy candidate's attribute with a source attribute. */
    private interface Comparison {
        void seen(
                Candidate candidate,
                boolean agrees,
                Reference reference,
                Key sourceKey,
                AttributeValue sourceValue,
                Item copy);
    }

    private void compare(
            List<Item> sample,
            Map<Family, Map<String, Item>> families,
            Map<String, List<Family>> familiesById,
            Comparison comparison) {
        for (Item item : sample) {
            if (!hasKey(item)) {
                continue;
            }
            Key key = schema.keyOf(item);
            String copyKind = kind(item);
            List<Reference> references = references(item);
            Map<String, AttributeValue> copyValues = comparableValues(item, true);
            for (Reference reference : references) {
                for (Family family : familiesById.getOrDefault(reference.id(), List.of())) {
                    Item source = families.get(family).get(reference.id());
                    Key sourceKey = schema.keyOf(source);
                    if (sourceKey.equals(key) || kind(source).equals(copyKind)) {
                        continue;
                    }
                    Map<String, AttributeValue> sourceValues = comparableValues(source, false);
                    for (Map.Entry<String, AttributeValue> copy : copyValues.entrySet()) {
                        if (isReferenceTo(references, copy.getKey(), reference.id())) {
                            continue;
                        }
                        for (Map.Entry<String, AttributeValue> original : sourceValues.entrySet()) {
                            Candidate candidate =
                                    new Candidate(
                                            copyKind,
                                            copy.getKey(),
                                            family,
                                            reference.path(),
                                            original.getKey());
                            comparison.seen(
                                    candidate,
                                    copy.getValue().equals(original.getValue()),
                                    reference,
                                    sourceKey,
                                    original.getValue(),
                                    item);
                        }
                    }
                }
            }
        }
    }

    private static boolean better(Map.Entry<Candidate, Tally> a, Map.Entry<Candidate, Tally> b) {
        boolean aNear = parent(a.getKey().referencePath()).equals(parent(a.getKey().copyPath()));
        boolean bNear = parent(b.getKey().referencePath()).equals(parent(b.getKey().copyPath()));
        if (aNear != bNear) {
            return aNear;
        }
        return a.getValue().agree > b.getValue().agree;
    }

    private static String parent(String path) {
        int dot = path.lastIndexOf('.');
        return dot < 0 ? "" : path.substring(0, dot);
    }

    private Suggestion suggestion(Candidate candidate, Tally tally, int sampled) {
        List<KeyTemplate> patterns = new ArrayList<>();
        for (Map.Entry<Shape, TreeSet<Integer>> shape : tally.shapes.entrySet()) {
            String text = shape.getKey().prefix() + "{id}";
            int width = shape.getKey().shardWidth();
            if (width > 0) {
                String format = "%0" + width + "d";
                text +=
                        "#{"
                                + String.format(Locale.ROOT, format, shape.getValue().first())
                                + ".."
                                + String.format(Locale.ROOT, format, shape.getValue().last())
                                + "}";
            }
            KeyTemplate pattern = KeyTemplate.parse(text);
            if (!patterns.contains(pattern)) {
                patterns.add(pattern);
            }
        }
        // Plain patterns first, so the common case reads first.
        patterns.sort(Comparator.comparing(KeyTemplate::hasRange));
        String referencePath = candidate.referencePath();
        CopyLookup lookup;
        String index = null;
        if (referencePath.equals(schema.partitionKey())) {
            lookup = CopyLookup.COLLECTION;
        } else {
            index =
                    indexPartitionKeys.entrySet().stream()
                            .filter(e -> e.getValue().equals(referencePath))
                            .map(Map.Entry::getKey)
                            .sorted()
                            .findFirst()
                            .orElse(null);
            lookup = index == null ? CopyLookup.SCAN : CopyLookup.INDEX;
        }
        String sortKeyPrefix =
                tally.sortKeyKinds.size() == 1 && tally.sortKeyKinds.iterator().next().endsWith("#")
                        ? tally.sortKeyKinds.iterator().next()
                        : null;
        Family family = candidate.family();
        String sourceText =
                family.prefix()
                        + "{id}"
                        + (family.sortKey() == null ? "" : " / " + family.sortKey());
        DenormalizationRule rule =
                new DenormalizationRule(
                        candidate.copyPath()
                                + " copies "
                                + candidate.sourceAttribute()
                                + " of "
                                + sourceText,
                        "suggested from "
                                + sampled
                                + " sampled items: "
                                + tally.agree
                                + " copies agree with their source, "
                                + tally.disagree
                                + " differ",
                        new DenormalizationRule.Source(
                                KeyTemplate.parse(family.prefix() + "{id}"),
                                family.sortKey(),
                                AttributePath.parse(candidate.sourceAttribute())),
                        new DenormalizationRule.Copies(
                                lookup,
                                index,
                                new DenormalizationRule.Reference(
                                        AttributePath.parse(referencePath), patterns),
                                sortKeyPrefix,
                                AttributePath.parse(candidate.copyPath())));
        return new Suggestion(rule, tally.agree, tally.disagree, tally.agreeingSources.size());
    }

    private boolean hasKey(Item item) {
        return item.attributes().containsKey(schema.partitionKey())
                && schema.sortKey().map(item.attributes()::containsKey).orElse(true);
    }

    /** The kind of an item: its partition-key and sort-key prefixes up to the first '#'. */
    private String kind(Item item) {
        String pk = item.string(schema.partitionKey()).orElse("");
        return firstSegment(pk) + "\u0000" + sortKeyKind(item);
    }

    private String sortKeyKind(Item item) {
        return firstSegment(schema.sortKey().flatMap(item::string).orElse(""));
    }

    private static String firstSegment(String value) {
        int hash = value.indexOf('#');
        return hash < 0 ? value : value.substring(0, hash + 1);
    }

    /**
     * Candidate references: the partition key and string attributes at the top level or one map
     * down.
     */
    private List<Reference> references(Item item) {
        List<Reference> references = new ArrayList<>();
        for (Map.Entry<String, AttributeValue> attribute : item.attributes().entrySet()) {
            String name = attribute.getKey();
            if (schema.sortKey().map(name::equals).orElse(false)) {
                continue;
            }
            if (attribute.getValue() instanceof AttributeValue.Str s) {
                addReferences(name, s.value(), references);
            } else if (attribute.getValue() instanceof AttributeValue.MapValue map
                    && !name.contains(".")) {
                for (Map.Entry<String, AttributeValue> member : map.entries().entrySet()) {
                    if (member.getValue() instanceof AttributeValue.Str s
                            && !member.getKey().contains(".")) {
                        addReferences(name + "." + member.getKey(), s.value(), references);
                    }
                }
            }
        }
        return references;
    }

    private static void addReferences(String path, String value, List<Reference> out) {
        int cut = value.lastIndexOf('#');
        if (cut <= 0 || cut == value.length() - 1) {
            return;
        }
        String last = value.substring(cut + 1);
        out.add(new Reference(path, last, new Shape(value.substring(0, cut + 1), 0), 0));
        if (last.chars().allMatch(Character::isDigit) && last.length() <= 4) {
            String rest = value.substring(0, cut);
            int before = rest.lastIndexOf('#');
            if (before > 0 && before < rest.length() - 1) {
                out.add(
                        new Reference(
                                path,
                                rest.substring(before + 1),
                                new Shape(rest.substring(0, before + 1), last.length()),
                                Integer.parseInt(last)));
            }
        }
    }

    private static boolean isReferenceTo(List<Reference> references, String path, String id) {
        return references.stream().anyMatch(r -> r.path().equals(path) && r.id().equals(id));
    }

    /**
     * The values worth comparing: not keys, not empty strings, NULL or booleans; for copies also
     * the members of top-level maps ({@code author.name}).
     */
    private Map<String, AttributeValue> comparableValues(Item item, boolean nested) {
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        for (Map.Entry<String, AttributeValue> attribute : item.attributes().entrySet()) {
            String name = attribute.getKey();
            if (schema.isKeyAttribute(name) || name.contains(".")) {
                continue;
            }
            AttributeValue value = attribute.getValue();
            if (nested && value instanceof AttributeValue.MapValue map) {
                map.entries()
                        .forEach(
                                (member, memberValue) -> {
                                    if (!member.contains(".") && worthComparing(memberValue)) {
                                        values.put(name + "." + member, memberValue);
                                    }
                                });
            } else if (worthComparing(value)) {
                values.put(name, value);
            }
        }
        return values;
    }

    private static boolean worthComparing(AttributeValue value) {
        return !(value instanceof AttributeValue.Null)
                && !(value instanceof AttributeValue.Bool)
                && !(value instanceof AttributeValue.Str s && s.value().isEmpty());
    }
}

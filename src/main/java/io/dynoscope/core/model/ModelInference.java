package io.dynoscope.core.model;

import io.dynoscope.core.drift.RuleSuggester;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.table.SecondaryIndex;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Proposes a table model from a sample of its items: groups the items into entities by the shape of
 * their keys (the tags before {@code #}, constant sort keys such as {@code META}, shard suffixes),
 * names each entity after a type attribute or its tag, reads their attributes, proposes the access
 * patterns their keys allow (GetItem, a Query of one item collection, parent with children, one
 * Query per index), the relationships (a shared partition key, an index whose key names another
 * entity), the denormalized copies the sample shows ({@link RuleSuggester}) and the shard groups.
 * Every proposal carries its evidence.
 */
public final class ModelInference {

    /** Attributes that often say which kind an item is. */
    private static final List<String> TYPE_ATTRIBUTES =
            List.of(
                    "type",
                    "Type",
                    "entityType",
                    "EntityType",
                    "_type",
                    "__typename",
                    "kind",
                    "_et");

    /** How many sampled items of each entity become the model's examples. */
    static final int EXAMPLES_PER_ENTITY = 3;

    private final String table;
    private final KeySchema keys;
    private final Map<String, String> keyTypes;
    private final List<SecondaryIndex> indexes;
    private final List<Item> sample;
    private final KeyShapes shapes;

    private ModelInference(
            String table,
            KeySchema keys,
            Map<String, String> keyTypes,
            List<SecondaryIndex> indexes,
            List<Item> sample) {
        this.table = table;
        this.keys = keys;
        this.keyTypes = Map.copyOf(keyTypes);
        this.indexes = List.copyOf(indexes);
        this.sample = List.copyOf(sample);
        List<String> values = new ArrayList<>();
        Set<String> keyAttributes = new LinkedHashSet<>(keys.attributes());
        indexes.forEach(i -> keyAttributes.addAll(i.keySchema().attributes()));
        for (Item item : sample) {
            for (String attribute : keyAttributes) {
                String text = KeyShapes.keyText(item, attribute);
                if (text != null) {
                    values.add(text);
                }
            }
        }
        this.shapes = KeyShapes.of(values);
    }

    /**
     * Proposes a model of {@code table} from {@code sample}.
     *
     * @param keyTypes S, N or B of every key attribute of the table and its indexes
     */
    public static InferredModel infer(
            String table,
            KeySchema keys,
            Map<String, String> keyTypes,
            List<SecondaryIndex> indexes,
            List<Item> sample) {
        return new ModelInference(table, keys, keyTypes, indexes, sample).run();
    }

    /**
     * {@code model} with the access patterns and relationships its entities' keys allow, proposed
     * as for a live table from {@code items} (each counted for the first entity it matches); the
     * model's own patterns and relationships are kept and proposals with the same name skipped.
     */
    public static TableModel withProposals(TableModel model, List<Item> items) {
        List<ShapeGroup> groups = new ArrayList<>();
        for (Entity entity : model.entities()) {
            ShapeGroup group = new ShapeGroup(entity.name());
            group.name = entity.name();
            group.templates = entity.keys();
            group.entity = entity;
            items.stream()
                    .filter(
                            i ->
                                    model.entityOf(i)
                                            .map(e -> e.name().equals(entity.name()))
                                            .orElse(false))
                    .forEach(group.items::add);
            groups.add(group);
        }
        PatternProposals proposed =
                new PatternProposals(
                        model.keys(),
                        model.indexes(),
                        groups,
                        model.accessPatterns(),
                        model.relationships());
        List<Relationship> distinct = new ArrayList<>();
        for (Relationship r : proposed.relationships) {
            if (distinct.stream().noneMatch(d -> d.name().equals(r.name()))) {
                distinct.add(r);
            }
        }
        return model.with(b -> b.accessPatterns(proposed.patterns).relationships(distinct));
    }

    private InferredModel run() {
        List<String> notes = new ArrayList<>();
        Map<String, ShapeGroup> byShape = new LinkedHashMap<>();
        int binary = groupByShape(byShape);
        if (binary > 0) {
            notes.add(
                    binary
                            + " sampled items have binary keys, which no key template matches: they"
                            + " belong to no entity");
        }
        List<ShapeGroup> groups = entities(byShape.values());

        List<Entity> entities = groups.stream().map(g -> g.entity).toList();
        List<InferredModel.EntityEvidence> entityEvidence = new ArrayList<>();
        List<Item> examples = new ArrayList<>();
        evidenceAndExamples(groups, entityEvidence, examples);

        PatternProposals proposed =
                new PatternProposals(keys, indexes, groups, List.of(), List.of());

        List<ShardGroup> shardGroups = shardGroups(groups);

        List<RuleSuggester.Suggestion> suggestions = suggestions();

        int assigned = groups.stream().mapToInt(g -> g.items.size()).sum();
        TableModel model =
                new TableModel(
                        table,
                        keys,
                        keyTypes,
                        indexes,
                        entities,
                        proposed.patterns,
                        proposed.relationships,
                        suggestions.stream().map(RuleSuggester.Suggestion::rule).toList(),
                        shardGroups);
        long unmatched = sample.stream().filter(i -> model.entityOf(i).isEmpty()).count();
        if (unmatched > binary) {
            notes.add(
                    (unmatched - binary)
                            + " of "
                            + assigned
                            + " grouped items match an earlier entity's templates or none");
        }
        return new InferredModel(
                TableDesign.of(model, examples),
                sample.size(),
                entityEvidence,
                proposed.evidence,
                notes);
    }

    /** Groups the sampled items by key shape; returns how many have binary keys (no shape). */
    private int groupByShape(Map<String, ShapeGroup> byShape) {
        int binary = 0;
        for (Item item : sample) {
            String pk = KeyShapes.keyText(item, keys.partitionKey());
            String sk = keys.sortKey().map(a -> KeyShapes.keyText(item, a)).orElse("");
            if (pk == null || sk == null) {
                binary++;
                continue;
            }
            String shape =
                    shapes.shape(pk) + " | " + (keys.sortKey().isEmpty() ? "" : shapes.shape(sk));
            byShape.computeIfAbsent(shape, ShapeGroup::new).items.add(item);
        }
        return binary;
    }

    /**
     * The groups as entities: their templates, top-down (a parent before its children), each named,
     * the most specific first where one's templates match another's items.
     */
    private List<ShapeGroup> entities(Collection<ShapeGroup> byShape) {
        List<ShapeGroup> groups = new ArrayList<>(byShape);
        groups.sort(Comparator.comparing((ShapeGroup g) -> g.shape));
        Set<String> names = new HashSet<>();
        for (ShapeGroup group : groups) {
            group.templates = templatesOf(group.items, keys, shapes);
        }
        // A parent (constant sort key) before its children, so a model reads top-down.
        groups.sort(
                Comparator.comparing((ShapeGroup g) -> g.templates.partitionKey().text())
                        .thenComparing(
                                g ->
                                        g.templates
                                                        .sortKey()
                                                        .map(KeyTemplate::isConstant)
                                                        .orElse(true)
                                                ? 0
                                                : 1)
                        .thenComparing(g -> g.shape));
        for (ShapeGroup group : groups) {
            group.name = uniqueName(baseName(group), group, names);
            group.entity =
                    new Entity(
                            group.name,
                            group.templates,
                            attributes(group.items, keys),
                            indexKeys(group.items));
        }
        orderMostSpecificFirst(groups);
        return groups;
    }

    /** Each entity's evidence (its count and first keys) and its first items as examples. */
    private void evidenceAndExamples(
            List<ShapeGroup> groups,
            List<InferredModel.EntityEvidence> entityEvidence,
            List<Item> examples) {
        for (ShapeGroup group : groups) {
            entityEvidence.add(
                    new InferredModel.EntityEvidence(
                            group.name,
                            group.items.size(),
                            group.items.stream()
                                    .limit(EXAMPLES_PER_ENTITY)
                                    .map(this::keyText)
                                    .toList()));
            examples.addAll(
                    group.items.subList(0, Math.min(EXAMPLES_PER_ENTITY, group.items.size())));
        }
    }

    /** A shard group per sharded partition-key template (one with a range and a fan-out). */
    private static List<ShardGroup> shardGroups(List<ShapeGroup> groups) {
        List<ShardGroup> shardGroups = new ArrayList<>();
        Set<String> shardTemplates = new HashSet<>();
        for (ShapeGroup group : groups) {
            KeyTemplate pk = group.templates.partitionKey();
            if (pk.hasRange() && pk.fanOut() > 1 && shardTemplates.add(pk.text())) {
                shardGroups.add(new ShardGroup(group.name + " shards", pk));
            }
        }
        return shardGroups;
    }

    /** The copies (drift rules) the sample suggests, over the table's global indexes. */
    private List<RuleSuggester.Suggestion> suggestions() {
        Map<String, String> indexPartitionKeys = new LinkedHashMap<>();
        indexes.stream()
                .filter(SecondaryIndex::global)
                .forEach(i -> indexPartitionKeys.put(i.name(), i.keySchema().partitionKey()));
        return new RuleSuggester(keys, indexPartitionKeys).suggest(sample);
    }

    /**
     * The key templates of items that share one key shape; when they do not, those of the most
     * common shape (NoSQL Workbench facets may mix shapes).
     */
    static KeyTemplates templatesOf(List<Item> items, KeySchema keys, KeyShapes shapes) {
        Map<String, List<Item>> byShape = new LinkedHashMap<>();
        for (Item item : items) {
            String pk = KeyShapes.keyText(item, keys.partitionKey());
            String sk = keys.sortKey().map(a -> KeyShapes.keyText(item, a)).orElse("");
            if (pk != null && sk != null) {
                byShape.computeIfAbsent(
                                shapes.shape(pk) + " | " + shapes.shape(sk), s -> new ArrayList<>())
                        .add(item);
            }
        }
        List<Item> common =
                byShape.values().stream()
                        .max(Comparator.comparingInt(List::size))
                        .orElseThrow(
                                () ->
                                        new IllegalArgumentException(
                                                "no item with a string or number key to infer templates from"));
        List<String> pks =
                common.stream().map(i -> KeyShapes.keyText(i, keys.partitionKey())).toList();
        KeyTemplate pk = shapes.template(pks, KeyShapes.byTag(keys.partitionKey()), Set.of());
        Optional<KeyTemplate> sk =
                keys.sortKey()
                        .map(
                                attribute ->
                                        shapes.template(
                                                common.stream()
                                                        .map(i -> KeyShapes.keyText(i, attribute))
                                                        .toList(),
                                                KeyShapes.byTag(attribute),
                                                pk.variables()));
        return new KeyTemplates(pk, sk);
    }

    /**
     * Index key templates of the items that carry an index's keys (a sparse index holds only
     * those).
     */
    private Map<String, KeyTemplates> indexKeys(List<Item> items) {
        Map<String, KeyTemplates> indexKeys = new LinkedHashMap<>();
        for (SecondaryIndex index : indexes) {
            List<Item> carrying = carrying(items, index);
            if (carrying.isEmpty()) {
                continue;
            }
            indexKeys.put(index.name(), indexTemplates(carrying, index.keySchema(), shapes));
        }
        return indexKeys;
    }

    static KeyTemplates indexTemplates(List<Item> carrying, KeySchema indexKeys, KeyShapes shapes) {
        KeyTemplate pk = commonTemplate(carrying, indexKeys.partitionKey(), shapes, Set.of());
        Optional<KeyTemplate> sk =
                indexKeys.sortKey().map(a -> commonTemplate(carrying, a, shapes, pk.variables()));
        return new KeyTemplates(pk, sk);
    }

    private static KeyTemplate commonTemplate(
            List<Item> items, String attribute, KeyShapes shapes, Set<String> taken) {
        Map<String, List<String>> byShape = new LinkedHashMap<>();
        for (Item item : items) {
            String text = KeyShapes.keyText(item, attribute);
            byShape.computeIfAbsent(shapes.shape(text), s -> new ArrayList<>()).add(text);
        }
        List<String> values =
                byShape.values().stream().max(Comparator.comparingInt(List::size)).orElseThrow();
        return shapes.template(values, KeyShapes.byAttribute(attribute), taken);
    }

    /** The items that carry an index's keys (a sparse index holds only those). */
    static List<Item> carrying(List<Item> items, SecondaryIndex index) {
        return items.stream()
                .filter(
                        i ->
                                KeyShapes.keyText(i, index.keySchema().partitionKey()) != null
                                        && index.keySchema()
                                                .sortKey()
                                                .map(sk -> KeyShapes.keyText(i, sk) != null)
                                                .orElse(true))
                .toList();
    }

    private String baseName(ShapeGroup group) {
        for (String attribute : TYPE_ATTRIBUTES) {
            Set<String> values = new LinkedHashSet<>();
            boolean everywhere = true;
            for (Item item : group.items) {
                AttributeValue value = item.attributes().get(attribute);
                if (value instanceof AttributeValue.Str s && !s.value().isBlank()) {
                    values.add(s.value());
                } else {
                    everywhere = false;
                }
            }
            if (everywhere && values.size() == 1) {
                return KeyShapes.camel(values.iterator().next());
            }
        }
        KeyTemplates t = group.templates;
        boolean constantSortKey = t.sortKey().map(KeyTemplate::isConstant).orElse(true);
        String tag =
                constantSortKey
                        ? tag(t.partitionKey())
                        : Optional.ofNullable(tag(t.sortKey().get())).orElse(tag(t.partitionKey()));
        return tag == null ? "entity" : KeyShapes.camel(tag);
    }

    /** The first literal word of a template: {@code WS} of {@code WS#{wsId}}. */
    static String tag(KeyTemplate template) {
        String prefix = template.literalPrefix();
        String word = prefix.replaceAll("[^A-Za-z0-9_].*$", "");
        return word.isEmpty() ? null : word;
    }

    private static String uniqueName(String base, ShapeGroup group, Set<String> names) {
        if (names.add(base)) {
            return base;
        }
        if (group.templates.partitionKey().hasRange() && names.add(base + "Sharded")) {
            return base + "Sharded";
        }
        for (int n = 2; ; n++) {
            if (names.add(base + n)) {
                return base + n;
            }
        }
    }

    /**
     * Attributes other than the table's keys, in the order they first appear, each with the type
     * most of its values have (NULL only when every value is NULL).
     */
    private static List<AttributeModel> attributes(List<Item> items, KeySchema keys) {
        Map<String, Map<AttributeValue.Type, Integer>> counts = new LinkedHashMap<>();
        for (Item item : items) {
            item.attributes()
                    .forEach(
                            (name, value) -> {
                                if (!keys.isKeyAttribute(name)) {
                                    counts.computeIfAbsent(name, n -> new LinkedHashMap<>())
                                            .merge(value.type(), 1, Integer::sum);
                                }
                            });
        }
        List<AttributeModel> attributes = new ArrayList<>();
        counts.forEach(
                (name, byType) -> {
                    AttributeValue.Type type =
                            byType.entrySet().stream()
                                    .filter(e -> e.getKey() != AttributeValue.Type.NULL)
                                    .max(Map.Entry.comparingByValue())
                                    .map(Map.Entry::getKey)
                                    .orElse(AttributeValue.Type.NULL);
                    attributes.add(new AttributeModel(name, type));
                });
        return attributes;
    }

    /**
     * Moves an entity before any earlier one whose templates would also claim its items, so each
     * item is labelled with the entity it was grouped into.
     */
    private void orderMostSpecificFirst(List<ShapeGroup> groups) {
        for (int pass = 0; pass < groups.size(); pass++) {
            boolean moved = false;
            for (int i = 1; i < groups.size() && !moved; i++) {
                ShapeGroup later = groups.get(i);
                for (int j = 0; j < i; j++) {
                    ShapeGroup earlier = groups.get(j);
                    if (later.items.stream()
                                    .anyMatch(item -> earlier.entity.match(item, keys).isPresent())
                            && earlier.items.stream()
                                    .noneMatch(
                                            item -> later.entity.match(item, keys).isPresent())) {
                        groups.remove(i);
                        groups.add(j, later);
                        moved = true;
                        break;
                    }
                }
            }
            if (!moved) {
                return;
            }
        }
    }

    private String keyText(Item item) {
        String pk = KeyShapes.keyText(item, keys.partitionKey());
        return keys.sortKey().map(sk -> pk + " / " + KeyShapes.keyText(item, sk)).orElse(pk);
    }
}

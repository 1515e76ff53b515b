package io.dynoscope.core.migration;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.KeyType;
import io.dynoscope.core.table.SecondaryIndex;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * How a model computes the attributes of its items from its templates: for each entity, the keys of
 * every index it appears in ({@code GSI1PK = STATUS#{status}}, {@code GSI1SK =
 * {status}#{createdAt}}). A template's names take their values from the item's key first (the
 * {@code workspaceId} of {@code WS#{workspaceId}}), then from the item's attribute of that name (a
 * string, or a number's digits).
 *
 * <p>An index whose template needs a value the item lacks gets no keys from that item, so the item
 * stays out of it (a sparse index). An item of no entity gets nothing computed.
 */
public final class AttributeComputation {

    /** DynamoDB's limits on the size of a partition key and a sort key value, in bytes. */
    static final int MAX_PARTITION_KEY_BYTES = 2048;

    static final int MAX_SORT_KEY_BYTES = 1024;

    /** The keys one entity gives one index. */
    private record IndexKeys(
            String index, ComputedAttribute partitionKey, ComputedAttribute sortKey) {
        List<ComputedAttribute> attributes() {
            return sortKey == null ? List.of(partitionKey) : List.of(partitionKey, sortKey);
        }
    }

    private final TableModel model;
    private final Map<String, List<IndexKeys>> byEntity = new LinkedHashMap<>();

    private AttributeComputation(TableModel model) {
        this.model = model;
    }

    /**
     * The computation of {@code model}'s attributes.
     *
     * @throws IllegalArgumentException when the model cannot be computed, saying where: an entity
     *     names an index the model lacks, gives an index with a sort key no sort-key template,
     *     gives one attribute two templates, computes a binary key, or reads a computed attribute
     */
    public static AttributeComputation of(TableModel model) {
        AttributeComputation computation = new AttributeComputation(model);
        for (Entity entity : model.entities()) {
            computation.byEntity.put(entity.name(), indexKeys(model, entity));
        }
        return computation;
    }

    private static List<IndexKeys> indexKeys(TableModel model, Entity entity) {
        List<IndexKeys> keys = new ArrayList<>();
        Map<String, ComputedAttribute> byName = new LinkedHashMap<>();
        // sorted, so the order of writes and messages does not depend on a map's order
        for (Map.Entry<String, KeyTemplates> entry : new TreeMap<>(entity.indexKeys()).entrySet()) {
            String where = "entity '" + entity.name() + "', index '" + entry.getKey() + "'";
            SecondaryIndex index =
                    model.index(entry.getKey())
                            .orElseThrow(
                                    () ->
                                            new IllegalArgumentException(
                                                    where + ": the model has no such index"));
            KeyTemplates templates = entry.getValue();
            if (index.keySchema().sortKey().isPresent() != templates.sortKey().isPresent()) {
                throw new IllegalArgumentException(
                        where
                                + ": the index "
                                + (index.keySchema().sortKey().isPresent() ? "has" : "has no")
                                + " sort key, the entity "
                                + (templates.sortKey().isPresent() ? "gives" : "gives no")
                                + " sort-key template");
            }
            ComputedAttribute partition =
                    attribute(
                            model,
                            index,
                            index.keySchema().partitionKey(),
                            templates.partitionKey());
            ComputedAttribute sort =
                    index.keySchema()
                            .sortKey()
                            .map(sk -> attribute(model, index, sk, templates.sortKey().get()))
                            .orElse(null);
            IndexKeys indexKeys = new IndexKeys(index.name(), partition, sort);
            for (ComputedAttribute attribute : indexKeys.attributes()) {
                if (model.keys().isKeyAttribute(attribute.name())) {
                    throw new IllegalArgumentException(
                            where
                                    + ": '"
                                    + attribute.name()
                                    + "' is a key of the table, which an update cannot change");
                }
                ComputedAttribute other = byName.putIfAbsent(attribute.name(), attribute);
                if (other != null && !other.template().equals(attribute.template())) {
                    throw new IllegalArgumentException(
                            "entity '"
                                    + entity.name()
                                    + "' computes '"
                                    + attribute.name()
                                    + "' twice: "
                                    + other.template()
                                    + " for index '"
                                    + other.index()
                                    + "' and "
                                    + attribute.template()
                                    + " for index '"
                                    + attribute.index()
                                    + "'");
                }
            }
            keys.add(indexKeys);
        }
        for (IndexKeys indexKeys : keys) {
            for (ComputedAttribute attribute : indexKeys.attributes()) {
                for (String name : attribute.template().variables()) {
                    if (byName.containsKey(name)) {
                        throw new IllegalArgumentException(
                                "entity '"
                                        + entity.name()
                                        + "': the template "
                                        + attribute.describe()
                                        + " reads '"
                                        + name
                                        + "', which is itself computed");
                    }
                }
            }
        }
        return keys;
    }

    private static ComputedAttribute attribute(
            TableModel model, SecondaryIndex index, String attribute, KeyTemplate template) {
        return new ComputedAttribute(attribute, template, model.keyType(attribute), index.name());
    }

    public TableModel model() {
        return model;
    }

    /** The entity {@code item} is of: the first whose key templates its key matches. */
    public Optional<Entity> entityOf(Item item) {
        return model.entityOf(item);
    }

    /** Every attribute {@code entity} computes, in index order. */
    public List<ComputedAttribute> attributesOf(String entity) {
        List<ComputedAttribute> attributes = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (IndexKeys keys : byEntity.getOrDefault(entity, List.of())) {
            for (ComputedAttribute attribute : keys.attributes()) {
                if (seen.add(attribute.name())) {
                    attributes.add(attribute);
                }
            }
        }
        return attributes;
    }

    /** The names of the attributes {@code entity} computes. */
    public Set<String> computedNames(String entity) {
        Set<String> names = new LinkedHashSet<>();
        attributesOf(entity).forEach(a -> names.add(a.name()));
        return names;
    }

    /** The indexes whose keys {@code computed} gives the item, in index order. */
    public List<String> indexesKeyed(Computed computed) {
        List<String> indexes = new ArrayList<>();
        for (IndexKeys keys : byEntity.getOrDefault(computed.entity(), List.of())) {
            if (keys.attributes().stream().allMatch(a -> computed.values().containsKey(a.name()))) {
                indexes.add(keys.index());
            }
        }
        return indexes;
    }

    /** The attributes {@code item} should hold; empty when it is of no entity. */
    public Optional<Computed> compute(Item item) {
        Optional<Entity> entity = entityOf(item);
        if (entity.isEmpty()) {
            return Optional.empty();
        }
        Map<String, String> keyBindings = entity.get().match(item, model.keys()).orElseThrow();
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        Set<String> absent = new LinkedHashSet<>();
        Map<String, Optional<AttributeValue>> read = new LinkedHashMap<>();
        for (IndexKeys keys : byEntity.get(entity.get().name())) {
            Map<String, AttributeValue> indexValues = new LinkedHashMap<>();
            boolean complete = true;
            for (ComputedAttribute attribute : keys.attributes()) {
                Map<String, String> bindings = new LinkedHashMap<>();
                for (String name : attribute.template().variables()) {
                    String bound = keyBindings.get(name);
                    if (bound == null) {
                        AttributeValue value = item.attributes().get(name);
                        read.put(name, Optional.ofNullable(value));
                        if (value == null) {
                            complete = false;
                            continue;
                        }
                        bound = text(value);
                        if (bound == null) {
                            return Optional.of(
                                    problem(
                                            entity.get(),
                                            read,
                                            "'"
                                                    + name
                                                    + "' is "
                                                    + value.type().descriptor()
                                                    + ", and a template takes a string or a"
                                                    + " number"));
                        }
                        String segment = segmentProblem(name, bound);
                        if (segment != null) {
                            return Optional.of(problem(entity.get(), read, segment));
                        }
                    }
                    bindings.put(name, bound);
                }
                if (!complete) {
                    continue;
                }
                String rendered = attribute.template().render(bindings).get(0);
                String problem = keyProblem(attribute, keys, rendered);
                if (problem != null) {
                    return Optional.of(problem(entity.get(), read, problem));
                }
                indexValues.put(
                        attribute.name(),
                        attribute.type() == KeyType.N
                                ? AttributeValue.Num.of(rendered)
                                : AttributeValue.s(rendered));
            }
            if (complete) {
                values.putAll(indexValues);
            } else {
                keys.attributes().forEach(a -> absent.add(a.name()));
            }
        }
        absent.removeAll(values.keySet());
        return Optional.of(new Computed(entity.get().name(), values, absent, read, null));
    }

    private static Computed problem(
            Entity entity, Map<String, Optional<AttributeValue>> read, String why) {
        return new Computed(entity.name(), Map.of(), Set.of(), read, why);
    }

    /**
     * Why {@code value} cannot fill one key segment, or null when it can: as {@code model check}
     * refuses such a parameter, a segment is not empty and holds no {@code #}, so that the key
     * reads back to the same values.
     */
    private static String segmentProblem(String name, String value) {
        if (value.isEmpty()) {
            return "'" + name + "' is empty, and a key segment needs one or more characters";
        }
        if (value.indexOf('#') >= 0) {
            return "'"
                    + name
                    + "' is '"
                    + value
                    + "', and a key segment cannot hold '#' (the separator between segments)";
        }
        return null;
    }

    /** Why {@code rendered} cannot be the value of an index key, or null when it can. */
    private static String keyProblem(ComputedAttribute attribute, IndexKeys keys, String rendered) {
        if (rendered.isEmpty()) {
            return attribute.name() + " would be empty, and DynamoDB refuses an empty key";
        }
        if (attribute.type() == KeyType.N) {
            try {
                AttributeValue.Num.of(rendered);
            } catch (IllegalArgumentException e) {
                return attribute.name()
                        + " would be '"
                        + rendered
                        + "', not a number as index '"
                        + attribute.index()
                        + "' needs";
            }
        }
        int limit = attribute == keys.partitionKey() ? MAX_PARTITION_KEY_BYTES : MAX_SORT_KEY_BYTES;
        int bytes = rendered.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > limit) {
            return attribute.name()
                    + " would be "
                    + bytes
                    + " bytes, over DynamoDB's limit of "
                    + limit
                    + " for this key";
        }
        return null;
    }

    /** A value as a template holds it: a string as it is, a number's digits; null otherwise. */
    private static String text(AttributeValue value) {
        if (value instanceof AttributeValue.Str s) {
            return s.value();
        }
        return value instanceof AttributeValue.Num n ? n.text() : null;
    }
}

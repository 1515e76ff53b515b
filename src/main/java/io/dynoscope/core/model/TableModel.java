package io.dynoscope.core.model;

import io.dynoscope.core.drift.DenormalizationRule;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.KeyType;
import io.dynoscope.core.table.SecondaryIndex;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * What one single table holds and how it is read: the shared vocabulary of every tool. The grid
 * labels rows by entity, the SQL console turns entities into views, the drift inspector reads its
 * copies from it, the fan-out read and the partitions report read its shard groups, and the planner
 * writes it.
 *
 * @param keyAttributeTypes S, N or B for each key attribute of the table and its indexes
 * @param copies the denormalized copies (drift rules)
 */
public record TableModel(
        String table,
        KeySchema keys,
        Map<String, String> keyAttributeTypes,
        List<SecondaryIndex> indexes,
        List<Entity> entities,
        List<AccessPattern> accessPatterns,
        List<Relationship> relationships,
        List<DenormalizationRule> copies,
        List<ShardGroup> shardGroups) {

    public TableModel {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(keys, "keys");
        keyAttributeTypes = Map.copyOf(keyAttributeTypes);
        indexes = List.copyOf(indexes);
        entities = List.copyOf(entities);
        accessPatterns = List.copyOf(accessPatterns);
        relationships = List.copyOf(relationships);
        copies = List.copyOf(copies);
        shardGroups = List.copyOf(shardGroups);
    }

    /** The first entity whose key templates the item's key matches. */
    public Optional<Entity> entityOf(Item item) {
        return entities.stream().filter(e -> e.match(item, keys).isPresent()).findFirst();
    }

    /**
     * The pairs of entities one item key can match both of, in model order: {@link #entityOf}
     * labels such an item with the first, which may be the wrong one.
     */
    public List<List<Entity>> overlappingEntities() {
        List<List<Entity>> pairs = new ArrayList<>();
        for (int i = 0; i < entities.size(); i++) {
            for (int j = i + 1; j < entities.size(); j++) {
                if (entities.get(i).keys().overlaps(entities.get(j).keys())) {
                    pairs.add(List.of(entities.get(i), entities.get(j)));
                }
            }
        }
        return pairs;
    }

    public Optional<Entity> entity(String name) {
        return entities.stream().filter(e -> e.name().equals(name)).findFirst();
    }

    public Optional<SecondaryIndex> index(String name) {
        return indexes.stream().filter(i -> i.name().equals(name)).findFirst();
    }

    /** The shard group a partition-key value belongs to, if any. */
    public Optional<ShardGroup> shardGroupOf(String partitionKeyValue) {
        return shardGroups.stream().filter(g -> g.match(partitionKeyValue).isPresent()).findFirst();
    }

    /** The key schema of the table (index == null) or of one of its indexes. */
    public KeySchema keysOf(String index) {
        if (index == null) {
            return keys;
        }
        return index(index)
                .map(SecondaryIndex::keySchema)
                .orElseThrow(
                        () ->
                                new IllegalArgumentException(
                                        "the model of '"
                                                + table
                                                + "' has no index '"
                                                + index
                                                + "'"));
    }

    /** S, N or B for a key attribute of the table or an index; S when the model does not say. */
    public String keyAttributeType(String attribute) {
        return keyAttributeTypes.getOrDefault(attribute, "S");
    }

    /** The type of a key attribute of the table or an index; S when the model does not say. */
    public KeyType keyType(String attribute) {
        return KeyType.of(keyAttributeTypes.get(attribute));
    }

    /**
     * This model with some parts changed: {@code model.with(b -> b.table("other").indexes(list))}.
     * The one way to derive a model, instead of a copied {@code withX} per part.
     */
    public TableModel with(UnaryOperator<Builder> change) {
        return change.apply(new Builder(this)).build();
    }

    /** This model under another table name, the part most often changed alone. */
    public TableModel withTable(String value) {
        return with(b -> b.table(value));
    }

    /** The parts of a model, set one by one; {@link #with} hands one out. */
    public static final class Builder {
        private String table;
        private KeySchema keys;
        private Map<String, String> keyAttributeTypes;
        private List<SecondaryIndex> indexes;
        private List<Entity> entities;
        private List<AccessPattern> accessPatterns;
        private List<Relationship> relationships;
        private List<DenormalizationRule> copies;
        private List<ShardGroup> shardGroups;

        private Builder(TableModel model) {
            table = model.table;
            keys = model.keys;
            keyAttributeTypes = model.keyAttributeTypes;
            indexes = model.indexes;
            entities = model.entities;
            accessPatterns = model.accessPatterns;
            relationships = model.relationships;
            copies = model.copies;
            shardGroups = model.shardGroups;
        }

        public Builder table(String value) {
            table = value;
            return this;
        }

        public Builder keyAttributeTypes(Map<String, String> value) {
            keyAttributeTypes = value;
            return this;
        }

        public Builder indexes(List<SecondaryIndex> value) {
            indexes = value;
            return this;
        }

        public Builder entities(List<Entity> value) {
            entities = value;
            return this;
        }

        public Builder accessPatterns(List<AccessPattern> value) {
            accessPatterns = value;
            return this;
        }

        public Builder relationships(List<Relationship> value) {
            relationships = value;
            return this;
        }

        /** The denormalized copies (drift rules) in place of the model's own. */
        public Builder copies(List<DenormalizationRule> value) {
            copies = value;
            return this;
        }

        public Builder shardGroups(List<ShardGroup> value) {
            shardGroups = value;
            return this;
        }

        TableModel build() {
            return new TableModel(
                    table,
                    keys,
                    keyAttributeTypes,
                    indexes,
                    entities,
                    accessPatterns,
                    relationships,
                    copies,
                    shardGroups);
        }
    }
}

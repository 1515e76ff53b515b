package io.dynoscope.core.model;

import io.dynoscope.core.drift.DenormalizationRule;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

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
        List<IndexModel> indexes,
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

    public Optional<Entity> entity(String name) {
        return entities.stream().filter(e -> e.name().equals(name)).findFirst();
    }

    public Optional<IndexModel> index(String name) {
        return indexes.stream().filter(i -> i.name().equals(name)).findFirst();
    }

    /** The shard group a partition-key value belongs to, if any. */
    public Optional<ShardGroup> shardGroupOf(String partitionKeyValue) {
        return shardGroups.stream().filter(g -> g.match(partitionKeyValue).isPresent()).findFirst();
    }

    /**
     * A model of {@code table} that holds nothing but denormalized copies: what an old drift rule
     * file becomes.
     */
    public static TableModel ofCopies(
            String table,
            KeySchema keys,
            Map<String, String> keyAttributeTypes,
            List<DenormalizationRule> copies) {
        return new TableModel(
                table,
                keys,
                keyAttributeTypes,
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                copies,
                List.of());
    }

    /** The key schema of the table (index == null) or of one of its indexes. */
    public KeySchema keysOf(String index) {
        if (index == null) {
            return keys;
        }
        return index(index)
                .map(IndexModel::keys)
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

    public TableModel withTable(String value) {
        return new TableModel(
                value,
                keys,
                keyAttributeTypes,
                indexes,
                entities,
                accessPatterns,
                relationships,
                copies,
                shardGroups);
    }

    public TableModel withIndexes(List<IndexModel> value) {
        return new TableModel(
                table,
                keys,
                keyAttributeTypes,
                value,
                entities,
                accessPatterns,
                relationships,
                copies,
                shardGroups);
    }

    public TableModel withKeyAttributeTypes(Map<String, String> value) {
        return new TableModel(
                table,
                keys,
                value,
                indexes,
                entities,
                accessPatterns,
                relationships,
                copies,
                shardGroups);
    }

    public TableModel withEntities(List<Entity> value) {
        return new TableModel(
                table,
                keys,
                keyAttributeTypes,
                indexes,
                value,
                accessPatterns,
                relationships,
                copies,
                shardGroups);
    }

    public TableModel withAccessPatterns(List<AccessPattern> value) {
        return new TableModel(
                table,
                keys,
                keyAttributeTypes,
                indexes,
                entities,
                value,
                relationships,
                copies,
                shardGroups);
    }

    public TableModel withRelationships(List<Relationship> value) {
        return new TableModel(
                table,
                keys,
                keyAttributeTypes,
                indexes,
                entities,
                accessPatterns,
                value,
                copies,
                shardGroups);
    }

    /** The same model with these denormalized copies (drift rules) in place of its own. */
    public TableModel withCopies(List<DenormalizationRule> value) {
        return new TableModel(
                table,
                keys,
                keyAttributeTypes,
                indexes,
                entities,
                accessPatterns,
                relationships,
                value,
                shardGroups);
    }

    public TableModel withShardGroups(List<ShardGroup> value) {
        return new TableModel(
                table,
                keys,
                keyAttributeTypes,
                indexes,
                entities,
                accessPatterns,
                relationships,
                copies,
                value);
    }
}

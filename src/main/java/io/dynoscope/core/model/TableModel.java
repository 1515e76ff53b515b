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
}

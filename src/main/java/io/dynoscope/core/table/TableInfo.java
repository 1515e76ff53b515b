package io.dynoscope.core.table;

import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.item.TableKeys;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A table's description: keys, indexes with their projections, billing, size and features.
 *
 * @param keyAttributeTypes the scalar type (S, N or B) of each key attribute of the table and its
 *     indexes
 * @param indexStates how each index (by name) is doing; an index not in it is as ready as its table
 * @param billingMode PROVISIONED or PAY_PER_REQUEST
 * @param ttlAttribute the TTL attribute when TTL is enabled, else empty (also when the engine
 *     cannot say)
 * @param streamViewType the stream view type when a stream is enabled, else empty
 * @param provisionedThroughput the table's provisioned billing with its read and write capacity
 *     units, or null on demand (or when the engine does not say)
 */
public record TableInfo(
        String name,
        String status,
        KeySchema keySchema,
        Map<String, String> keyAttributeTypes,
        List<SecondaryIndex> globalSecondaryIndexes,
        List<SecondaryIndex> localSecondaryIndexes,
        Map<String, IndexState> indexStates,
        String billingMode,
        long itemCount,
        long sizeBytes,
        Optional<String> ttlAttribute,
        Optional<String> streamViewType,
        TableDefinition.Billing provisionedThroughput) {

    public TableInfo {
        keyAttributeTypes = Map.copyOf(keyAttributeTypes);
        globalSecondaryIndexes = List.copyOf(globalSecondaryIndexes);
        localSecondaryIndexes = List.copyOf(localSecondaryIndexes);
        indexStates = Map.copyOf(indexStates);
    }

    /** A table whose indexes are all as ready as the table, with no item counts of their own. */
    public TableInfo(
            String name,
            String status,
            KeySchema keySchema,
            Map<String, String> keyAttributeTypes,
            List<SecondaryIndex> globalSecondaryIndexes,
            List<SecondaryIndex> localSecondaryIndexes,
            String billingMode,
            long itemCount,
            long sizeBytes,
            Optional<String> ttlAttribute,
            Optional<String> streamViewType,
            TableDefinition.Billing provisionedThroughput) {
        this(
                name,
                status,
                keySchema,
                keyAttributeTypes,
                globalSecondaryIndexes,
                localSecondaryIndexes,
                Map.of(),
                billingMode,
                itemCount,
                sizeBytes,
                ttlAttribute,
                streamViewType,
                provisionedThroughput);
    }

    /** An active on-demand table without indexes whose keys are strings. */
    public static TableInfo onDemand(String name, KeySchema keySchema, long itemCount) {
        Map<String, String> types = new LinkedHashMap<>();
        keySchema.attributes().forEach(key -> types.put(key, "S"));
        return activeOnDemand(name, keySchema, types, itemCount);
    }

    /** The table {@code definition} creates, as it will be described once ACTIVE and empty. */
    public static TableInfo toBeCreated(TableDefinition definition) {
        Map<String, String> types = new LinkedHashMap<>();
        definition
                .keySchema()
                .attributes()
                .forEach(key -> types.put(key, definition.attributeTypes().getOrDefault(key, "S")));
        return activeOnDemand(definition.name(), definition.keySchema(), types, 0);
    }

    private static TableInfo activeOnDemand(
            String name, KeySchema keySchema, Map<String, String> types, long itemCount) {
        return new TableInfo(
                name,
                "ACTIVE",
                keySchema,
                types,
                List.of(),
                List.of(),
                Map.of(),
                "PAY_PER_REQUEST",
                itemCount,
                0,
                Optional.empty(),
                Optional.empty(),
                null);
    }

    /** The key schema of the table (index == null) or of the named index. */
    public KeySchema keySchemaOf(String index) {
        if (index == null) {
            return keySchema;
        }
        return indexes().stream()
                .filter(i -> i.name().equals(index))
                .findFirst()
                .map(SecondaryIndex::keySchema)
                .orElseThrow(
                        () ->
                                new IllegalArgumentException(
                                        "table '" + name + "' has no index '" + index + "'"));
    }

    /** The keys of the table and its indexes with their types, for checking requests in core. */
    public TableKeys tableKeys() {
        Map<String, KeySchema> indexKeys = new LinkedHashMap<>();
        indexes().forEach(i -> indexKeys.put(i.name(), i.keySchema()));
        return new TableKeys(keySchema, indexKeys, keyAttributeTypes);
    }

    /** The type of a key attribute of the table or an index; S when the table does not say. */
    public KeyType keyType(String attribute) {
        return KeyType.of(keyAttributeTypes.get(attribute));
    }

    public List<SecondaryIndex> indexes() {
        return Stream.concat(globalSecondaryIndexes.stream(), localSecondaryIndexes.stream())
                .toList();
    }

    public boolean hasLocalSecondaryIndex() {
        return !localSecondaryIndexes.isEmpty();
    }

    /** How {@code index} of this table is doing. */
    public IndexState stateOf(SecondaryIndex index) {
        return indexStates.getOrDefault(index.name(), new IndexState(status, 0));
    }

    /**
     * How a live index is doing, which a model or a table to create does not say.
     *
     * @param status CREATING, ACTIVE … (a local index has its table's)
     */
    public record IndexState(String status, long itemCount) {}
}

package io.dynoscope.core.table;

import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.item.TableKeys;
import io.dynoscope.core.model.IndexModel;
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
        List<IndexInfo> globalSecondaryIndexes,
        List<IndexInfo> localSecondaryIndexes,
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
                .map(IndexInfo::keySchema)
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

    public List<IndexInfo> indexes() {
        return Stream.concat(globalSecondaryIndexes.stream(), localSecondaryIndexes.stream())
                .toList();
    }

    public boolean hasLocalSecondaryIndex() {
        return !localSecondaryIndexes.isEmpty();
    }

    /**
     * A secondary index.
     *
     * @param projectionType ALL, KEYS_ONLY or INCLUDE
     * @param nonKeyAttributes the INCLUDE attributes
     */
    public record IndexInfo(
            String name,
            boolean global,
            KeySchema keySchema,
            String projectionType,
            List<String> nonKeyAttributes,
            String status,
            long itemCount) {
        public IndexInfo {
            nonKeyAttributes = List.copyOf(nonKeyAttributes);
        }

        /** The index as a table model holds it. */
        public IndexModel model() {
            return new IndexModel(name, global, keySchema, projectionType, nonKeyAttributes);
        }
    }
}

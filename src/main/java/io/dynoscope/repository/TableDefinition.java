package io.dynoscope.repository;

import io.dynoscope.core.item.KeySchema;
import java.util.List;
import java.util.Map;

/**
 * What it takes to create a table: keys, their scalar types, the indexes and the billing.
 *
 * @param attributeTypes S, N or B for every key attribute of the table and its indexes
 * @param provisioned the read and write capacity of a provisioned table (its global secondary
 *     indexes get the same), or null for on-demand billing
 */
public record TableDefinition(
        String name,
        KeySchema keySchema,
        Map<String, String> attributeTypes,
        List<IndexDefinition> globalSecondaryIndexes,
        List<IndexDefinition> localSecondaryIndexes,
        Throughput provisioned) {

    public TableDefinition {
        attributeTypes = Map.copyOf(attributeTypes);
        globalSecondaryIndexes = List.copyOf(globalSecondaryIndexes);
        localSecondaryIndexes = List.copyOf(localSecondaryIndexes);
    }

    /** An on-demand table. */
    public TableDefinition(
            String name,
            KeySchema keySchema,
            Map<String, String> attributeTypes,
            List<IndexDefinition> globalSecondaryIndexes,
            List<IndexDefinition> localSecondaryIndexes) {
        this(name, keySchema, attributeTypes, globalSecondaryIndexes, localSecondaryIndexes, null);
    }

    /** Provisioned read and write capacity units. */
    public record Throughput(long readCapacityUnits, long writeCapacityUnits) {
        public Throughput {
            if (readCapacityUnits < 1 || writeCapacityUnits < 1) {
                throw new IllegalArgumentException(
                        "provisioned capacity needs at least 1 read and 1 write capacity unit");
            }
        }
    }

    /** A table with string partition and (optional) sort keys and no indexes. */
    public static TableDefinition simple(String name, String partitionKey, String sortKey) {
        Map<String, String> types =
                sortKey == null
                        ? Map.of(partitionKey, "S")
                        : Map.of(partitionKey, "S", sortKey, "S");
        return new TableDefinition(
                name, KeySchema.of(partitionKey, sortKey), types, List.of(), List.of());
    }

    /**
     * @param projectionType ALL, KEYS_ONLY or INCLUDE (with nonKeyAttributes)
     */
    public record IndexDefinition(
            String name,
            KeySchema keySchema,
            String projectionType,
            List<String> nonKeyAttributes) {
        public IndexDefinition {
            nonKeyAttributes = List.copyOf(nonKeyAttributes);
        }

        public static IndexDefinition all(String name, String partitionKey, String sortKey) {
            return new IndexDefinition(name, KeySchema.of(partitionKey, sortKey), "ALL", List.of());
        }
    }
}

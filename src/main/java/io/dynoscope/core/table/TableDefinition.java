package io.dynoscope.core.table;

import io.dynoscope.core.item.KeySchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What it takes to create a table: keys, their scalar types, the indexes with their projections,
 * and the billing mode with its capacity.
 *
 * @param attributeTypes S, N or B for every key attribute of the table and its indexes
 * @param billing on demand, or provisioned with read and write capacity (global secondary indexes
 *     get the same capacity as the table)
 */
public record TableDefinition(
        String name,
        KeySchema keySchema,
        Map<String, String> attributeTypes,
        List<SecondaryIndex> globalSecondaryIndexes,
        List<SecondaryIndex> localSecondaryIndexes,
        Billing billing) {

    public TableDefinition {
        attributeTypes = Map.copyOf(attributeTypes);
        globalSecondaryIndexes = List.copyOf(globalSecondaryIndexes);
        localSecondaryIndexes = List.copyOf(localSecondaryIndexes);
        Objects.requireNonNull(billing, "billing");
    }

    /** An on-demand table. */
    public TableDefinition(
            String name,
            KeySchema keySchema,
            Map<String, String> attributeTypes,
            List<SecondaryIndex> globalSecondaryIndexes,
            List<SecondaryIndex> localSecondaryIndexes) {
        this(
                name,
                keySchema,
                attributeTypes,
                globalSecondaryIndexes,
                localSecondaryIndexes,
                Billing.onDemand());
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
     * The definition of an existing table under another name: its keys, key types and indexes with
     * their projections, billed {@code billing}.
     */
    public static TableDefinition like(TableInfo table, String name, Billing billing) {
        return new TableDefinition(
                name,
                table.keySchema(),
                new LinkedHashMap<>(table.keyAttributeTypes()),
                table.globalSecondaryIndexes(),
                table.localSecondaryIndexes(),
                billing);
    }

    /** The same table under another name. */
    public TableDefinition named(String otherName) {
        return new TableDefinition(
                otherName,
                keySchema,
                attributeTypes,
                globalSecondaryIndexes,
                localSecondaryIndexes,
                billing);
    }

    /**
     * How a table is billed.
     *
     * @param mode PAY_PER_REQUEST or PROVISIONED
     * @param readCapacity read capacity units (provisioned only, else 0)
     * @param writeCapacity write capacity units (provisioned only, else 0)
     */
    public record Billing(String mode, long readCapacity, long writeCapacity) {
        public static final String PAY_PER_REQUEST = "PAY_PER_REQUEST";
        public static final String PROVISIONED = "PROVISIONED";

        public Billing {
            if (!PAY_PER_REQUEST.equals(mode) && !PROVISIONED.equals(mode)) {
                throw new IllegalArgumentException(
                        "billing mode is PAY_PER_REQUEST or PROVISIONED, not " + mode);
            }
            if (PROVISIONED.equals(mode) && (readCapacity < 1 || writeCapacity < 1)) {
                throw new IllegalArgumentException(
                        "a provisioned table needs at least 1 read and 1 write capacity unit");
            }
        }

        public static Billing onDemand() {
            return new Billing(PAY_PER_REQUEST, 0, 0);
        }

        public static Billing provisioned(long readCapacity, long writeCapacity) {
            return new Billing(PROVISIONED, readCapacity, writeCapacity);
        }

        public boolean isProvisioned() {
            return PROVISIONED.equals(mode);
        }
    }
}

package io.dynoscope.repository;

import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.core.table.TableInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/** DescribeTable's answer in Dynoscope's terms: the table, its key, its indexes, its billing. */
final class TableDescriptions {

    private TableDescriptions() {}

    static TableInfo toTableInfo(TableDescription d, Optional<String> ttlAttribute) {
        Map<String, String> types = new LinkedHashMap<>();
        d.attributeDefinitions()
                .forEach(a -> types.put(a.attributeName(), a.attributeTypeAsString()));
        Map<String, TableInfo.IndexState> states = new LinkedHashMap<>();
        List<SecondaryIndex> globals = new ArrayList<>();
        for (GlobalSecondaryIndexDescription g : d.globalSecondaryIndexes()) {
            globals.add(index(g.indexName(), true, g.keySchema(), g.projection()));
            states.put(
                    g.indexName(),
                    new TableInfo.IndexState(
                            g.indexStatusAsString(), SdkCalls.orZero(g.itemCount())));
        }
        // a local index has no status of its own: it is as ready as its table
        List<SecondaryIndex> locals = new ArrayList<>();
        for (LocalSecondaryIndexDescription l : d.localSecondaryIndexes()) {
            locals.add(index(l.indexName(), false, l.keySchema(), l.projection()));
            states.put(
                    l.indexName(),
                    new TableInfo.IndexState(
                            d.tableStatusAsString(), SdkCalls.orZero(l.itemCount())));
        }
        String billing =
                d.billingModeSummary() == null || d.billingModeSummary().billingMode() == null
                        ? BillingMode.PROVISIONED.toString()
                        : d.billingModeSummary().billingModeAsString();
        Optional<String> stream =
                d.streamSpecification() != null
                                && Boolean.TRUE.equals(d.streamSpecification().streamEnabled())
                        ? Optional.ofNullable(d.streamSpecification().streamViewTypeAsString())
                        : Optional.empty();
        return new TableInfo(
                d.tableName(),
                d.tableStatusAsString(),
                keySchema(d.keySchema()),
                types,
                globals,
                locals,
                states,
                billing,
                SdkCalls.orZero(d.itemCount()),
                SdkCalls.orZero(d.tableSizeBytes()),
                ttlAttribute,
                stream,
                provisioned(billing, d));
    }

    private static SecondaryIndex index(
            String name, boolean global, List<KeySchemaElement> keys, Projection projection) {
        return new SecondaryIndex(
                name,
                global,
                keySchema(keys),
                projection.projectionTypeAsString(),
                projection.nonKeyAttributes());
    }

    /** The capacity of a provisioned table; null on demand or when the engine does not say. */
    private static TableDefinition.Billing provisioned(String billing, TableDescription d) {
        if (!BillingMode.PROVISIONED.toString().equals(billing)
                || d.provisionedThroughput() == null) {
            return null;
        }
        long read = SdkCalls.orZero(d.provisionedThroughput().readCapacityUnits());
        long write = SdkCalls.orZero(d.provisionedThroughput().writeCapacityUnits());
        return read > 0 && write > 0 ? TableDefinition.Billing.provisioned(read, write) : null;
    }

    private static KeySchema keySchema(List<KeySchemaElement> elements) {
        String partition = null;
        String sort = null;
        for (KeySchemaElement e : elements) {
            if (e.keyType() == KeyType.HASH) {
                partition = e.attributeName();
            } else if (e.keyType() == KeyType.RANGE) {
                sort = e.attributeName();
            }
        }
        return KeySchema.of(partition, sort);
    }
}

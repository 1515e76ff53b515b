package io.dynoscope.repository;

import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableChange;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.core.table.TableDefinition.Billing;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.CreateGlobalSecondaryIndexAction;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteGlobalSecondaryIndexAction;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexUpdate;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveSpecification;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveRequest;

/**
 * Builds the SDK request for each {@link TableChange}: the object that is sent, and that {@link
 * RequestJson} shows, so the two cannot differ.
 */
public final class TableRequests {

    private TableRequests() {}

    /** The request a change is sent as, as the JSON shown to the user before it is sent. */
    public static String text(TableChange change) {
        return RequestJson.of(of(change));
    }

    static SdkPojo of(TableChange change) {
        if (change instanceof TableChange.CreateTable create) {
            return createTable(create.definition());
        }
        if (change instanceof TableChange.DeleteTable delete) {
            return DeleteTableRequest.builder().tableName(delete.table()).build();
        }
        if (change instanceof TableChange.UpdateTimeToLive ttl) {
            return UpdateTimeToLiveRequest.builder()
                    .tableName(ttl.table())
                    .timeToLiveSpecification(
                            TimeToLiveSpecification.builder()
                                    .attributeName(ttl.attribute())
                                    .enabled(ttl.enabled())
                                    .build())
                    .build();
        }
        if (change instanceof TableChange.CreateGlobalIndex add) {
            CreateGlobalSecondaryIndexAction.Builder action =
                    CreateGlobalSecondaryIndexAction.builder()
                            .indexName(add.index().name())
                            .keySchema(keySchemaElements(add.index().keySchema()))
                            .projection(projection(add.index()));
            if (add.billing().isProvisioned()) {
                action.provisionedThroughput(throughput(add.billing()));
            }
            return UpdateTableRequest.builder()
                    .tableName(add.table())
                    .attributeDefinitions(attributeDefinitions(add.attributeTypes()))
                    .globalSecondaryIndexUpdates(
                            GlobalSecondaryIndexUpdate.builder().create(action.build()).build())
                    .build();
        }
        TableChange.DeleteGlobalIndex remove = (TableChange.DeleteGlobalIndex) change;
        return UpdateTableRequest.builder()
                .tableName(remove.table())
                .globalSecondaryIndexUpdates(
                        GlobalSecondaryIndexUpdate.builder()
                                .delete(
                                        DeleteGlobalSecondaryIndexAction.builder()
                                                .indexName(remove.index())
                                                .build())
                                .build())
                .build();
    }

    private static CreateTableRequest createTable(TableDefinition definition) {
        Billing billing = definition.billing();
        CreateTableRequest.Builder request =
                CreateTableRequest.builder()
                        .tableName(definition.name())
                        .billingMode(billing.mode())
                        .keySchema(keySchemaElements(definition.keySchema()))
                        .attributeDefinitions(attributeDefinitions(definition.attributeTypes()));
        if (billing.isProvisioned()) {
            request.provisionedThroughput(throughput(billing));
        }
        if (!definition.globalSecondaryIndexes().isEmpty()) {
            request.globalSecondaryIndexes(
                    definition.globalSecondaryIndexes().stream()
                            .map(
                                    i -> {
                                        GlobalSecondaryIndex.Builder index =
                                                GlobalSecondaryIndex.builder()
                                                        .indexName(i.name())
                                                        .keySchema(keySchemaElements(i.keySchema()))
                                                        .projection(projection(i));
                                        if (billing.isProvisioned()) {
                                            index.provisionedThroughput(throughput(billing));
                                        }
                                        return index.build();
                                    })
                            .toList());
        }
        if (!definition.localSecondaryIndexes().isEmpty()) {
            request.localSecondaryIndexes(
                    definition.localSecondaryIndexes().stream()
                            .map(
                                    i ->
                                            LocalSecondaryIndex.builder()
                                                    .indexName(i.name())
                                                    .keySchema(keySchemaElements(i.keySchema()))
                                                    .projection(projection(i))
                                                    .build())
                            .toList());
        }
        return request.build();
    }

    private static List<AttributeDefinition> attributeDefinitions(Map<String, String> types) {
        // sorted, so the request text is the same every time
        return types.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .map(
                        e ->
                                AttributeDefinition.builder()
                                        .attributeName(e.getKey())
                                        .attributeType(e.getValue())
                                        .build())
                .toList();
    }

    private static ProvisionedThroughput throughput(Billing billing) {
        return ProvisionedThroughput.builder()
                .readCapacityUnits(billing.readCapacity())
                .writeCapacityUnits(billing.writeCapacity())
                .build();
    }

    static List<KeySchemaElement> keySchemaElements(KeySchema schema) {
        List<KeySchemaElement> elements = new ArrayList<>(2);
        elements.add(
                KeySchemaElement.builder()
                        .attributeName(schema.partitionKey())
                        .keyType(KeyType.HASH)
                        .build());
        schema.sortKey()
                .ifPresent(
                        sk ->
                                elements.add(
                                        KeySchemaElement.builder()
                                                .attributeName(sk)
                                                .keyType(KeyType.RANGE)
                                                .build()));
        return elements;
    }

    private static Projection projection(SecondaryIndex index) {
        Projection.Builder projection = Projection.builder().projectionType(index.projectionType());
        if (!index.nonKeyAttributes().isEmpty()) {
            projection.nonKeyAttributes(index.nonKeyAttributes());
        }
        return projection.build();
    }
}

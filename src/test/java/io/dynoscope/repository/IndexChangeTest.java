package io.dynoscope.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableChange;
import io.dynoscope.core.table.TableDefinition.Billing;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.RepositoryException;
import java.io.IOException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableResponse;

/**
 * Adding and removing a global secondary index as DynamoDB answers it (the index CREATING, then
 * ACTIVE; DELETING, then gone), with constructed SDK responses, so every state and an engine that
 * ignores the change are seen.
 */
class IndexChangeTest {

    private static final String TABLE = "posts";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final List<UpdateTableRequest> updates = new ArrayList<>();
    private final AtomicInteger describes = new AtomicInteger();

    /** A client that answers UpdateTable and DescribeTable from the given index states. */
    private DynamoDbClient dynamoDb(IndexStatus afterUpdate, List<IndexStatus> described) {
        InvocationHandler handler =
                (proxy, method, arguments) -> {
                    Object argument = arguments == null ? null : arguments[0];
                    if (argument instanceof UpdateTableRequest update) {
                        updates.add(update);
                        return UpdateTableResponse.builder()
                                .tableDescription(table(afterUpdate))
                                .build();
                    }
                    if (argument instanceof DescribeTableRequest) {
                        int call = describes.getAndIncrement();
                        return DescribeTableResponse.builder()
                                .table(table(described.get(Math.min(call, described.size() - 1))))
                                .build();
                    }
                    if (method.isDefault()) {
                        return InvocationHandler.invokeDefault(proxy, method, arguments);
                    }
                    throw new UnsupportedOperationException(method.getName());
                };
        return (DynamoDbClient)
                Proxy.newProxyInstance(
                        getClass().getClassLoader(),
                        new Class<?>[] {DynamoDbClient.class},
                        handler);
    }

    /** The table, with index byStatus in the given state, or without it for null. */
    private static TableDescription table(IndexStatus index) {
        TableDescription.Builder table =
                TableDescription.builder().tableName(TABLE).tableStatus(TableStatus.ACTIVE);
        if (index != null) {
            table.globalSecondaryIndexes(
                    GlobalSecondaryIndexDescription.builder()
                            .indexName("byStatus")
                            .indexStatus(index)
                            .build());
        }
        return table.build();
    }

    private static TableChange.CreateGlobalIndex byStatus() {
        return new TableChange.CreateGlobalIndex(
                TABLE,
                new SecondaryIndex(
                        "byStatus", true, KeySchema.of("status", null), "KEYS_ONLY", List.of()),
                Map.of("status", "S"),
                Billing.onDemand());
    }

    @Test
    void anAddedIndexIsWaitedForUntilActiveAndSentAsShown() throws IOException {
        try (SdkDynamoRepository repository =
                new SdkDynamoRepository(
                        dynamoDb(
                                IndexStatus.CREATING,
                                List.of(
                                        IndexStatus.CREATING,
                                        IndexStatus.CREATING,
                                        IndexStatus.ACTIVE)),
                        ConnectionSpec.Endpoint.of("http://constructed"))) {
            String shown = repository.requestText(byStatus());

            repository.changeTable(byStatus());

            assertEquals(1, updates.size());
            assertEquals(3, describes.get(), "polled until ACTIVE");
            assertEquals(
                    JSON.readTree(
                            """
                            {"AttributeDefinitions": [{"AttributeName": "status", "AttributeType": "S"}],
                             "TableName": "posts",
                             "GlobalSecondaryIndexUpdates": [{"Create": {
                                 "IndexName": "byStatus",
                                 "KeySchema": [{"AttributeName": "status", "KeyType": "HASH"}],
                                 "Projection": {"ProjectionType": "KEYS_ONLY"}}}]}
                            """),
                    JSON.readTree(shown));
            assertEquals(JSON.readTree(shown), JSON.readTree(RequestJson.of(updates.get(0))));
        }
    }

    @Test
    void aRemovedIndexIsWaitedForUntilGone() {
        try (SdkDynamoRepository repository =
                new SdkDynamoRepository(
                        dynamoDb(
                                IndexStatus.DELETING,
                                Arrays.asList(IndexStatus.DELETING, IndexStatus.DELETING, null)),
                        ConnectionSpec.Endpoint.of("http://constructed"))) {

            repository.changeTable(new TableChange.DeleteGlobalIndex(TABLE, "byStatus"));

            assertEquals(
                    "byStatus",
                    updates.get(0).globalSecondaryIndexUpdates().get(0).delete().indexName());
            assertTrue(describes.get() >= 3, "polled until gone");
        }
    }

    @Test
    void anEngineThatAnswersWithoutTheIndexIsReported() {
        try (SdkDynamoRepository repository =
                new SdkDynamoRepository(
                        dynamoDb(null, Arrays.asList((IndexStatus) null)),
                        ConnectionSpec.Endpoint.of("http://constructed"))) {

            RepositoryException ignored =
                    assertThrows(
                            RepositoryException.class, () -> repository.changeTable(byStatus()));

            assertEquals(RepositoryException.Kind.VALIDATION, ignored.kind());
            assertTrue(ignored.getMessage().contains("did not add index 'byStatus'"));
            assertEquals(0, describes.get(), "not waited on");
        }
    }
}

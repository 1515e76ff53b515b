package io.dynoscope.repository;

import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.QuerySpec;
import io.dynoscope.service.store.RepositoryException;
import io.dynoscope.service.store.ScanSpec;
import io.dynoscope.testsupport.TestEngine;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Failures come back as RepositoryExceptions naming the operation, the table and the service's
 * message.
 */
class RepositoryErrorsTest {

    private static DynamoRepository repository;
    private static String table;

    @BeforeAll
    static void createTable() {
        repository = TestEngine.repository();
        table = TestEngine.freshTable("errors");
    }

    @Test
    void anUnknownTableIsNotFoundWithTheTableAndOperationInTheMessage() {
        RepositoryException e =
                assertThrows(
                        RepositoryException.class,
                        () ->
                                repository.query(
                                        QuerySpec.of(
                                                "no-such-table",
                                                KeyCondition.partition(
                                                        KeySchema.of("pk", "sk"), s("x"))),
                                        page -> true,
                                        Cancellation.none()));
        assertEquals(RepositoryException.Kind.NOT_FOUND, e.kind());
        assertEquals("Query", e.operation());
        assertEquals("no-such-table", e.table());
        assertTrue(
                e.getMessage().startsWith("Query on table 'no-such-table' failed: "),
                e.getMessage());
        assertTrue(e.serviceMessage().contains("not found"), e.serviceMessage());

        CompiledExpression readyKeyCondition =
                new CompiledExpression("#pk = :pk", Map.of("#pk", "pk"), Map.of(":pk", s("x")));
        RepositoryException scanOrQuery =
                assertThrows(
                        RepositoryException.class,
                        () ->
                                repository.query(
                                        QuerySpec.of("no-such-table", readyKeyCondition),
                                        page -> true,
                                        Cancellation.none()));
        assertEquals(RepositoryException.Kind.NOT_FOUND, scanOrQuery.kind());
        assertEquals("Query", scanOrQuery.operation());

        RepositoryException put =
                assertThrows(
                        RepositoryException.class,
                        () ->
                                repository.putItem(
                                        "no-such-table", Key.of("pk", s("x")).asItem(), null));
        assertEquals(RepositoryException.Kind.NOT_FOUND, put.kind());
        assertEquals("PutItem", put.operation());

        RepositoryException describe =
                assertThrows(
                        RepositoryException.class, () -> repository.describeTable("no-such-table"));
        assertEquals(RepositoryException.Kind.NOT_FOUND, describe.kind());
        assertEquals("DescribeTable", describe.operation());
    }

    @Test
    void aBadExpressionIsAValidationErrorWithTheServicesMessage() {
        CompiledExpression broken =
                new CompiledExpression("#a = = :v", Map.of("#a", "a"), Map.of(":v", s("x")));
        RepositoryException e =
                assertThrows(
                        RepositoryException.class,
                        () ->
                                repository.scan(
                                        ScanSpec.table(table).withFilter(broken),
                                        page -> true,
                                        Cancellation.none()));
        assertEquals(RepositoryException.Kind.VALIDATION, e.kind());
        assertEquals("Scan", e.operation());
        assertTrue(e.serviceMessage().startsWith("Invalid FilterExpression"), e.serviceMessage());
        assertTrue(e.getMessage().contains(table), e.getMessage());
    }

    @Test
    void aClosedPortIsUnreachableAndNamesTheEndpoint() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        URI endpoint = URI.create("http://127.0.0.1:" + closedPort);
        try (SdkDynamoRepository unreachable =
                SdkDynamoRepository.connect(new ConnectionSpec.Endpoint(endpoint, null, null))) {
            RepositoryException e =
                    assertThrows(
                            RepositoryException.class,
                            () -> unreachable.getItem("anything", Key.of("pk", s("x")), false));
            assertEquals(RepositoryException.Kind.UNREACHABLE, e.kind());
            assertEquals("GetItem", e.operation());
            assertTrue(e.serviceMessage().contains(endpoint.toString()), e.serviceMessage());
        }
    }
}

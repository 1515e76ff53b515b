package io.dynoscope.repository;

import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.service.store.ConnectionSpec;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.utility.DockerImageName;

/**
 * The repository against Amazon's DynamoDB Local, where a Docker engine exists; skipped where it
 * does not (as on the build machines here), since DynamoDB Local is not ours to ship.
 */
@Testcontainers(disabledWithoutDocker = true)
class DynamoDbLocalContainerTest {

    private static final int PORT = 8000;

    @Container
    private static final GenericContainer<?> DYNAMODB_LOCAL =
            new GenericContainer<>(DockerImageName.parse("amazon/dynamodb-local"))
                    .withExposedPorts(PORT);

    @Test
    void anItemRoundTripsThroughDynamoDbLocal() {
        URI endpoint =
                URI.create(
                        "http://"
                                + DYNAMODB_LOCAL.getHost()
                                + ":"
                                + DYNAMODB_LOCAL.getMappedPort(PORT));
        try (SdkDynamoRepository repository =
                SdkDynamoRepository.connect(new ConnectionSpec.Endpoint(endpoint, null, null))) {
            repository.createTable(TableDefinition.simple("round-trip", "pk", "sk"));
            Item item =
                    Item.of(
                            Map.of(
                                    "pk",
                                    s("WS#acme"),
                                    "sk",
                                    s("META"),
                                    "big",
                                    n("12345678901234567890123456789012345678"),
                                    "empty",
                                    s(""),
                                    "nothing",
                                    AttributeValue.nul(),
                                    "tags",
                                    AttributeValue.ss("a", "b")));
            repository.putItem("round-trip", item, null);
            assertEquals(
                    item,
                    repository
                            .getItem(
                                    "round-trip", Key.of("pk", s("WS#acme"), "sk", s("META")), true)
                            .item()
                            .orElseThrow());
        }
    }
}

package io.dynoscope.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsCredentials;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * How a connection becomes a client. The profile cases point the SDK at temporary AWS files
 * (through its aws.configFile / aws.sharedCredentialsFile properties) and fail before any request.
 */
class DynamoClientsTest {

    @TempDir Path dir;
    private String previousConfig;
    private String previousCredentials;

    @BeforeEach
    void useTemporaryAwsFiles() throws IOException {
        previousConfig = System.getProperty("aws.configFile");
        previousCredentials = System.getProperty("aws.sharedCredentialsFile");
        Files.writeString(
                dir.resolve("config"),
                """
                [profile regional]
                region = ap-southeast-2
                [profile regionless]
                output = json
                """);
        Files.writeString(dir.resolve("credentials"), "");
        System.setProperty("aws.configFile", dir.resolve("config").toString());
        System.setProperty("aws.sharedCredentialsFile", dir.resolve("credentials").toString());
    }

    @AfterEach
    void restoreAwsFiles() {
        restore("aws.configFile", previousConfig);
        restore("aws.sharedCredentialsFile", previousCredentials);
    }

    private static void restore(String property, String value) {
        if (value == null) {
            System.clearProperty(property);
        } else {
            System.setProperty(property, value);
        }
    }

    @Test
    void anEndpointConnectionUsesTheEndpointRegionAndChosenAccessKeyId() {
        ConnectionSpec.Endpoint local =
                new ConnectionSpec.Endpoint(
                        URI.create("http://127.0.0.1:8000"), "eu-west-3", "alice");
        try (DynamoDbClient client = DynamoClients.create(local)) {
            assertEquals(
                    Optional.of(URI.create("http://127.0.0.1:8000")),
                    client.serviceClientConfiguration().endpointOverride());
            assertEquals(Region.EU_WEST_3, client.serviceClientConfiguration().region());
        }
        AwsCredentials credentials = DynamoClients.credentialsFor(local).resolveCredentials();
        assertEquals("alice", credentials.accessKeyId());
        assertEquals(DynamoClients.LOCAL_DUMMY_SECRET, credentials.secretAccessKey());
    }

    @Test
    void aProfileWithoutAGivenRegionUsesTheProfilesRegion() {
        try (DynamoDbClient client =
                DynamoClients.create(new ConnectionSpec.Profile("regional", null))) {
            assertEquals(Region.AP_SOUTHEAST_2, client.serviceClientConfiguration().region());
        }
        try (DynamoDbClient client =
                DynamoClients.create(new ConnectionSpec.Profile("regional", "us-west-2"))) {
            assertEquals(Region.US_WEST_2, client.serviceClientConfiguration().region());
        }
    }

    @Test
    void aProfileWithNoRegionAnywhereAsksForOne() {
        RepositoryException e =
                assertThrows(
                        RepositoryException.class,
                        () -> DynamoClients.create(new ConnectionSpec.Profile("regionless", null)));
        assertEquals(RepositoryException.Kind.VALIDATION, e.kind());
        assertTrue(e.serviceMessage().contains("regionless"), e.serviceMessage());
    }

    @Test
    void aProfileWithoutCredentialsFailsAsCredentialsBeforeSendingAnything() {
        try (SdkDynamoRepository repository =
                SdkDynamoRepository.connect(new ConnectionSpec.Profile("regional", null))) {
            RepositoryException e = assertThrows(RepositoryException.class, repository::listTables);
            assertEquals(RepositoryException.Kind.CREDENTIALS, e.kind());
            assertEquals("ListTables", e.operation());
            assertTrue(e.serviceMessage().contains("profile 'regional'"), e.serviceMessage());
        }
    }
}

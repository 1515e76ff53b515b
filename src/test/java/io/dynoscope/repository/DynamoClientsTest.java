package io.dynoscope.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.RepositoryException;
import io.dynoscope.testsupport.TestEngine;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
                [profile failing]
                region = eu-west-1
                credential_process = sh -c "echo token service down >&2; exit 3"
                [profile local]
                region = eu-west-1
                aws_access_key_id = local
                aws_secret_access_key = local
                endpoint_url = %s
                [profile viaservices]
                region = eu-west-1
                aws_access_key_id = local
                aws_secret_access_key = local
                services = test-engine
                [services test-engine]
                dynamodb =
                  endpoint_url = %s
                """
                        .formatted(TestEngine.endpoint(), TestEngine.endpoint()));
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
    void aProfileThatDoesNotExistIsNamedWithTheProfilesFound() {
        RepositoryException e =
                assertThrows(
                        RepositoryException.class,
                        () ->
                                DynamoClients.create(
                                        new ConnectionSpec.Profile("doesnotexist", null)));

        assertEquals(RepositoryException.Kind.VALIDATION, e.kind());
        assertEquals(
                "Connect failed: profile 'doesnotexist' does not exist in "
                        + dir.resolve("config")
                        + " or "
                        + dir.resolve("credentials")
                        + "; profiles found: failing, local, regional, regionless, viaservices",
                e.getMessage());
    }

    @Test
    void aProfilesEndpointUrlAndServicesSectionAreHonoured() {
        for (String profile : List.of("local", "viaservices")) {
            try (SdkDynamoRepository repository =
                    SdkDynamoRepository.connect(new ConnectionSpec.Profile(profile, null))) {
                String table = TestEngine.freshTable("profile-endpoint");

                assertTrue(repository.listTables().contains(table), profile);
            }
        }
    }

    @Test
    void aFailingCredentialProcessIsOneLineWithWhatToDo() {
        try (SdkDynamoRepository repository =
                SdkDynamoRepository.connect(new ConnectionSpec.Profile("failing", null))) {
            RepositoryException e = assertThrows(RepositoryException.class, repository::listTables);

            assertEquals(RepositoryException.Kind.CREDENTIALS, e.kind());
            assertTrue(
                    e.getMessage()
                            .startsWith(
                                    "ListTables failed: the credentials of profile 'failing' could not be loaded: "),
                    e.getMessage());
            assertTrue(e.getMessage().contains("token service down"), e.getMessage());
            assertTrue(
                    e.getMessage()
                            .endsWith(
                                    "Run the profile's credential_process command by hand to see why it fails."),
                    e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
    }

    @Test
    void noRegionAnywhereIsOneLineWithWhatToDo() {
        assumeTrue(
                System.getenv("AWS_REGION") == null && System.getenv("AWS_DEFAULT_REGION") == null,
                "the environment sets a region");
        String previousMetadata = System.getProperty("aws.disableEc2Metadata");
        System.setProperty("aws.disableEc2Metadata", "true");
        try {
            RepositoryException e =
                    assertThrows(
                            RepositoryException.class,
                            () -> DynamoClients.create(new ConnectionSpec.DefaultChain(null)));

            assertEquals(RepositoryException.Kind.VALIDATION, e.kind());
            assertEquals(
                    "Connect failed: no AWS region is set: choose one (--region on the command line), "
                            + "set AWS_REGION, or add region = ... to the profile in ~/.aws/config",
                    e.getMessage());
        } finally {
            restore("aws.disableEc2Metadata", previousMetadata);
        }
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

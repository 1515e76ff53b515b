package io.dynoscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.RepositoryException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which connection the global options choose, checked without connecting anywhere. */
class ConnectionOptionsTest {

    private static final Map<String, String> WITH_ENDPOINT_VARIABLE =
            Map.of("DYNAMODB_ENDPOINT", "http://127.0.0.1:4567");

    private final List<ConnectionSpec> opened = new ArrayList<>();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void theEndpointVariableIsTheDefaultEndpoint() {
        assertEquals(ExitCodes.SERVICE_ERROR, run(WITH_ENDPOINT_VARIABLE, "tables"));

        assertEquals(
                List.of(
                        new ConnectionSpec.Endpoint(
                                URI.create("http://127.0.0.1:4567"), "us-east-1", "dynoscope")),
                opened);
    }

    @Test
    void endpointOptionsWinOverTheVariable() {
        run(
                WITH_ENDPOINT_VARIABLE,
                "--endpoint",
                "http://localhost:8000",
                "--region",
                "eu-west-1",
                "--access-key-id",
                "tester",
                "tables");

        assertEquals(
                List.of(
                        new ConnectionSpec.Endpoint(
                                URI.create("http://localhost:8000"), "eu-west-1", "tester")),
                opened);
    }

    @Test
    void aProfileIsUsedInsteadOfTheVariable() {
        run(WITH_ENDPOINT_VARIABLE, "tables", "--profile", "dev", "--region", "eu-central-1");

        assertEquals(List.of(new ConnectionSpec.Profile("dev", "eu-central-1")), opened);
    }

    @Test
    void withoutOptionsTheDefaultCredentialChainIsUsed() {
        run(Map.of(), "tables");

        assertEquals(1, opened.size());
        assertTrue(opened.get(0) instanceof ConnectionSpec.DefaultChain, opened.toString());
        assertNull(opened.get(0).region());
    }

    @Test
    void contradictoryOrMalformedConnectionOptionsAreUsageErrors() {
        assertEquals(ExitCodes.USAGE, run(Map.of(), "--access-key-id", "x", "tables"));
        assertEquals(ExitCodes.USAGE, run(Map.of(), "--endpoint", "localhost:8000", "tables"));
        assertEquals(
                ExitCodes.USAGE,
                run(Map.of(), "--endpoint", "http://localhost:8000", "--profile", "dev", "tables"));

        assertEquals(List.of(), opened);
        assertEquals(
                3,
                err.toString(StandardCharsets.UTF_8).lines().count(),
                err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aServiceFailureIsOneLineWithExitCode1() {
        assertEquals(ExitCodes.SERVICE_ERROR, run(WITH_ENDPOINT_VARIABLE, "describe", "saas"));

        assertEquals(
                "dynoscope describe: Connect failed: connection refused\n",
                err.toString(StandardCharsets.UTF_8));
    }

    private int run(Map<String, String> environment, String... args) {
        return DynoscopeCli.run(
                args,
                System.in,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                environment,
                TestRepositories.of(this::open));
    }

    private DynamoRepository open(ConnectionSpec connection) {
        opened.add(connection);
        throw new RepositoryException(
                RepositoryException.Kind.UNREACHABLE,
                "Connect",
                null,
                "connection\n refused",
                null);
    }
}

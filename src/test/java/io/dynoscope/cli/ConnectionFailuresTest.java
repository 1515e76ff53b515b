package io.dynoscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Key;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.testsupport.TestEngine;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Connections that fail say why in one line: a server that never answers (--timeout), a profile
 * that does not exist, an endpoint with a password in it (masked). Input read from stdin ({@code
 * -}) must be UTF-8, as a file must.
 */
class ConnectionFailuresTest {

    private static String saas;

    @TempDir Path dir;
    private final List<Socket> accepted = new ArrayList<>();
    private ServerSocket silent;
    private String previousConfig;
    private String previousCredentials;

    @BeforeAll
    static void createTable() {
        saas = TestEngine.freshTable(SampleData.definition(Dataset.SAAS, "conn-saas"));
    }

    @AfterEach
    void cleanUp() throws IOException {
        for (Socket socket : accepted) {
            socket.close();
        }
        if (silent != null) {
            silent.close();
        }
        if (previousConfig != null || System.getProperty("aws.configFile") != null) {
            restore("aws.configFile", previousConfig);
            restore("aws.sharedCredentialsFile", previousCredentials);
        }
    }

    @Test
    void aServerThatNeverAnswersEndsAfterTheTimeoutNamingTheRequest() throws IOException {
        silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor =
                new Thread(
                        () -> {
                            try {
                                while (true) {
                                    accepted.add(silent.accept());
                                }
                            } catch (IOException closed) {
                                // the test is over
                            }
                        });
        acceptor.setDaemon(true);
        acceptor.start();
        String endpoint = "http://127.0.0.1:" + silent.getLocalPort();

        Result result =
                assertTimeoutPreemptively(
                        Duration.ofSeconds(30),
                        () -> run(Map.of(), "--endpoint", endpoint, "--timeout", "2s", "tables"));

        assertEquals(ExitCodes.SERVICE_ERROR, result.exitCode());
        assertEquals(
                "dynoscope tables: ListTables failed: no answer from "
                        + endpoint
                        + " within 2 s; the request timed out\n",
                result.err());
    }

    @Test
    void aTimeoutThatIsNotADurationIsAUsageError() {
        Result result = run(Map.of(), "--timeout", "soon", "tables");

        assertEquals(ExitCodes.USAGE, result.exitCode());
        assertTrue(
                result.err().contains("'soon' is not a duration such as 30s, 2m or 500ms"),
                result.err());
    }

    @Test
    void putAndDeleteOnAReadOnlyConnectionAreRefusedBeforeAnyRequest() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        String endpoint = "http://127.0.0.1:" + closedPort;
        // any request (DescribeTable first) to a closed port would fail as a service error
        Result put =
                run(
                        Map.of(),
                        "--endpoint",
                        endpoint,
                        "--read-only",
                        "put",
                        "--table",
                        "saas",
                        "--item",
                        "{\"EntityRef\": \"WS#ro\", \"Detail\": \"META\"}");
        Result delete =
                run(
                        Map.of(),
                        "--endpoint",
                        endpoint,
                        "--read-only",
                        "delete",
                        "--table",
                        "saas",
                        "--key",
                        "{\"EntityRef\": \"WS#ro\", \"Detail\": \"META\"}");

        assertEquals(ExitCodes.READ_ONLY, put.exitCode(), put.err());
        assertEquals(ExitCodes.READ_ONLY, delete.exitCode(), delete.err());
        assertTrue(put.err().contains("PutItem on table 'saas'"), put.err());
        assertTrue(delete.err().contains("DeleteItem on table 'saas'"), delete.err());
    }

    @Test
    void aPasswordInAnEndpointIsMaskedInEveryMessage() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        Result unreachable =
                run(
                        Map.of(),
                        "--endpoint",
                        "http://alice:s3cret@127.0.0.1:" + closedPort,
                        "--timeout",
                        "3s",
                        "describe",
                        "saas");
        Result notHttp = run(Map.of(), "--endpoint", "ftp://alice:s3cret@example.com", "tables");

        assertEquals(ExitCodes.SERVICE_ERROR, unreachable.exitCode(), unreachable.err());
        assertTrue(
                unreachable.err().contains("http://***@127.0.0.1:" + closedPort),
                unreachable.err());
        assertEquals(ExitCodes.USAGE, notHttp.exitCode());
        assertEquals(
                "dynoscope tables: endpoint 'ftp://***@example.com' is not an http or https URL "
                        + "such as http://localhost:8000\n",
                notHttp.err());
        assertFalse(unreachable.err().contains("s3cret") || notHttp.err().contains("s3cret"));
    }

    @Test
    void aProfileThatDoesNotExistListsTheProfilesFound() throws IOException {
        useAwsFiles("[profile dev]\nregion = eu-west-1\n[profile prod]\nregion = eu-west-1\n");

        Result result = run(Map.of(), "--profile", "doesnotexist", "tables");

        assertEquals(ExitCodes.SERVICE_ERROR, result.exitCode(), result.err());
        assertEquals(
                "dynoscope tables: Connect failed: profile 'doesnotexist' does not exist in "
                        + dir.resolve("config")
                        + " or "
                        + dir.resolve("credentials")
                        + "; profiles found: dev, prod\n",
                result.err());
    }

    @Test
    void putReadsTheItemFromStdinForADash() {
        Result result =
                withStdin(
                        "{\"EntityRef\": \"WS#stdin\", \"Detail\": \"META\", \"name\": \"Zoë\"}"
                                .getBytes(StandardCharsets.UTF_8),
                        "put",
                        "--table",
                        saas,
                        "--file",
                        "-");

        assertEquals(0, result.exitCode(), result.err());
        assertEquals(
                AttributeValue.s("Zoë"),
                TestEngine.repository()
                        .getItem(
                                saas,
                                Key.of(
                                        "EntityRef",
                                        AttributeValue.s("WS#stdin"),
                                        "Detail",
                                        AttributeValue.s("META")),
                                true)
                        .item()
                        .orElseThrow()
                        .get("name")
                        .orElseThrow());
    }

    @Test
    void invalidUtf8OnStdinOrInItemIsRefusedWithItsPlace() throws IOException {
        byte[] latin1 =
                "{\"EntityRef\": \"WS#bad\",\n \"Detail\": \"Zo\u00eb\"}"
                        .getBytes(StandardCharsets.ISO_8859_1);
        Path file = dir.resolve("latin1.json");
        Files.write(file, latin1);

        Result stdin = withStdin(latin1, "put", "--table", saas, "--file", "-");
        Result fromFile = withStdin(new byte[0], "put", "--table", saas, "--file", file.toString());
        Result item =
                withStdin(
                        new byte[0],
                        "put",
                        "--table",
                        saas,
                        "--item",
                        "{\"EntityRef\": \"WS#bad\", \"Detail\": \"Zo\uFFFD\"}");

        assertEquals(ExitCodes.USAGE, stdin.exitCode());
        assertEquals(
                "dynoscope put: cannot read stdin: line 2, byte offset 38: not UTF-8 (byte 0xEB)\n",
                stdin.err());
        assertEquals(
                "dynoscope put: cannot read "
                        + file
                        + ": line 2, byte offset 38: not UTF-8 (byte 0xEB)\n",
                fromFile.err());
        assertEquals(ExitCodes.USAGE, item.exitCode());
        assertTrue(
                item.err().startsWith("dynoscope put: --item: line 1, byte offset 37: not UTF-8"),
                item.err());
        assertFalse(
                TestEngine.repository()
                        .getItem(
                                saas,
                                Key.of(
                                        "EntityRef",
                                        AttributeValue.s("WS#bad"),
                                        "Detail",
                                        AttributeValue.s("Zo\uFFFD")),
                                true)
                        .item()
                        .isPresent());
    }

    @Test
    void importReadsStdinStrictlyAsUtf8() {
        byte[] lines =
                ("{\"EntityRef\": \"WS#in\", \"Detail\": \"META\"}\n"
                                + "{\"EntityRef\": \"WS#in\", \"Detail\": \"Zo\u00eb\"}\n")
                        .getBytes(StandardCharsets.ISO_8859_1);
        byte[] good =
                "{\"EntityRef\": \"WS#in\", \"Detail\": \"Zo\u00eb\"}\n"
                        .getBytes(StandardCharsets.UTF_8);

        Result bad = withStdin(lines, "import", "--table", saas, "--format", "json", "--in", "-");
        Result imported =
                withStdin(good, "import", "--table", saas, "--format", "json", "--in", "-");

        assertEquals(ExitCodes.USAGE, bad.exitCode(), bad.err());
        assertTrue(
                bad.err().contains("stdin: line 2: invalid UTF-8 at byte 37 of the line (0xEB)"),
                bad.err());
        assertFalse(
                TestEngine.repository()
                        .getItem(
                                saas,
                                Key.of(
                                        "EntityRef",
                                        AttributeValue.s("WS#in"),
                                        "Detail",
                                        AttributeValue.s("META")),
                                true)
                        .item()
                        .isPresent(),
                "nothing was written");
        assertEquals(0, imported.exitCode(), imported.err());
        assertTrue(
                TestEngine.repository()
                        .getItem(
                                saas,
                                Key.of(
                                        "EntityRef",
                                        AttributeValue.s("WS#in"),
                                        "Detail",
                                        AttributeValue.s("Zo\u00eb")),
                                true)
                        .item()
                        .isPresent(),
                "the stdin of the command line was read, as UTF-8");
    }

    private void useAwsFiles(String config) throws IOException {
        previousConfig = System.getProperty("aws.configFile");
        previousCredentials = System.getProperty("aws.sharedCredentialsFile");
        Files.writeString(dir.resolve("config"), config);
        Files.writeString(dir.resolve("credentials"), "");
        System.setProperty("aws.configFile", dir.resolve("config").toString());
        System.setProperty("aws.sharedCredentialsFile", dir.resolve("credentials").toString());
    }

    private static void restore(String property, String value) {
        if (value == null) {
            System.clearProperty(property);
        } else {
            System.setProperty(property, value);
        }
    }

    private static Result withStdin(byte[] stdin, String... args) {
        String[] all = new String[args.length + 2];
        all[0] = "--endpoint";
        all[1] = TestEngine.endpoint().toString();
        System.arraycopy(args, 0, all, 2, args.length);
        return run(new ByteArrayInputStream(stdin), Map.of(), all);
    }

    private static Result run(Map<String, String> environment, String... args) {
        return run(new ByteArrayInputStream(new byte[0]), environment, args);
    }

    /** The command line as a user runs it: the SDK connects, with --timeout and the AWS files. */
    private static Result run(InputStream stdin, Map<String, String> environment, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code =
                DynoscopeCli.run(
                        args,
                        stdin,
                        out,
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        environment,
                        TestRepositories.SDK);
        return new Result(code, err.toString(StandardCharsets.UTF_8));
    }

    private record Result(int exitCode, String err) {}
}

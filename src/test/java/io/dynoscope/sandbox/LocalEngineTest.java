package io.dynoscope.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalEngineTest {

    @Test
    void startsOnALoopbackPortAnswersAndStopsWithItsProcess() throws IOException {
        LocalEngine engine = LocalEngine.start();
        try {
            assertEquals("127.0.0.1", engine.endpoint().getHost());
            assertTrue(engine.endpoint().getPort() > 0);
            assertTrue(engine.isRunning());
            assertEquals(
                    200,
                    httpStatus(engine.endpoint()),
                    "dynalite answers a bare GET with its health check");
        } finally {
            engine.close();
        }
        assertFalse(engine.isRunning());
        assertThrows(IOException.class, () -> httpStatus(engine.endpoint()));
        engine.close();
    }

    @Test
    void theEngineEndsWhenTheProcessThatStartedItIsKilled() throws Exception {
        Process sandbox =
                new ProcessBuilder(
                                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                                "-cp",
                                System.getProperty("java.class.path"),
                                "-D"
                                        + LocalEngine.ENGINE_DIR_PROPERTY
                                        + "="
                                        + LocalEngine.locateEngineDir(),
                                "io.dynoscope.app.Launcher",
                                "sandbox",
                                "--empty")
                        .redirectError(ProcessBuilder.Redirect.DISCARD)
                        .start();
        List<ProcessHandle> engines = List.of();
        try {
            URI endpoint;
            try (BufferedReader out =
                    new BufferedReader(
                            new InputStreamReader(
                                    sandbox.getInputStream(), StandardCharsets.UTF_8))) {
                endpoint = URI.create(out.readLine().strip());
            }
            engines = sandbox.toHandle().descendants().toList();
            assertFalse(engines.isEmpty(), "the sandbox runs its engine as a child process");
            assertEquals(200, httpStatus(endpoint));

            // SIGKILL on Unix: no shutdown hook runs, so the engine must notice by itself.
            sandbox.destroyForcibly().waitFor(10, TimeUnit.SECONDS);

            long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
            while (engines.stream().anyMatch(ProcessHandle::isAlive)
                    && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertFalse(
                    engines.stream().anyMatch(ProcessHandle::isAlive),
                    "the engine outlived the sandbox that started it");
            assertThrows(IOException.class, () -> httpStatus(endpoint));
        } finally {
            engines.forEach(ProcessHandle::destroyForcibly);
            sandbox.destroyForcibly();
        }
    }

    @Test
    void twoEnginesGetTwoPorts() {
        try (LocalEngine first = LocalEngine.start();
                LocalEngine second = LocalEngine.start()) {
            assertTrue(first.endpoint().getPort() != second.endpoint().getPort());
        }
    }

    @Test
    void anEngineDirectoryWithoutDynaliteIsReportedWithWhatToDo(@TempDir Path empty) {
        LocalEngineException e =
                assertThrows(
                        LocalEngineException.class,
                        () -> LocalEngine.start(empty, Duration.ofSeconds(5)));
        assertTrue(e.getMessage().contains("not installed"), e.getMessage());
        assertTrue(e.getMessage().contains("Node 20+"), e.getMessage());
        assertTrue(e.getMessage().contains("http://localhost:8000"), e.getMessage());
    }

    @Test
    void anEngineThatExitsAtOnceIsReportedWithItsOutput(@TempDir Path dir) throws IOException {
        Path cli = dir.resolve(LocalEngine.CLI_IN_ENGINE_DIR);
        Files.createDirectories(cli.getParent());
        Files.writeString(cli, "console.error('engine exploded'); process.exit(3)\n");
        LocalEngineException e =
                assertThrows(
                        LocalEngineException.class,
                        () -> LocalEngine.start(dir, Duration.ofSeconds(10)));
        assertTrue(e.getMessage().contains("exited with code 3"), e.getMessage());
        assertTrue(e.getMessage().contains("engine exploded"), e.getMessage());
    }

    @Test
    void theBuildTellsWhereTheEngineIs() {
        Path dir = LocalEngine.locateEngineDir();
        assertTrue(Files.isRegularFile(dir.resolve(LocalEngine.CLI_IN_ENGINE_DIR)), dir.toString());
    }

    private static int httpStatus(URI endpoint) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) endpoint.toURL().openConnection();
        connection.setConnectTimeout(1000);
        connection.setReadTimeout(1000);
        try {
            return connection.getResponseCode();
        } finally {
            connection.disconnect();
        }
    }
}

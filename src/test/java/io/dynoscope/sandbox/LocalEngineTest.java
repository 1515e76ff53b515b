package io.dynoscope.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalEngineTest {

    @Test
    void startsOnALoopbackPortAnswersAndStopsWithItsProcess() throws IOException {
        LocalEngine engine = LocalEngine.start();
        try {
            assertEquals("127.0.0.1", engine.endpoint().getHost());
            assertEquals(engine.port(), engine.endpoint().getPort());
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
    void twoEnginesGetTwoPorts() {
        try (LocalEngine first = LocalEngine.start();
                LocalEngine second = LocalEngine.start()) {
            assertTrue(first.port() != second.port());
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

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
        Process sandbox = sandboxCommand(ProcessBuilder.Redirect.DISCARD);
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

    /**
     * Issue 33, item 7: node killed under a running engine is noticed and said, with the endpoint
     * and the exit code; an engine closed on purpose never "dies".
     */
    @Test
    void aKilledEngineIsNoticedAndAClosedOneIsNot() throws Exception {
        LocalEngine killed = LocalEngine.start();
        LocalEngine closed = LocalEngine.start();
        try {
            assertFalse(killed.died().isDone());
            kill(killed.pid());

            String why = killed.died().get(15, TimeUnit.SECONDS);

            assertTrue(
                    why.startsWith(
                            "the local engine at "
                                    + killed.endpoint()
                                    + " stopped: node exited with code "),
                    why);
            assertTrue(why.endsWith("; its tables are gone"), why);
            assertFalse(killed.isRunning());
            closed.close();
            Thread.sleep(500);
            assertFalse(closed.died().isDone(), "a closed engine did not die");
        } finally {
            killed.close();
            closed.close();
        }
    }

    /** An engine whose node crashes while serving is reported with the error node printed. */
    @Test
    void anEngineThatCrashesWhileServingIsReportedWithItsError(@TempDir Path dir) throws Exception {
        Path cli = dir.resolve(LocalEngine.CLI_IN_ENGINE_DIR);
        Files.createDirectories(cli.getParent());
        Files.writeString(
                cli,
                """
                const port = Number(process.argv[process.argv.indexOf('--port') + 1])
                require('http').createServer((q, r) => r.end('ok')).listen(port, '127.0.0.1')
                setTimeout(() => { const index = undefined; index.hashPrefix }, 1500)
                """);
        try (LocalEngine engine = LocalEngine.start(dir, Duration.ofSeconds(10))) {
            String why = engine.died().get(15, TimeUnit.SECONDS);

            assertTrue(why.contains(" stopped: node exited with code 1 (TypeError: "), why);
            assertTrue(why.contains("hashPrefix"), why);
        }
    }

    /**
     * {@code dynoscope sandbox} said "local engine at ..." and kept waiting after node died under
     * it: now it says so and exits 1.
     */
    @Test
    void theSandboxCommandEndsSayingSoWhenItsEngineIsKilled(@TempDir Path folder) throws Exception {
        Path err = folder.resolve("stderr.txt");
        Process sandbox = sandboxCommand(ProcessBuilder.Redirect.to(err.toFile()));
        try {
            try (BufferedReader out =
                    new BufferedReader(
                            new InputStreamReader(
                                    sandbox.getInputStream(), StandardCharsets.UTF_8))) {
                URI endpoint = URI.create(out.readLine().strip());
                List<ProcessHandle> engines = sandbox.toHandle().children().toList();
                assertEquals(1, engines.size(), "the engine is the sandbox's one child");
                kill(engines.get(0).pid());

                assertTrue(sandbox.waitFor(30, TimeUnit.SECONDS), "the sandbox ended");
                assertEquals(1, sandbox.exitValue());
                String said = Files.readString(err);
                assertTrue(said.contains("local engine at " + endpoint), said);
                assertTrue(
                        said.strip()
                                .lines()
                                .reduce((a, b) -> b)
                                .orElse("")
                                .startsWith(
                                        "dynoscope sandbox: the local engine at "
                                                + endpoint
                                                + " stopped: node exited with code "),
                        said);
            }
        } finally {
            sandbox.destroyForcibly();
        }
    }

    /** {@code dynoscope sandbox --empty} in a process of its own. */
    private static Process sandboxCommand(ProcessBuilder.Redirect stderr) throws IOException {
        return new ProcessBuilder(
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
                .redirectError(stderr)
                .start();
    }

    private static void kill(long pid) throws Exception {
        new ProcessBuilder("kill", "-9", Long.toString(pid)).start().waitFor();
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

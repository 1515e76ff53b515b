package io.dynoscope.sandbox;

import io.dynoscope.core.work.DaemonPool;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The local DynamoDB-compatible engine (the pinned dynalite, run with {@code node}) on a free
 * loopback port: the offline sandbox of the app and the engine of the test suite.
 *
 * <p>{@link #start()} returns once the engine answers HTTP; {@link #close()} stops it and its
 * children, and a shutdown hook does the same if the JVM exits first. If the JVM is killed outright
 * (SIGKILL), the engine notices that the stdin pipe to it closed and exits by itself. Data lives in
 * memory, or in a LevelDB folder the caller names ({@link #start(Path, Duration, Path)}).
 */
public final class LocalEngine implements AutoCloseable {

    /**
     * System property naming the engine directory (the one holding {@code node_modules/dynalite}).
     */
    public static final String ENGINE_DIR_PROPERTY = "dynoscope.engine.dir";

    static final Path CLI_IN_ENGINE_DIR = Path.of("node_modules", "dynalite", "cli.js");

    /**
     * The launcher that runs dynalite and ends it when this JVM is gone, even killed: it watches
     * the stdin pipe this JVM holds open and its parent process.
     */
    static final Path LAUNCHER_IN_ENGINE_DIR = Path.of("watch-parent.js");

    private static final Duration DEFAULT_START_TIMEOUT = Duration.ofSeconds(20);
    private static final int PORT_ATTEMPTS = 3;
    private static final int OUTPUT_KEPT_CHARS = 8_000;
    private static final String ALTERNATIVES =
            "Or connect Dynoscope to DynamoDB Local (http://localhost:8000) or to AWS instead.";

    private final Process process;
    private final int port;
    private final ProcessOutput output;
    private final Thread shutdownHook;
    private final CompletableFuture<String> died = new CompletableFuture<>();
    private volatile boolean stopping;

    private LocalEngine(Process process, int port, ProcessOutput output) {
        this.process = process;
        this.port = port;
        this.output = output;
        this.shutdownHook = new Thread(this::stopProcess, "dynoscope-engine-stop");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        process.onExit().thenRun(this::exited);
    }

    /** Watches the process: an end that {@link #close} did not ask for is the engine dying. */
    private void exited() {
        if (stopping) {
            return;
        }
        // node's crash report names the error on a line of its own, before the stack
        String last =
                output.awaitText()
                        .lines()
                        .map(String::strip)
                        .filter(line -> line.matches("^[A-Za-z]*Error\\b.*"))
                        .reduce((first, second) -> second)
                        .map(
                                line ->
                                        " ("
                                                + (line.length() > 200
                                                        ? line.substring(0, 200) + "…"
                                                        : line)
                                                + ")")
                        .orElse("");
        died.complete(
                "the local engine at "
                        + endpoint()
                        + " stopped: node exited with code "
                        + process.exitValue()
                        + last
                        + "; its tables are gone");
    }

    /**
     * Completes, saying what happened, when the engine's process ends without {@link #close}: node
     * crashed or was killed, and the tables it held in memory are gone. Never completes for an
     * engine that was closed.
     */
    public CompletableFuture<String> died() {
        return died;
    }

    /** The engine's process id (to watch or signal it from outside). */
    public long pid() {
        return process.pid();
    }

    /** Starts the engine found by {@link #locateEngineDir()} and waits until it answers. */
    public static LocalEngine start() {
        return start(locateEngineDir(), DEFAULT_START_TIMEOUT);
    }

    /** Starts the engine found by {@link #locateEngineDir()} on a LevelDB folder. */
    public static LocalEngine startOn(Path dataFolder) {
        return start(locateEngineDir(), DEFAULT_START_TIMEOUT, dataFolder);
    }

    /**
     * Starts the engine installed in {@code engineDir} and waits up to {@code timeout} for it to
     * answer.
     *
     * @throws LocalEngineException when node or the engine is missing, or it does not come up in
     *     time
     */
    public static LocalEngine start(Path engineDir, Duration timeout) {
        return start(engineDir, timeout, null);
    }

    /**
     * Starts the engine installed in {@code engineDir} on the LevelDB folder {@code dataFolder}
     * (created when missing; in memory when null) and waits up to {@code timeout} for it to answer.
     */
    public static LocalEngine start(Path engineDir, Duration timeout, Path dataFolder) {
        Path cli = engineDir.resolve(CLI_IN_ENGINE_DIR);
        if (!Files.isRegularFile(cli)) {
            throw new LocalEngineException(
                    "The local engine (dynalite) is not installed: "
                            + cli
                            + " does not exist. "
                            + "Install Node 20+ and run the build (./mvnw package), which runs `npm ci` in "
                            + engineDir
                            + ". "
                            + ALTERNATIVES);
        }
        Path node =
                findNode()
                        .orElseThrow(
                                () ->
                                        new LocalEngineException(
                                                "The local engine needs Node.js, but `node` is not on the PATH. "
                                                        + "Install Node 20+ (https://nodejs.org) and run the build. "
                                                        + ALTERNATIVES));
        Path launcher = engineDir.resolve(LAUNCHER_IN_ENGINE_DIR);
        // An engine folder from an older build has no launcher; dynalite then runs on its own.
        Path script = Files.isRegularFile(launcher) ? launcher : cli;
        LocalEngineException lastFailure = null;
        for (int attempt = 0; attempt < PORT_ATTEMPTS; attempt++) {
            int port = freeLoopbackPort();
            LocalEngine engine = launch(node, script, engineDir, port, dataFolder);
            try {
                engine.awaitReady(timeout);
                return engine;
            } catch (LocalEngineException e) {
                engine.close();
                lastFailure = e;
                // Another process may have taken the port between choosing and binding it: try
                // another.
                if (!engine.output.text().contains("EADDRINUSE")) {
                    throw e;
                }
            }
        }
        throw lastFailure;
    }

    /**
     * The engine directory: the {@value #ENGINE_DIR_PROPERTY} system property, else {@code
     * src/main/engine} under the working directory, else {@code ../src/main/engine} next to the jar
     * this class was loaded from, else {@code engine} beside that jar (the packaged app). Returns
     * the first candidate that holds an installed engine, or the first candidate when none does (so
     * the error names where it looked).
     */
    public static Path locateEngineDir() {
        List<Path> candidates = new ArrayList<>();
        String property = System.getProperty(ENGINE_DIR_PROPERTY);
        if (property != null && !property.isBlank()) {
            candidates.add(Path.of(property));
        }
        candidates.add(Path.of(System.getProperty("user.dir"), "src", "main", "engine"));
        jarDirectory()
                .ifPresent(
                        dir ->
                                candidates.add(
                                        dir.resolve("..")
                                                .resolve("src")
                                                .resolve("main")
                                                .resolve("engine")));
        // the packaged app: jpackage puts the jars and the engine side by side in its app folder
        jarDirectory().ifPresent(dir -> candidates.add(dir.resolve("engine")));
        return candidates.stream()
                .map(p -> p.toAbsolutePath().normalize())
                .filter(p -> Files.isRegularFile(p.resolve(CLI_IN_ENGINE_DIR)))
                .findFirst()
                .orElse(candidates.get(0).toAbsolutePath().normalize());
    }

    /** The endpoint to give the SDK, e.g. {@code http://127.0.0.1:54321}. */
    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + port);
    }

    public boolean isRunning() {
        return process.isAlive();
    }

    /** What the engine printed so far (the last few thousand characters). */
    public String output() {
        return output.text();
    }

    /** Stops the engine and its child processes. Safe to call more than once. */
    @Override
    public void close() {
        stopProcess();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException alreadyShuttingDown) {
            // The hook is running or about to run; it stops the same process, which is harmless.
        }
    }

    private void stopProcess() {
        stopping = true;
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Starts {@code script} with stdin a pipe from this JVM (the default), which the launcher
     * watches: it stays open while the Process object lives and closes when the JVM dies.
     */
    private static LocalEngine launch(
            Path node, Path script, Path engineDir, int port, Path dataFolder) {
        List<String> command =
                new ArrayList<>(
                        List.of(
                                node.toString(),
                                script.toString(),
                                "--host",
                                "127.0.0.1",
                                "--port",
                                Integer.toString(port),
                                "--createTableMs",
                                "0",
                                "--deleteTableMs",
                                "0",
                                "--updateTableMs",
                                "0"));
        if (dataFolder != null) {
            command.addAll(List.of("--path", dataFolder.toAbsolutePath().toString()));
        }
        ProcessBuilder builder =
                new ProcessBuilder(command).directory(engineDir.toFile()).redirectErrorStream(true);
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new LocalEngineException(
                    "Could not start the local engine with "
                            + node
                            + ": "
                            + e.getMessage()
                            + ". "
                            + ALTERNATIVES,
                    e);
        }
        return new LocalEngine(
                process, port, ProcessOutput.drain(process.getInputStream(), OUTPUT_KEPT_CHARS));
    }

    private void awaitReady(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            if (!process.isAlive()) {
                throw new LocalEngineException(
                        "The local engine exited with code "
                                + process.exitValue()
                                + " before it answered on port "
                                + port
                                + ". Its output:\n"
                                + output.awaitText());
            }
            if (answersHttp()) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new LocalEngineException(
                        "The local engine did not answer on "
                                + endpoint()
                                + " within "
                                + timeout.toSeconds()
                                + " s. Its output:\n"
                                + output.text());
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new LocalEngineException(
                        "Interrupted while waiting for the local engine to start", e);
            }
        }
    }

    /**
     * Any HTTP answer (dynalite says 200 to a bare GET, DynamoDB Local 400) means the server is
     * listening.
     */
    private boolean answersHttp() {
        try {
            HttpURLConnection connection =
                    (HttpURLConnection) new URL(endpoint().toString() + "/").openConnection();
            connection.setConnectTimeout(500);
            connection.setReadTimeout(1000);
            try {
                return connection.getResponseCode() > 0;
            } finally {
                connection.disconnect();
            }
        } catch (IOException notYet) {
            return false;
        }
    }

    private static int freeLoopbackPort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new LocalEngineException(
                    "Could not find a free loopback port for the local engine: " + e.getMessage(),
                    e);
        }
    }

    /**
     * {@code node} on the PATH; then the usual install locations, because an app started by
     * double-click on macOS gets a PATH without Homebrew's directories.
     */
    static Optional<Path> findNode() {
        boolean windows =
                System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("win");
        String executable = windows ? "node.exe" : "node";
        List<String> directories = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            directories.addAll(List.of(path.split(File.pathSeparator)));
        }
        if (!windows) {
            directories.addAll(List.of("/opt/homebrew/bin", "/usr/local/bin", "/usr/bin"));
        }
        return directories.stream()
                .filter(d -> !d.isBlank())
                .map(d -> Path.of(d, executable))
                .filter(Files::isExecutable)
                .findFirst();
    }

    private static Optional<Path> jarDirectory() {
        try {
            var source = LocalEngine.class.getProtectionDomain().getCodeSource();
            if (source == null) {
                return Optional.empty();
            }
            Path location = Path.of(source.getLocation().toURI());
            return Files.isRegularFile(location)
                    ? Optional.ofNullable(location.getParent())
                    : Optional.empty();
        } catch (URISyntaxException | IllegalArgumentException | SecurityException e) {
            return Optional.empty();
        }
    }

    /**
     * Keeps the tail of the engine's output so a failure can show it, and keeps the pipe from
     * filling.
     */
    private static final class ProcessOutput {
        private final StringBuilder tail = new StringBuilder();
        private final int keep;
        private final Thread reader;

        private ProcessOutput(int keep, InputStream stream) {
            this.keep = keep;
            this.reader = DaemonPool.threads("engine-output").newThread(() -> read(stream));
        }

        static ProcessOutput drain(InputStream stream, int keep) {
            ProcessOutput output = new ProcessOutput(keep, stream);
            output.reader.start();
            return output;
        }

        private void read(InputStream stream) {
            byte[] buffer = new byte[4096];
            try (stream) {
                int n;
                while ((n = stream.read(buffer)) >= 0) {
                    append(new String(buffer, 0, n, StandardCharsets.UTF_8));
                }
            } catch (IOException closed) {
                // The process ended; what was read is kept.
            }
        }

        private synchronized void append(String text) {
            tail.append(text);
            if (tail.length() > keep) {
                tail.delete(0, tail.length() - keep);
            }
        }

        synchronized String text() {
            return tail.toString();
        }

        /** The output once the process has ended and its pipe is drained. */
        String awaitText() {
            try {
                reader.join(2_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return text();
        }
    }
}

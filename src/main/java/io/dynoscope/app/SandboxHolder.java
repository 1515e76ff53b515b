package io.dynoscope.app;

import io.dynoscope.core.work.DaemonPool;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.repository.SdkRepositories;
import io.dynoscope.service.sandbox.LocalSandbox;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.settings.CacheDirectory;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts the sandbox once, on first use (or early, while the JVM loads the window), and stops it
 * with the app.
 */
final class SandboxHolder implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(SandboxHolder.class);

    /**
     * What the launcher started before the window's classes were loaded, if anything: the sandbox,
     * and a client on it that has listed its tables once.
     */
    private static CompletableFuture<Early> early;

    private LocalSandbox sandbox;

    /** The early client, until the first connection takes it. */
    private DynamoRepository earlyRepository;

    private Runnable onTablesSeeded = () -> {};
    private Consumer<String> onDied = why -> {};

    /** The packaged app's own stored sample state (made at package time), if any. */
    static final String BUNDLED_STATE_PROPERTY = "dynoscope.sample.state";

    /** Where the sample data is stored between starts, or null to write it at every start. */
    private final Path stateFolder;

    /** The sandbox and its client the launcher started early. */
    private record Early(LocalSandbox sandbox, DynamoRepository repository) {}

    /** A sandbox that writes its sample data at start (the tests' choice: nothing is kept). */
    SandboxHolder() {
        this(null);
    }

    SandboxHolder(Path stateFolder) {
        this.stateFolder = stateFolder;
    }

    /** The stored sample state's folder, in the user's cache folder. */
    static Path storedStateFolder() {
        return CacheDirectory.defaultDirectory().resolve("sandbox-state");
    }

    private static LocalSandbox startSandbox(Path stateFolder) {
        SdkRepositories sdk = new SdkRepositories();
        if (stateFolder == null) {
            return LocalSandbox.start(sdk);
        }
        String bundled = System.getProperty(BUNDLED_STATE_PROPERTY, "");
        return LocalSandbox.start(stateFolder, bundled.isBlank() ? null : Path.of(bundled), sdk);
    }

    /**
     * Starts the engine on a thread of its own, so that node starts while the JVM loads JavaFX and
     * the window, then makes the client the first connection uses and lists the tables once: the
     * SDK's classes (about 2,000) load there too, beside JavaFX's, instead of after the window.
     */
    static synchronized void startEarly() {
        if (early == null) {
            early = new CompletableFuture<>();
            DaemonPool.start(
                    "sandbox-start",
                    () -> {
                        LocalSandbox started;
                        try {
                            started = startSandbox(storedStateFolder());
                        } catch (RuntimeException e) {
                            early.completeExceptionally(e);
                            return;
                        }
                        early.complete(new Early(started, clientOn(started)));
                    });
        }
    }

    /** A client on the sandbox that has listed its tables, or null if that failed. */
    private static DynamoRepository clientOn(LocalSandbox sandbox) {
        DynamoRepository repository = null;
        try {
            repository = SdkDynamoRepository.connect(sandbox.connection());
            repository.listTables();
            return repository;
        } catch (RuntimeException e) {
            // the connection makes its own and says what went wrong
            LOG.debug("the early sandbox client failed: {}", e.toString());
            if (repository != null) {
                repository.close();
            }
            return null;
        }
    }

    private static synchronized CompletableFuture<Early> takeEarly() {
        CompletableFuture<Early> started = early;
        early = null;
        return started;
    }

    /** What to do once every sample table exists (the first one does at connect). */
    synchronized void onTablesSeeded(Runnable then) {
        this.onTablesSeeded = then;
    }

    /**
     * What to do when the sandbox's engine dies (node crashed or was killed), with what happened;
     * the next {@link #start} starts a new one.
     */
    synchronized void onDied(Consumer<String> then) {
        this.onDied = then;
    }

    synchronized ConnectionSpec start() {
        if (sandbox == null) {
            CompletableFuture<Early> fromLauncher = takeEarly();
            LocalSandbox started;
            if (fromLauncher == null) {
                started = startSandbox(stateFolder);
            } else {
                Early taken = fromLauncher.join();
                started = taken.sandbox();
                earlyRepository = taken.repository();
            }
            sandbox = started;
            Runnable then = onTablesSeeded;
            started.tablesSeeded().thenRun(then);
            started.died().thenAccept(why -> died(started, why));
        }
        return sandbox.connection();
    }

    /**
     * Starts the sandbox if it is not running and returns a client on it: the one made early, the
     * first time, else one that {@code open} makes.
     */
    DynamoRepository connect(Function<ConnectionSpec, DynamoRepository> open) {
        ConnectionSpec spec;
        DynamoRepository made;
        synchronized (this) {
            spec = start();
            made = earlyRepository;
            earlyRepository = null;
        }
        return made != null ? made : open.apply(spec);
    }

    private void died(LocalSandbox dead, String why) {
        Consumer<String> then;
        DynamoRepository unused;
        synchronized (this) {
            if (sandbox != dead) {
                return;
            }
            sandbox = null;
            unused = earlyRepository;
            earlyRepository = null;
            then = onDied;
        }
        LOG.warn("{}", why);
        if (unused != null) {
            unused.close();
        }
        dead.close();
        then.accept(why);
    }

    /** The running sandbox's engine process id, if one runs. */
    synchronized Optional<Long> enginePid() {
        return Optional.ofNullable(sandbox).map(LocalSandbox::enginePid);
    }

    @Override
    public synchronized void close() {
        if (earlyRepository != null) {
            earlyRepository.close();
            earlyRepository = null;
        }
        if (sandbox != null) {
            sandbox.close();
            sandbox = null;
        }
    }
}

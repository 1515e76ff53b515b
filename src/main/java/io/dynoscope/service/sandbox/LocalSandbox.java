package io.dynoscope.service.sandbox;

import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.work.DaemonPool;
import io.dynoscope.sandbox.LocalEngine;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.Repositories;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one-click local sandbox: a private dynalite engine on a free loopback port, loaded with the
 * sample tables. Nothing leaves the machine; everything is gone when the app closes.
 *
 * <p>Started with a folder for the stored sample state ({@link #start(Path, Repositories)}), the
 * engine runs on a private copy of that state, so every sample table and its bulk are there at once
 * and nothing is written at start-up; the first start without a stored state loads as below and
 * then builds the state in the background for the next one.
 *
 * <p>Loading comes in steps so the first table is on screen at once: {@link #start(Repositories)}
 * creates the table that opens first (saas) with its small data set; the other sample tables, then
 * the bulk that makes the hot partitions hot (about 10,000 items) a few seconds later, follow on a
 * background thread: {@link #tablesSeeded()} and {@link #sampleDataLoaded()} say when.
 */
public final class LocalSandbox implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LocalSandbox.class);

    private final LocalEngine engine;
    private final Repositories repositories;
    private final ConnectionSpec.Endpoint connection;
    private final Cancellation bulkCancellation = new Cancellation();
    private final CompletableFuture<Void> tablesSeeded = new CompletableFuture<>();
    private final CompletableFuture<Void> sampleDataLoaded = new CompletableFuture<>();
    private final CompletableFuture<Boolean> stateStored = new CompletableFuture<>();

    /** The private copy of the stored state the engine runs on, deleted at close; or null. */
    private final Path stateCopy;

    private LocalSandbox(LocalEngine engine, Path stateCopy, Repositories repositories) {
        this.engine = engine;
        this.repositories = repositories;
        this.stateCopy = stateCopy;
        this.connection = new ConnectionSpec.Endpoint(engine.endpoint(), null, null);
    }

    /**
     * How long the bulk waits after the small data sets (the packaged app's first table came on
     * screen 1.6 s sooner, 8.6 s to 7.0 s, on an idle 2-core machine; docs/benchmarks.md).
     */
    static final long BULK_DELAY_MILLIS = 5_000;

    /**
     * The sample table a first window opens: it is seeded before {@link #start(Repositories)}
     * returns.
     */
    public static final SampleData.Dataset FIRST = SampleData.Dataset.SAAS;

    /**
     * Starts the engine and seeds the first sample table, then the others and their bulk in the
     * background; throws with what to do when Node is missing.
     */
    public static LocalSandbox start(Repositories repositories) {
        return seeded(null, repositories);
    }

    /**
     * Starts the engine on a private copy of the sample state stored in {@code stateFolder}, with
     * every sample table loaded at once; without a stored state yet, starts as {@link
     * #start(Repositories)} and builds the state in the background once the samples are loaded.
     */
    public static LocalSandbox start(Path stateFolder, Repositories repositories) {
        return start(stateFolder, null, repositories);
    }

    /**
     * As {@link #start(Path, Repositories)}, preferring the state the app was packaged with in
     * {@code bundledFolder} (read only; null when there is none) when it is of this version.
     */
    public static LocalSandbox start(
            Path stateFolder, Path bundledFolder, Repositories repositories) {
        SampleState.removeStaleCopies(Path.of(System.getProperty("java.io.tmpdir")));
        Path engineDir = LocalEngine.locateEngineDir();
        SampleState state = new SampleState(stateFolder, engineDir, repositories);
        Optional<Path> stored =
                Optional.ofNullable(bundledFolder)
                        .flatMap(
                                folder -> new SampleState(folder, engineDir, repositories).stored())
                        .or(state::stored);
        if (stored.isEmpty()) {
            return seeded(state, repositories);
        }
        Path copy = SampleState.privateCopy(stored.get());
        LocalEngine engine;
        try {
            engine = LocalEngine.startOn(SampleState.dataOf(copy));
        } catch (RuntimeException e) {
            SampleState.deleteTree(copy);
            throw e;
        }
        LocalSandbox sandbox = new LocalSandbox(engine, copy, repositories);
        sandbox.tablesSeeded.complete(null);
        sandbox.sampleDataLoaded.complete(null);
        sandbox.stateStored.complete(false);
        return sandbox;
    }

    /** Writes the samples into a fresh in-memory engine; then stores them in {@code state}. */
    private static LocalSandbox seeded(SampleState state, Repositories repositories) {
        LocalEngine engine = LocalEngine.start();
        try {
            LocalSandbox sandbox = new LocalSandbox(engine, null, repositories);
            try (DynamoRepository repository = repositories.open(sandbox.connection)) {
                SampleTables.seed(repository, FIRST, FIRST.id());
            }
            sandbox.loadTheRest(state);
            return sandbox;
        } catch (RuntimeException e) {
            engine.close();
            throw e;
        }
    }

    private void loadTheRest(SampleState state) {
        DaemonPool.start(
                "sandbox-bulk",
                () -> {
                    try (DynamoRepository repository = repositories.open(connection)) {
                        for (SampleData.Dataset dataset : SampleData.Dataset.values()) {
                            if (dataset != FIRST) {
                                SampleTables.seed(repository, dataset, dataset.id());
                            }
                        }
                        tablesSeeded.complete(null);
                        // the first table's describe and first page must not queue
                        // behind 10,000 writes in the engine's one thread
                        Thread.sleep(BULK_DELAY_MILLIS);
                        for (SampleData.Dataset dataset : SampleData.Dataset.values()) {
                            SampleTables.seedBulk(
                                    repository, dataset, dataset.id(), bulkCancellation);
                        }
                        sampleDataLoaded.complete(null);
                        if (state != null) {
                            storeForNextStart(state);
                        } else {
                            stateStored.complete(false);
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        sampleDataLoaded.completeExceptionally(e);
                        stateStored.complete(false);
                    } catch (RuntimeException e) {
                        // The sandbox closed under it, or the engine failed: what was
                        // seeded is there all the same.
                        tablesSeeded.completeExceptionally(e);
                        sampleDataLoaded.completeExceptionally(e);
                        stateStored.complete(false);
                    }
                });
    }

    /**
     * Completes with true once this start stored the sample state for the next one; false when it
     * ran on a stored state already, was not asked to store one, or could not.
     */
    public CompletableFuture<Boolean> stateStored() {
        return stateStored;
    }

    /** Builds the stored state the next start runs on; a failure only costs that speed-up. */
    private void storeForNextStart(SampleState state) {
        try {
            state.build(bulkCancellation);
            stateStored.complete(!bulkCancellation.isCancelled());
        } catch (RuntimeException e) {
            LOG.warn("the sample data could not be stored for the next start: {}", e.getMessage());
            stateStored.complete(false);
        }
    }

    /**
     * Builds the stored sample state into {@code folder} (at package time, so the packaged app's
     * first start has it) and returns its version.
     */
    public static String storeState(Path folder, Repositories repositories) {
        SampleState state = new SampleState(folder, LocalEngine.locateEngineDir(), repositories);
        state.build(Cancellation.none());
        return state.version();
    }

    /**
     * Completes, saying what happened, when the engine dies under the sandbox (node crashed or was
     * killed): its tables are gone. Never completes for a sandbox that was closed.
     */
    public CompletableFuture<String> died() {
        return engine.died();
    }

    /** The engine's process id. */
    public long enginePid() {
        return engine.pid();
    }

    public ConnectionSpec.Endpoint connection() {
        return connection;
    }

    /** Completes when every sample table exists with its small data set (or fails with why not). */
    public CompletableFuture<Void> tablesSeeded() {
        return tablesSeeded;
    }

    /** Completes when the bulk of the sample data is loaded too (or fails with why not). */
    public CompletableFuture<Void> sampleDataLoaded() {
        return sampleDataLoaded;
    }

    @Override
    public void close() {
        bulkCancellation.cancel();
        engine.close();
        if (stateCopy != null) {
            SampleState.deleteTree(stateCopy);
        }
    }
}

package io.dynoscope.service.sandbox;

import io.dynoscope.core.table.Cancellation;
import io.dynoscope.sandbox.LocalEngine;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.Repositories;
import java.util.concurrent.CompletableFuture;

/**
 * The one-click local sandbox: a private dynalite engine on a free loopback port, loaded with the
 * sample tables. Nothing leaves the machine; everything is gone when the app closes.
 *
 * <p>Loading comes in steps so the first table is on screen at once: {@link #start()} creates the
 * table that opens first (saas) with its small data set; the other sample tables, then the bulk
 * that makes the hot partitions hot (about 10,000 items) a few seconds later, follow on a
 * background thread: {@link #tablesSeeded()} and {@link #sampleDataLoaded()} say when.
 */
public final class LocalSandbox implements AutoCloseable {

    private final LocalEngine engine;
    private final Repositories repositories;
    private final ConnectionSpec.Endpoint connection;
    private final Cancellation bulkCancellation = new Cancellation();
    private final CompletableFuture<Void> tablesSeeded = new CompletableFuture<>();
    private final CompletableFuture<Void> sampleDataLoaded = new CompletableFuture<>();

    private LocalSandbox(LocalEngine engine, Repositories repositories) {
        this.engine = engine;
        this.repositories = repositories;
        this.connection = new ConnectionSpec.Endpoint(engine.endpoint(), null, null);
    }

    /**
     * How long the bulk waits after the small data sets (the packaged app's first table came on
     * screen 1.6 s sooner, 8.6 s to 7.0 s, on an idle 2-core machine; docs/benchmarks.md).
     */
    static final long BULK_DELAY_MILLIS = 5_000;

    /** The sample table a first window opens: it is seeded before {@link #start()} returns. */
    public static final SampleData.Dataset FIRST = SampleData.Dataset.SAAS;

    /**
     * Starts the engine and seeds the first sample table, then the others and their bulk in the
     * background, through {@code repositories}; throws with what to do when Node is missing.
     */
    public static LocalSandbox start(Repositories repositories) {
        LocalEngine engine = LocalEngine.start();
        try {
            LocalSandbox sandbox = new LocalSandbox(engine, repositories);
            try (DynamoRepository repository = repositories.open(sandbox.connection)) {
                SampleTables.seed(repository, FIRST, FIRST.id());
            }
            sandbox.loadTheRest();
            return sandbox;
        } catch (RuntimeException e) {
            engine.close();
            throw e;
        }
    }

    private void loadTheRest() {
        Thread loader =
                new Thread(
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
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                                sampleDataLoaded.completeExceptionally(e);
                            } catch (RuntimeException e) {
                                // The sandbox closed under it, or the engine failed: what was
                                // seeded is there all the same.
                                tablesSeeded.completeExceptionally(e);
                                sampleDataLoaded.completeExceptionally(e);
                            }
                        },
                        "dynoscope-sandbox-bulk");
        loader.setDaemon(true);
        loader.start();
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
    }
}

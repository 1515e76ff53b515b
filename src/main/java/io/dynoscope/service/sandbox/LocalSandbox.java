package io.dynoscope.service.sandbox;

import io.dynoscope.repository.Cancellation;
import io.dynoscope.repository.ConnectionSpec;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.sandbox.LocalEngine;
import io.dynoscope.sandbox.SampleData;
import java.util.concurrent.CompletableFuture;

/**
 * The one-click local sandbox: a private dynalite engine on a free loopback port, loaded with the
 * sample tables. Nothing leaves the machine; everything is gone when the app closes.
 *
 * <p>Loading comes in steps so the first table is on screen at once: {@link #start()} creates the
 * table that opens first (saas) with its small data set; the other sample tables, then the bulk
 * that makes the hot partitions hot (about 10,000 items), follow on a background thread: {@link
 * #tablesSeeded()} and {@link #sampleDataLoaded()} say when.
 */
public final class LocalSandbox implements AutoCloseable {

    private final LocalEngine engine;
    private final ConnectionSpec.Endpoint connection;
    private final Cancellation bulkCancellation = new Cancellation();
    private final CompletableFuture<Void> tablesSeeded = new CompletableFuture<>();
    private final CompletableFuture<Void> sampleDataLoaded = new CompletableFuture<>();

    private LocalSandbox(LocalEngine engine) {
        this.engine = engine;
        this.connection = new ConnectionSpec.Endpoint(engine.endpoint(), null, null);
    }

    /** The sample table a first window opens: it is seeded before {@link #start()} returns. */
    public static final SampleData.Dataset FIRST = SampleData.Dataset.SAAS;

    /**
     * Starts the engine and seeds the first sample table, then the others and their bulk in the
     * background; throws with what to do when Node is missing.
     */
    public static LocalSandbox start() {
        LocalEngine engine = LocalEngine.start();
        try {
            LocalSandbox sandbox = new LocalSandbox(engine);
            try (SdkDynamoRepository repository = SdkDynamoRepository.connect(sandbox.connection)) {
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
                            try (SdkDynamoRepository repository =
                                    SdkDynamoRepository.connect(connection)) {
                                for (SampleData.Dataset dataset : SampleData.Dataset.values()) {
                                    if (dataset != FIRST) {
                                        SampleTables.seed(repository, dataset, dataset.id());
                                    }
                                }
                                tablesSeeded.complete(null);
                                for (SampleData.Dataset dataset : SampleData.Dataset.values()) {
                                    SampleTables.seedBulk(
                                            repository, dataset, dataset.id(), bulkCancellation);
                                }
                                sampleDataLoaded.complete(null);
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

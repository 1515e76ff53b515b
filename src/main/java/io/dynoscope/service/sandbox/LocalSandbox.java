package io.dynoscope.service.sandbox;

import io.dynoscope.repository.Cancellation;
import io.dynoscope.repository.ConnectionSpec;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.sandbox.LocalEngine;
import io.dynoscope.sandbox.SampleData;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The one-click local sandbox: a private dynalite engine on a free loopback port, loaded with the
 * sample tables. Nothing leaves the machine; everything is gone when the app closes.
 *
 * <p>Loading comes in two steps so the tables are on screen at once: {@link #start()} creates every
 * sample table with its small data set; the bulk that makes the hot partitions hot (about 10,000
 * items) follows on a background thread, {@link #sampleDataLoaded()} says when.
 */
public final class LocalSandbox implements AutoCloseable {

    private final LocalEngine engine;
    private final ConnectionSpec.Endpoint connection;
    private final Cancellation bulkCancellation = new Cancellation();
    private final CompletableFuture<Void> sampleDataLoaded = new CompletableFuture<>();

    private LocalSandbox(LocalEngine engine) {
        this.engine = engine;
        this.connection = new ConnectionSpec.Endpoint(engine.endpoint(), null, null);
    }

    /**
     * Starts the engine and seeds every sample table, then loads their bulk in the background;
     * throws with what to do when Node is missing.
     */
    public static LocalSandbox start() {
        LocalEngine engine = LocalEngine.start();
        try {
            LocalSandbox sandbox = new LocalSandbox(engine);
            try (SdkDynamoRepository repository = SdkDynamoRepository.connect(sandbox.connection)) {
                for (SampleData.Dataset dataset : List.of(SampleData.Dataset.values())) {
                    SampleTables.seed(repository, dataset, dataset.id());
                }
            }
            sandbox.loadBulk();
            return sandbox;
        } catch (RuntimeException e) {
            engine.close();
            throw e;
        }
    }

    private void loadBulk() {
        Thread loader =
                new Thread(
                        () -> {
                            try (SdkDynamoRepository repository =
                                    SdkDynamoRepository.connect(connection)) {
                                for (SampleData.Dataset dataset : SampleData.Dataset.values()) {
                                    SampleTables.seedBulk(
                                            repository, dataset, dataset.id(), bulkCancellation);
                                }
                                sampleDataLoaded.complete(null);
                            } catch (RuntimeException e) {
                                // The sandbox closed under it, or the engine failed: the small
                                // data sets are there all the same.
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

    /** Completes when the second step of the sample data is loaded (or fails with why not). */
    public CompletableFuture<Void> sampleDataLoaded() {
        return sampleDataLoaded;
    }

    @Override
    public void close() {
        bulkCancellation.cancel();
        engine.close();
    }
}

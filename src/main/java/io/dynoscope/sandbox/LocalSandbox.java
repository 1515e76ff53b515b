package io.dynoscope.sandbox;

import io.dynoscope.repository.ConnectionSpec;
import io.dynoscope.repository.SdkDynamoRepository;
import java.util.List;

/**
 * The one-click local sandbox: a private dynalite engine on a free loopback port, loaded with the
 * {@code saas} and {@code blog} sample tables. Nothing leaves the machine; everything is gone when
 * the app closes.
 */
public final class LocalSandbox implements AutoCloseable {

    private final LocalEngine engine;
    private final ConnectionSpec.Endpoint connection;

    private LocalSandbox(LocalEngine engine) {
        this.engine = engine;
        this.connection = new ConnectionSpec.Endpoint(engine.endpoint(), null, null);
    }

    /**
     * Starts the engine and seeds both sample tables; throws with what to do when Node is missing.
     */
    public static LocalSandbox start() {
        LocalEngine engine = LocalEngine.start();
        try {
            LocalSandbox sandbox = new LocalSandbox(engine);
            try (SdkDynamoRepository repository = SdkDynamoRepository.connect(sandbox.connection)) {
                for (SampleData.Dataset dataset : List.of(SampleData.Dataset.values())) {
                    SampleData.seed(repository, dataset, dataset.id());
                }
            }
            return sandbox;
        } catch (RuntimeException e) {
            engine.close();
            throw e;
        }
    }

    public ConnectionSpec.Endpoint connection() {
        return connection;
    }

    @Override
    public void close() {
        engine.close();
    }
}

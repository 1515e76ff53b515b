package io.dynoscope.service.transfer;

import io.dynoscope.service.store.ConnectionSpec;
import java.util.Optional;

/**
 * How many batch writes an import or a clone keeps in flight unless told: 1 to an endpoint and 4 to
 * AWS. A local engine answers one request at a time, and on a shared machine more in flight made
 * dynalite slower (docs/benchmarks.md); AWS answers them in parallel, so four hide its latency.
 */
public final class WriteConcurrency {

    private WriteConcurrency() {}

    /** The default for writes to {@code target} (AWS when the connection is not known). */
    public static int defaultFor(Optional<ConnectionSpec> target) {
        return target.filter(ConnectionSpec.Endpoint.class::isInstance).isPresent() ? 1 : 4;
    }
}

package io.dynoscope.cli;

import io.dynoscope.repository.ConnectionSpec;

/**
 * How many batch writes to keep in flight: as given, else 1 to an endpoint and 4 to AWS. A local
 * engine answers one request at a time, and on a shared machine more in flight made dynalite slower
 * (docs/benchmarks.md); AWS answers them in parallel, so four hide its latency.
 */
final class BatchConcurrency {

    private BatchConcurrency() {}

    static int of(Integer given, ConnectionSpec target) {
        if (given != null) {
            if (given < 1) {
                throw CliException.usage("--concurrency must be at least 1");
            }
            return given;
        }
        return target instanceof ConnectionSpec.Endpoint ? 1 : 4;
    }
}

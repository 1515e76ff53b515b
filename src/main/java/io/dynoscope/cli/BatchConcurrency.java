package io.dynoscope.cli;

import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.transfer.WriteConcurrency;
import java.util.Optional;

/** How many batch writes to keep in flight: as given, else {@link WriteConcurrency}'s default. */
final class BatchConcurrency {

    private BatchConcurrency() {}

    static int of(Integer given, ConnectionSpec target) {
        if (given != null) {
            if (given < 1) {
                throw CliException.usage("--concurrency must be at least 1");
            }
            return given;
        }
        return WriteConcurrency.defaultFor(Optional.ofNullable(target));
    }
}

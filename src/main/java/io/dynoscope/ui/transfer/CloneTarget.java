package io.dynoscope.ui.transfer;

import io.dynoscope.core.table.Cancellation;
import io.dynoscope.service.ConnectionServices;
import java.util.Objects;
import java.util.Optional;

/**
 * A connection a table can be cloned to, as the sidebar lists them: its label, why it refuses
 * writes (when it is read-only), how many batch writes suit it, and how to open its services (which
 * the clone closes when it is done).
 */
public record CloneTarget(
        String label, Optional<String> readOnlyReason, int concurrency, Services services) {

    /** Opens the connection and its services; may start a local engine or ask an MFA code. */
    @FunctionalInterface
    public interface Services {
        ConnectionServices open(Cancellation cancellation) throws Exception;
    }

    public CloneTarget {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(readOnlyReason, "readOnlyReason");
        Objects.requireNonNull(services, "services");
    }

    @Override
    public String toString() {
        return label + (readOnlyReason.isPresent() ? " (read-only)" : "");
    }
}

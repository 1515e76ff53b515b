package io.dynoscope.ui.planner;

import io.dynoscope.core.table.Cancellation;
import io.dynoscope.service.ConnectionServices;
import java.util.Objects;

/**
 * A connection the Model tab can load a design onto, as the shell offers them: a label, whether it
 * is real AWS (the CreateTable request is then confirmed with a warning), and how to reach its
 * services. The services belong to the caller; the tab never closes them.
 */
public record LoadTarget(String label, boolean aws, Services services) {

    /** Opens (or hands out) the services of a connection; may start a local engine. */
    @FunctionalInterface
    public interface Services {
        ConnectionServices open(Cancellation cancellation) throws Exception;
    }

    public LoadTarget {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(services, "services");
    }

    @Override
    public String toString() {
        return label;
    }
}

package io.dynoscope.ui.planner;

import io.dynoscope.repository.Cancellation;
import io.dynoscope.repository.DynamoRepository;
import java.util.Objects;

/**
 * A connection the planner can load a design onto, as the shell offers them: a label, whether it is
 * real AWS (the CreateTable request is then confirmed with a warning), and how to reach its
 * repository. The repository belongs to the caller; the planner never closes it.
 */
public record LoadTarget(String label, boolean aws, Repositories repositories) {

    /** Opens (or hands out) the repository of a connection; may start a local engine. */
    @FunctionalInterface
    public interface Repositories {
        DynamoRepository repository(Cancellation cancellation) throws Exception;
    }

    public LoadTarget {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(repositories, "repositories");
    }

    @Override
    public String toString() {
        return label;
    }
}

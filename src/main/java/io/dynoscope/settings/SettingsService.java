package io.dynoscope.settings;

import com.fasterxml.jackson.databind.JsonNode;
import io.dynoscope.core.work.DaemonPool;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The settings of this run: loaded once at start, changed by the app as the user works, and saved
 * in the background after each change (one write at a time; a burst of changes is written once,
 * with the latest state). {@link #close()} writes what is pending before the app exits.
 */
public final class SettingsService implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(SettingsService.class);

    private final SettingsStore store;
    private final Optional<SettingsStore.Problem> loadProblem;
    private final boolean mayWrite;
    private final AtomicReference<Settings> current;
    private final AtomicBoolean writePending = new AtomicBoolean();
    private final ExecutorService writer =
            Executors.newSingleThreadExecutor(DaemonPool.threads("settings"));
    private volatile Consumer<String> saveFailures = message -> {};

    private SettingsService(SettingsStore store, SettingsStore.Loaded loaded) {
        this.store = store;
        this.loadProblem = loaded.problem();
        // a file that could be neither read nor moved aside is the user's to rescue: never write
        // over it
        this.mayWrite = loaded.problem().map(SettingsStore.Problem::fileSetAside).orElse(true);
        this.current = new AtomicReference<>(loaded.settings());
        loadProblem.ifPresent(problem -> LOG.warn(problem.message()));
    }

    /** Loads the settings from {@code store}. */
    public static SettingsService open(SettingsStore store) {
        return new SettingsService(store, store.load());
    }

    /** The folder the settings file is in; files that belong with the settings go beside it. */
    public Path directory() {
        return store.directory();
    }

    public Settings current() {
        return current.get();
    }

    /** What went wrong reading the settings file at start, as a message for the user. */
    public Optional<SettingsStore.Problem> loadProblem() {
        return loadProblem;
    }

    /** Where a failed save is reported (logged always). */
    public void onSaveFailure(Consumer<String> listener) {
        this.saveFailures = Objects.requireNonNull(listener);
    }

    /** Changes the settings and saves them soon, unless the change leaves them as they were. */
    public void update(UnaryOperator<Settings> change) {
        Settings before;
        Settings after;
        do {
            before = current.get();
            after = Objects.requireNonNull(change.apply(before));
        } while (!current.compareAndSet(before, after));
        if (!after.equals(before) && writePending.compareAndSet(false, true)) {
            try {
                writer.execute(this::writeLatest);
            } catch (RejectedExecutionException closed) {
                writePending.set(false);
            }
        }
    }

    /** The saved model of a table (Dynoscope's model format, one table), if any. */
    public Optional<JsonNode> tableModel(String tableName) {
        return Optional.ofNullable(current().tableModelOf(tableName));
    }

    /** Saves (or, with null, forgets) a table's model; written soon, like every change. */
    public void saveTableModel(String tableName, JsonNode model) {
        update(s -> s.withTableModelOf(tableName, model));
    }

    private void writeLatest() {
        writePending.set(false);
        write(current.get());
    }

    private void write(Settings settings) {
        if (!mayWrite) {
            return;
        }
        try {
            store.save(settings);
        } catch (RuntimeException e) {
            LOG.warn("Could not save the settings", e);
            saveFailures.accept(e.getMessage());
        }
    }

    /**
     * Waits for the pending write and writes the latest settings once more, so nothing changed at
     * exit is lost.
     */
    @Override
    public void close() {
        writer.shutdown();
        try {
            if (!writer.awaitTermination(5, TimeUnit.SECONDS)) {
                LOG.warn("The settings writer did not finish within 5 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        write(current.get());
    }
}

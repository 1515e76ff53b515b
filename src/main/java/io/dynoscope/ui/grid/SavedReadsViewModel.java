package io.dynoscope.ui.grid;

import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.read.ReadRequest;
import io.dynoscope.service.read.SavedReads;
import io.dynoscope.settings.ReadSpec;
import io.dynoscope.settings.Reads;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The saved reads of a table and the history of the reads run on its connection: save what the read
 * bar describes under a name, and run a saved or past read again with one action — into the grid,
 * whose read bar then shows it. Every read the person runs in the tab is recorded with what it cost
 * (its "load more" included), the last {@value Reads#HISTORY_KEPT} per connection.
 */
public final class SavedReadsViewModel {

    private static final DateTimeFormatter WHEN =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT);

    /**
     * A read to show in a list.
     *
     * @param title the saved read's name, or when a past read ran
     * @param description the read in a few words
     * @param figures what a past read cost, or empty for a saved read
     * @param name the saved read's name, or null for a past read
     */
    public record Entry(
            String title, String description, String figures, String name, ReadSpec spec) {
        public boolean saved() {
            return name != null;
        }
    }

    private final ItemGridViewModel grid;
    private final SavedReads library;
    private final String connection;
    private final ZoneId zone;
    private final ObservableList<Entry> saved = FXCollections.observableArrayList();
    private final ObservableList<Entry> history = FXCollections.observableArrayList();
    private final StringProperty name = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");

    /**
     * @param connection the label of the connection the tab reads, whose history this is
     */
    public SavedReadsViewModel(ItemGridViewModel grid, SavedReads library, String connection) {
        this(grid, library, connection, ZoneId.systemDefault());
    }

    SavedReadsViewModel(
            ItemGridViewModel grid, SavedReads library, String connection, ZoneId zone) {
        this.grid = Objects.requireNonNull(grid, "grid");
        this.library = Objects.requireNonNull(library, "library");
        this.connection = Objects.requireNonNull(connection, "connection");
        this.zone = zone;
        grid.onReadLogged(
                read -> {
                    library.record(
                            connection,
                            read.request(),
                            read.totals(),
                            read.items(),
                            read.continued());
                    refresh();
                });
        refresh();
    }

    /** Reads the saved reads and this table's history from the settings again. */
    public void refresh() {
        String table = grid.tableName();
        saved.setAll(
                library.saved(table).stream()
                        .map(
                                r ->
                                        new Entry(
                                                r.name(),
                                                SavedReads.describe(r.read()),
                                                "",
                                                r.name(),
                                                r.read()))
                        .toList());
        history.setAll(
                library.history(connection).stream()
                        .filter(p -> p.read().table().equals(table))
                        .map(
                                p ->
                                        new Entry(
                                                WHEN.format(
                                                        Instant.ofEpochMilli(p.at()).atZone(zone)),
                                                SavedReads.describe(p.read()),
                                                SavedReads.figures(p),
                                                null,
                                                p.read()))
                        .toList());
    }

    /**
     * Saves the read the read bar describes under {@link #nameProperty() the name}; a problem in
     * the bar or a missing name is said, and nothing is saved.
     */
    public boolean saveCurrent() {
        String chosen = name.get() == null ? "" : name.get().strip();
        if (chosen.isEmpty()) {
            message.set("Give the read a name to save it under.");
            return false;
        }
        Optional<ReadRequest> request = grid.readBar().request();
        if (request.isEmpty()) {
            ReadBarViewModel.Problem problem = grid.readBar().problemProperty().get();
            message.set(
                    "The read bar's read cannot be saved: "
                            + (problem == null ? "describe the table first" : problem));
            return false;
        }
        boolean replaces = saved.stream().anyMatch(e -> e.name().equals(chosen));
        library.save(chosen, request.get());
        refresh();
        name.set("");
        message.set((replaces ? "Replaced '" : "Saved '") + chosen + "'.");
        return true;
    }

    /** Runs a saved or past read into the grid; its read bar shows it. */
    public boolean run(Entry entry) {
        TableInfo info = grid.tableInfoProperty().get();
        if (info == null) {
            message.set("The table's description has not been read yet.");
            return false;
        }
        if (grid.runningProperty().get()) {
            message.set("A read is running: cancel it (Esc) or wait for it first.");
            return false;
        }
        ReadRequest request;
        try {
            request = SavedReads.request(entry.spec(), info);
        } catch (IllegalArgumentException e) {
            message.set("This read no longer fits the table: " + e.getMessage());
            return false;
        }
        message.set("");
        grid.run(request);
        return true;
    }

    /** Forgets a saved read (past reads stay until newer ones push them out). */
    public void remove(Entry entry) {
        if (entry.saved()) {
            library.remove(grid.tableName(), entry.name());
            refresh();
            message.set("Removed '" + entry.name() + "'.");
        }
    }

    public String tableName() {
        return grid.tableName();
    }

    /** The reads saved for this table. */
    public ObservableList<Entry> saved() {
        return saved;
    }

    /** This table's reads on this connection, newest first. */
    public ObservableList<Entry> history() {
        return history;
    }

    /** The name to save the read bar's read under. */
    public StringProperty nameProperty() {
        return name;
    }

    /** What the last action did, or why it did nothing. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }
}

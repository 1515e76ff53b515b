package io.dynoscope.app;

import io.dynoscope.repository.DynamoRepository;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.ErrorMessages;
import io.dynoscope.ui.connection.ConnectionEntry;
import io.dynoscope.ui.connection.Connector;
import io.dynoscope.ui.grid.ItemGridViewModel;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BiFunction;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;

/**
 * The window's state: the connections, the active connection and its tables, the open table tabs
 * and the status line. Controllers bind to it; it never touches controls.
 */
public final class ShellViewModel {

    private final Connector connector;
    private final BackgroundWork work;
    private final BiFunction<DynamoRepository, String, ItemGridViewModel> gridFactory;

    private final ObservableList<ConnectionEntry> connections = FXCollections.observableArrayList();
    private final ObjectProperty<ConnectionEntry> activeConnection = new SimpleObjectProperty<>();
    private final ObservableList<String> tables = FXCollections.observableArrayList();
    private final FilteredList<String> visibleTables = new FilteredList<>(tables);
    private final StringProperty tableFilter = new SimpleStringProperty("");
    private final ObservableList<ItemGridViewModel> openTables =
            FXCollections.observableArrayList();
    private final ObjectProperty<ItemGridViewModel> selectedTable = new SimpleObjectProperty<>();
    private final BooleanProperty connecting = new SimpleBooleanProperty();
    private final ReadOnlyStringWrapper connectionMessage =
            new ReadOnlyStringWrapper("Pick a connection.");
    private final ReadOnlyStringWrapper statusLine = new ReadOnlyStringWrapper("");
    private final BooleanProperty darkTheme = new SimpleBooleanProperty();

    private DynamoRepository repository;

    public ShellViewModel(
            Connector connector,
            BackgroundWork work,
            List<ConnectionEntry> initialConnections,
            BiFunction<DynamoRepository, String, ItemGridViewModel> gridFactory) {
        this.connector = connector;
        this.work = work;
        this.gridFactory = gridFactory;
        connections.setAll(initialConnections);
        tableFilter.addListener(
                (obs, old, text) -> {
                    String needle = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
                    visibleTables.setPredicate(
                            name ->
                                    needle.isEmpty()
                                            || name.toLowerCase(Locale.ROOT).contains(needle));
                });
        selectedTable.addListener((obs, old, grid) -> updateStatusLine());
    }

    public ObservableList<ConnectionEntry> connections() {
        return connections;
    }

    public ReadOnlyObjectProperty<ConnectionEntry> activeConnectionProperty() {
        return activeConnection;
    }

    public ObservableList<String> visibleTables() {
        return visibleTables;
    }

    public StringProperty tableFilterProperty() {
        return tableFilter;
    }

    public ObservableList<ItemGridViewModel> openTables() {
        return openTables;
    }

    public ObjectProperty<ItemGridViewModel> selectedTableProperty() {
        return selectedTable;
    }

    public ReadOnlyBooleanProperty connectingProperty() {
        return connecting;
    }

    public ReadOnlyStringProperty connectionMessageProperty() {
        return connectionMessage.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusLineProperty() {
        return statusLine.getReadOnlyProperty();
    }

    public BooleanProperty darkThemeProperty() {
        return darkTheme;
    }

    /**
     * Connects in the background, then lists the tables. Open tabs of the previous connection
     * close.
     */
    public void connect(ConnectionEntry entry) {
        if (entry == null || connecting.get()) {
            return;
        }
        connecting.set(true);
        connectionMessage.set(
                entry.kind() == ConnectionEntry.Kind.SANDBOX
                        ? "Starting the local sandbox and loading the sample tables…"
                        : "Connecting to " + entry.label() + "…");
        work.submit(
                "connect to " + entry.label(),
                cancellation -> {
                    DynamoRepository repo = connector.connect(entry, cancellation);
                    try {
                        return new Connected(repo, repo.listTables());
                    } catch (RuntimeException e) {
                        repo.close();
                        throw e;
                    }
                },
                connected -> {
                    connecting.set(false);
                    closeAllTables();
                    if (repository != null) {
                        repository.close();
                    }
                    repository = connected.repository();
                    activeConnection.set(entry);
                    tables.setAll(connected.tables());
                    connectionMessage.set(
                            "Connected to "
                                    + entry.label()
                                    + " · "
                                    + connected.tables().size()
                                    + " tables");
                },
                error -> {
                    connecting.set(false);
                    connectionMessage.set(
                            "Could not connect to "
                                    + entry.label()
                                    + ": "
                                    + ErrorMessages.describe(error));
                });
    }

    private record Connected(DynamoRepository repository, List<String> tables) {}

    /** Opens a table in a tab, or selects its tab when it is open already. */
    public Optional<ItemGridViewModel> openTable(String table) {
        if (repository == null || table == null) {
            return Optional.empty();
        }
        for (ItemGridViewModel open : openTables) {
            if (open.tableName().equals(table)) {
                selectedTable.set(open);
                return Optional.of(open);
            }
        }
        ItemGridViewModel grid = gridFactory.apply(repository, table);
        grid.statusLineProperty().addListener((obs, old, text) -> updateStatusLine());
        openTables.add(grid);
        selectedTable.set(grid);
        return Optional.of(grid);
    }

    public void closeTable(ItemGridViewModel grid) {
        grid.cancel();
        openTables.remove(grid);
        if (selectedTable.get() == grid) {
            selectedTable.set(openTables.isEmpty() ? null : openTables.get(openTables.size() - 1));
        }
    }

    private void closeAllTables() {
        List.copyOf(openTables).forEach(this::closeTable);
    }

    private void updateStatusLine() {
        ItemGridViewModel grid = selectedTable.get();
        statusLine.set(grid == null ? "" : grid.statusLineProperty().get());
    }

    /** Closes the connection and stops background work; called when the window closes. */
    public void shutdown() {
        closeAllTables();
        if (repository != null) {
            repository.close();
            repository = null;
        }
    }
}

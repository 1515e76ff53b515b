package io.dynoscope.ui.shell;

import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.access.ReadOnlyPolicy;
import io.dynoscope.service.access.ReadOnlyPolicy.Access;
import io.dynoscope.service.access.WriteAccess;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.ErrorMessages;
import io.dynoscope.ui.common.ToolWindows;
import io.dynoscope.ui.common.WorkbenchDialog;
import io.dynoscope.ui.common.WorkbenchTab;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.collections.ObservableMap;
import javafx.collections.transformation.FilteredList;

/**
 * The workbench window's state: the connections and the tables of the active one, the open tabs of
 * several kinds, which tool windows are open, and what the status bar says. Controllers bind to it;
 * it never touches controls.
 */
public final class ShellViewModel {

    /** The sidebar's width on a first start. */
    public static final double DEFAULT_SIDEBAR_WIDTH = 260;

    /** Opens the tabs and dialogs of each kind (the composition root knows how to build them). */
    public interface Tabs {
        /** A tab of this kind about a table. */
        WorkbenchTab open(
                WorkbenchTab.Kind kind,
                DynamoRepository repository,
                ConnectionEntry connection,
                String table);

        /**
         * A dialog about a table of the connection (or about the connection, to create a table,
         * when {@code table} is null).
         */
        WorkbenchDialog dialog(
                WorkbenchDialog.Kind kind,
                DynamoRepository repository,
                ConnectionEntry connection,
                String table);
    }

    /** A table opened recently, and the label of the connection it was opened on. */
    public record RecentTable(String connection, String table) {
        @Override
        public String toString() {
            return table;
        }
    }

    /** What a user who clears a connection's Read-only mark is told. */
    static final String READ_ONLY_HINT = "untick Read-only in the connection's menu to write";

    private final Connector connector;
    private final BackgroundWork work;
    private final Tabs tabFactory;
    private final ToolWindows toolWindows = new ToolWindows();

    private final ObservableList<ConnectionEntry> connections = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<ConnectionEntry> activeConnection =
            new ReadOnlyObjectWrapper<>();
    private final ObservableList<String> tables = FXCollections.observableArrayList();
    private final FilteredList<String> visibleTables = new FilteredList<>(tables);
    private final StringProperty tableFilter = new SimpleStringProperty("");
    private final ObservableList<WorkbenchTab> tabs = FXCollections.observableArrayList();
    private final ObjectProperty<WorkbenchTab> selectedTab = new SimpleObjectProperty<>();
    private final ObservableList<RecentTable> recentTables = FXCollections.observableArrayList();
    private final ObservableMap<ConnectionEntry, Boolean> readOnlyChoices =
            FXCollections.observableHashMap();
    private final ReadOnlyObjectWrapper<Access> activeAccess =
            new ReadOnlyObjectWrapper<>(Access.writable());
    private final BooleanBinding readOnly =
            Bindings.createBooleanBinding(() -> activeAccess.get().readOnly(), activeAccess);
    private final ReadOnlyBooleanWrapper connecting = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper connectionMessage =
            new ReadOnlyStringWrapper("Pick a connection.");
    private final ReadOnlyStringWrapper lastRead = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper lastReadFigures = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper totals = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper();
    private final BooleanProperty darkTheme = new SimpleBooleanProperty();
    private final BooleanProperty sidebarShown = new SimpleBooleanProperty(true);
    private final DoubleProperty sidebarWidth = new SimpleDoubleProperty(DEFAULT_SIDEBAR_WIDTH);
    private final BooleanProperty readFirstPage = new SimpleBooleanProperty(true);

    private DynamoRepository repository;
    private Consumer<ConnectionEntry> onConnected = entry -> {};
    private final ReadOnlyPolicy readOnlyPolicy = ReadOnlyPolicy.fromEnvironment(System.getenv());

    public ShellViewModel(
            Connector connector,
            BackgroundWork work,
            List<ConnectionEntry> initialConnections,
            Tabs tabFactory) {
        this.connector = connector;
        this.work = work;
        this.tabFactory = tabFactory;
        connections.setAll(initialConnections);
        tableFilter.addListener(
                (obs, old, text) -> {
                    String needle = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
                    visibleTables.setPredicate(
                            name ->
                                    needle.isEmpty()
                                            || name.toLowerCase(Locale.ROOT).contains(needle));
                });
        selectedTab.addListener((obs, old, tab) -> followTab(tab));
        visibleTables.addListener(
                (ListChangeListener<String>)
                        change -> {
                            if (countShown) {
                                showTableCount();
                            }
                        });
    }

    /** Whether the sidebar's footer shows the table count (it follows the list then). */
    private boolean countShown;

    /** Says something in the sidebar's footer. */
    private void say(String message) {
        countShown = false;
        connectionMessage.set(message);
    }

    /** The footer says how many tables the connection has, and how many the filter shows. */
    private void showTableCount() {
        int all = tables.size();
        int shown = visibleTables.size();
        connectionMessage.set(
                "Connected to "
                        + activeConnection.get().label()
                        + " · "
                        + all
                        + (all == 1 ? " table" : " tables")
                        + (shown < all ? " (" + shown + " shown)" : ""));
        countShown = true;
    }

    /** The status bar follows the active tab. */
    private void followTab(WorkbenchTab tab) {
        lastRead.unbind();
        lastReadFigures.unbind();
        totals.unbind();
        busy.unbind();
        if (tab == null) {
            lastRead.set("");
            lastReadFigures.set("");
            totals.set("");
            busy.set(false);
            return;
        }
        lastRead.bind(tab.lastReadProperty());
        lastReadFigures.bind(tab.lastReadFiguresProperty());
        totals.bind(tab.totalsProperty());
        busy.bind(tab.busyProperty());
    }

    public ObservableList<ConnectionEntry> connections() {
        return connections;
    }

    public ReadOnlyObjectProperty<ConnectionEntry> activeConnectionProperty() {
        return activeConnection.getReadOnlyProperty();
    }

    /** The tables of the active connection that the filter lets through. */
    public ObservableList<String> visibleTables() {
        return visibleTables;
    }

    public StringProperty tableFilterProperty() {
        return tableFilter;
    }

    public ObservableList<WorkbenchTab> tabs() {
        return tabs;
    }

    public ObjectProperty<WorkbenchTab> selectedTabProperty() {
        return selectedTab;
    }

    public ReadOnlyBooleanProperty connectingProperty() {
        return connecting.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty connectionMessageProperty() {
        return connectionMessage.getReadOnlyProperty();
    }

    /** The active tab's last request, for the status bar. */
    public ReadOnlyStringProperty lastReadProperty() {
        return lastRead.getReadOnlyProperty();
    }

    /** The exact figures of the active tab's last request, or empty. */
    public ReadOnlyStringProperty lastReadFiguresProperty() {
        return lastReadFigures.getReadOnlyProperty();
    }

    /** The active tab's totals, for the status bar. */
    public ReadOnlyStringProperty totalsProperty() {
        return totals.getReadOnlyProperty();
    }

    /** Whether the active tab has work running. */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** The connection as the status bar names it. */
    public ObservableValue<String> connectionLabel() {
        return activeConnection.map(ConnectionEntry::label).orElse("not connected");
    }

    // ---- read-only connections ----------------------------------------------------------------

    /**
     * The user's word on each connection: true read-only, false writable; a connection not in it
     * follows the policy (an AWS profile named like {@code *prod*} is read-only).
     */
    public ObservableMap<ConnectionEntry, Boolean> readOnlyChoices() {
        return readOnlyChoices;
    }

    /** Whether writes through a connection are allowed, and if not, why. */
    public Access access(ConnectionEntry entry) {
        Optional<Boolean> choice = Optional.ofNullable(readOnlyChoices.get(entry));
        Access access =
                entry.spec() == null
                        ? choice.orElse(false)
                                ? Access.readOnly("the connection is marked read-only")
                                : Access.writable()
                        : readOnlyPolicy.decide(entry.spec(), choice);
        return access.withHint(READ_ONLY_HINT);
    }

    /**
     * Marks a connection read-only or writable. The active connection is connected again through
     * the new setting, with its tabs reopened.
     */
    public void setReadOnly(ConnectionEntry entry, boolean readOnly) {
        readOnlyChoices.put(entry, readOnly);
        if (entry.equals(activeConnection.get())
                && access(entry).readOnly() != activeAccess.get().readOnly()) {
            List<Map.Entry<WorkbenchTab.Kind, String>> open = openTabs();
            connect(entry, () -> open.forEach(tab -> open(tab.getKey(), tab.getValue())));
        }
    }

    /** Whether the active connection refuses writes, and why; writable when none is active. */
    public ReadOnlyObjectProperty<Access> activeAccessProperty() {
        return activeAccess.getReadOnlyProperty();
    }

    /** Whether the active connection refuses writes (every write action is disabled). */
    public BooleanBinding readOnlyProperty() {
        return readOnly;
    }

    // ---- recent tables -------------------------------------------------------------------------

    /** The tables opened recently, newest first (the settings keep them). */
    public ObservableList<RecentTable> recentTables() {
        return recentTables;
    }

    /** Whether a recent table is known to be gone: its connection is the active one, without it. */
    public boolean isGone(RecentTable recent) {
        ConnectionEntry active = activeConnection.get();
        return active != null
                && active.label().equals(recent.connection())
                && !tables.contains(recent.table());
    }

    /**
     * Opens a recent table: at once when its connection is the active one, else after connecting to
     * it.
     */
    public void openRecent(RecentTable recent) {
        ConnectionEntry active = activeConnection.get();
        if (active != null && active.label().equals(recent.connection())) {
            openTable(recent.table());
            return;
        }
        connections.stream()
                .filter(c -> c.label().equals(recent.connection()))
                .findFirst()
                .ifPresentOrElse(
                        entry -> connect(entry, () -> openTable(recent.table())),
                        () ->
                                say(
                                        "The connection '"
                                                + recent.connection()
                                                + "' of "
                                                + recent.table()
                                                + " is not in the list any more."));
    }

    public BooleanProperty darkThemeProperty() {
        return darkTheme;
    }

    public BooleanProperty sidebarShownProperty() {
        return sidebarShown;
    }

    /** The sidebar's width in pixels: it keeps it when the window is resized. */
    public DoubleProperty sidebarWidthProperty() {
        return sidebarWidth;
    }

    /**
     * Whether a table tab reads its first page (one Scan request) as it opens; off for large
     * production tables, where every read costs.
     */
    public BooleanProperty readFirstPageProperty() {
        return readFirstPage;
    }

    /** Which tool windows are open, shared by every table tab. */
    public ToolWindows toolWindows() {
        return toolWindows;
    }

    /** Called after each successful connect (the settings reopen that connection's tabs). */
    public void onConnected(Consumer<ConnectionEntry> listener) {
        onConnected = onConnected.andThen(listener);
    }

    /**
     * Connects in the background, then lists the tables. Open tabs of the previous connection
     * close.
     */
    public void connect(ConnectionEntry entry) {
        connect(entry, () -> {});
    }

    /** Connects, then runs {@code afterwards} (on the UI thread) once the tables are listed. */
    public void connect(ConnectionEntry entry, Runnable afterwards) {
        if (entry == null || connecting.get()) {
            return;
        }
        Access access = access(entry);
        connecting.set(true);
        say(
                entry.kind() == ConnectionEntry.Kind.SANDBOX
                        ? "Starting the local sandbox and loading the sample tables…"
                        : "Connecting to " + entry.label() + "…");
        work.submit(
                "connect to " + entry.label(),
                cancellation -> {
                    DynamoRepository repo =
                            WriteAccess.guard(connector.connect(entry, cancellation), access);
                    try {
                        return new Connected(repo, repo.listTables());
                    } catch (RuntimeException e) {
                        repo.close();
                        throw e;
                    }
                },
                connected -> {
                    connecting.set(false);
                    closeAllTabs();
                    if (repository != null) {
                        repository.close();
                    }
                    repository = connected.repository();
                    activeAccess.set(access);
                    activeConnection.set(entry);
                    tables.setAll(connected.tables());
                    showTableCount();
                    onConnected.accept(entry);
                    afterwards.run();
                },
                error -> {
                    connecting.set(false);
                    say(
                            "Could not connect to "
                                    + entry.label()
                                    + ": "
                                    + ErrorMessages.describe(error));
                });
    }

    private record Connected(DynamoRepository repository, List<String> tables) {}

    /** Lists the tables of the active connection again. */
    public void refreshTables() {
        DynamoRepository current = repository;
        if (current == null) {
            return;
        }
        work.submit(
                "list tables",
                c -> current.listTables(),
                listed -> {
                    tables.setAll(listed);
                    if (activeConnection.get() != null) {
                        showTableCount();
                    }
                    // a tab of a table that was deleted has nothing left to show
                    tabs.stream()
                            .filter(t -> t.table() != null && !listed.contains(t.table()))
                            .toList()
                            .forEach(this::closeTab);
                },
                error -> say(ErrorMessages.describe(error)));
    }

    /** Reads a table's indexes for the sidebar, in the background. */
    public void describeTable(String table, Consumer<TableInfo> onDescribed) {
        DynamoRepository current = repository;
        if (current == null) {
            return;
        }
        work.submit(
                "describe " + table,
                c -> current.describeTable(table),
                onDescribed,
                error -> say(ErrorMessages.describe(error)));
    }

    /** Opens a table in a tab, or selects its tab when it is open already. */
    public Optional<WorkbenchTab> openTable(String table) {
        return open(WorkbenchTab.Kind.TABLE, table);
    }

    /** Opens a tab of this kind about a table, or selects it when it is open already. */
    public Optional<WorkbenchTab> open(WorkbenchTab.Kind kind, String table) {
        if (repository == null || table == null) {
            return Optional.empty();
        }
        for (WorkbenchTab open : tabs) {
            if (open.kind() == kind && table.equals(open.table())) {
                selectedTab.set(open);
                return Optional.of(open);
            }
        }
        WorkbenchTab tab = tabFactory.open(kind, repository, activeConnection.get(), table);
        tabs.add(tab);
        selectedTab.set(tab);
        return Optional.of(tab);
    }

    public void closeTab(WorkbenchTab tab) {
        tab.close();
        int at = tabs.indexOf(tab);
        tabs.remove(tab);
        if (selectedTab.get() == tab) {
            selectedTab.set(
                    tabs.isEmpty() ? null : tabs.get(Math.max(0, Math.min(at, tabs.size() - 1))));
        }
    }

    private void closeAllTabs() {
        List.copyOf(tabs).forEach(this::closeTab);
    }

    /** The kinds of tab about a table besides the table tab itself. */
    public static List<WorkbenchTab.Kind> otherTabKinds() {
        return List.of(
                WorkbenchTab.Kind.SQL_CONSOLE,
                WorkbenchTab.Kind.TABLE_MODEL,
                WorkbenchTab.Kind.PARTITIONS);
    }

    /**
     * A dialog about a table of the active connection (or about the connection, to create a table);
     * empty when not connected, or when it writes and the connection is read-only.
     */
    public Optional<WorkbenchDialog> openDialog(WorkbenchDialog.Kind kind, String table) {
        if (repository == null
                || kind.aboutTable() && table == null
                || kind.writes() && activeAccess.get().readOnly()) {
            return Optional.empty();
        }
        return Optional.of(
                tabFactory.dialog(
                        kind,
                        repository,
                        activeConnection.get(),
                        kind.aboutTable() ? table : null));
    }

    /** Says that a dialog about a table needs a table chosen first. */
    public void sayPickATable(WorkbenchDialog.Kind kind) {
        say(
                "Select a table in the sidebar (or open one) first, then "
                        + kind.title().replace("…", "").toLowerCase(Locale.ROOT)
                        + ".");
    }

    /** Called when a dialog's window has closed: stops its work, and lists the tables again. */
    public void dialogClosed(WorkbenchDialog dialog) {
        dialog.close();
        if (dialog.tablesChanged()) {
            refreshTables();
        }
    }

    /** What a kind of tab is called in menus. */
    public static String title(WorkbenchTab.Kind kind) {
        return switch (kind) {
            case TABLE -> "Table";
            case SQL_CONSOLE -> "SQL console";
            case TABLE_MODEL -> "Table model";
            case PARTITIONS -> "Partitions report";
        };
    }

    /** Forwards an action to the active tab, when it has one that can take it. */
    public void perform(WorkbenchTab.Action action) {
        WorkbenchTab tab = selectedTab.get();
        if (tab != null && tab.supports(action)) {
            tab.perform(action);
        }
    }

    /** What the open tabs are, to reopen them on the next start. */
    public List<Map.Entry<WorkbenchTab.Kind, String>> openTabs() {
        // a Model tab begun on a blank page is about no table: nothing to reopen
        return tabs.stream()
                .filter(t -> !t.table().isEmpty())
                .map(t -> Map.entry(t.kind(), t.table()))
                .toList();
    }

    /**
     * The local sandbox's engine died under the app ({@code why} says how): when it is the active
     * connection, its tabs close, the table list empties and the footer says so, instead of still
     * showing a connection to an engine that is gone. Connecting to the sandbox again starts a new
     * one.
     */
    public void sandboxEngineDied(String why) {
        ConnectionEntry active = activeConnection.get();
        if (active == null || active.kind() != ConnectionEntry.Kind.SANDBOX) {
            return;
        }
        closeAllTabs();
        if (repository != null) {
            repository.close();
            repository = null;
        }
        // said first: the footer then stops following the table count
        say(
                Character.toUpperCase(why.charAt(0))
                        + why.substring(1)
                        + ". Double-click "
                        + active.label()
                        + " to start a new one with the sample tables.");
        tables.clear();
        activeConnection.set(null);
    }

    /** Closes the connection and stops background work; called when the window closes. */
    public void shutdown() {
        closeAllTabs();
        if (repository != null) {
            repository.close();
            repository = null;
        }
    }
}

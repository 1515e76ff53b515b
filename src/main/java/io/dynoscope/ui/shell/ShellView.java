package io.dynoscope.ui.shell;

import io.dynoscope.repository.ConnectionSpec;
import io.dynoscope.repository.TableInfo;
import io.dynoscope.service.access.ReadOnlyPolicy;
import io.dynoscope.ui.common.DialogService;
import io.dynoscope.ui.common.ToolWindows;
import io.dynoscope.ui.common.Views;
import io.dynoscope.ui.common.WorkbenchDialog;
import io.dynoscope.ui.common.WorkbenchTab;
import java.net.URI;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.collections.MapChangeListener;
import javafx.event.ActionEvent;
import javafx.fxml.FXML;
import javafx.geometry.Insets;
import javafx.geometry.Side;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Separator;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;
import javafx.stage.Stage;

/**
 * The workbench window's controller: the menu bar, the sidebar (connections, their tables and the
 * tables' indexes as one tree, with a filter), the tabs, and the status bar. It binds them to
 * {@link ShellViewModel} and forwards the menu bar's actions to the active tab.
 */
public final class ShellView {

    private static final String BASE = stylesheet("base.css");
    private static final String LIGHT = stylesheet("light.css");
    private static final String DARK = stylesheet("dark.css");

    private final ShellViewModel viewModel;
    private final Map<WorkbenchTab, Tab> tabs = new IdentityHashMap<>();

    /** The sidebar's section of recently opened tables. */
    private static final String RECENT = "Recent";

    private final TreeItem<Object> treeRoot = new TreeItem<>();
    private final TreeItem<Object> recentRoot = new TreeItem<>(RECENT);

    @FXML private BorderPane root;
    @FXML private MenuBar menuBar;
    @FXML private Menu fileMenu;
    @FXML private SeparatorMenuItem fileDialogsSeparator;
    @FXML private Menu tableMenu;
    @FXML private SeparatorMenuItem tableDialogsSeparator;
    @FXML private MenuItem connectItem;
    @FXML private MenuItem addEndpointItem;
    @FXML private MenuItem addProfileItem;
    @FXML private MenuItem exportAllItem;
    @FXML private MenuItem exportSelectionItem;
    @FXML private MenuItem closeTabItem;
    @FXML private MenuItem quitItem;
    @FXML private MenuItem findTableItem;
    @FXML private MenuItem focusReadBarItem;
    @FXML private MenuItem findInRowsItem;
    @FXML private MenuItem savedReadsItem;
    @FXML private MenuItem editItemItem;
    @FXML private MenuItem newItemItem;
    @FXML private MenuItem duplicateItemItem;
    @FXML private MenuItem deleteItemsItem;
    @FXML private MenuItem orderByKeyItem;
    @FXML private MenuItem orderAsReadItem;
    @FXML private CheckMenuItem readFirstPageItem;
    @FXML private CheckMenuItem sidebarItem;
    @FXML private CheckMenuItem inspectorItem;
    @FXML private CheckMenuItem expressionBuilderItem;
    @FXML private CheckMenuItem driftInspectorItem;
    @FXML private MenuItem collapseAllItem;
    @FXML private MenuItem expandAllItem;
    @FXML private CheckMenuItem darkThemeItem;
    @FXML private MenuItem runItem;
    @FXML private MenuItem cancelItem;
    @FXML private MenuItem loadMoreItem;
    @FXML private MenuItem describeItem;
    @FXML private MenuItem refreshTablesItem;
    @FXML private Menu toolsMenu;
    @FXML private MenuItem toolsExpressionItem;
    @FXML private MenuItem toolsDriftItem;
    @FXML private MenuItem shortcutsItem;
    @FXML private MenuItem aboutItem;
    @FXML private SplitPane mainSplit;
    @FXML private VBox sidebar;
    @FXML private TextField tableFilter;
    @FXML private TreeView<Object> tree;
    @FXML private Button connectButton;
    @FXML private Button addEndpointButton;
    @FXML private Button addProfileButton;
    @FXML private Label connectionMessage;
    @FXML private TabPane tabPane;
    @FXML private Label emptyHint;
    @FXML private Label connectionLabel;
    @FXML private Label readOnlyLabel;
    @FXML private Label totalsLabel;
    @FXML private Separator statusSeparator;
    @FXML private Label statusLine;
    @FXML private ProgressIndicator busyIndicator;
    @FXML private Button statusCancelButton;

    private final DialogService dialogs;

    public ShellView(ShellViewModel viewModel, DialogService dialogs) {
        this.viewModel = viewModel;
        this.dialogs = dialogs;
    }

    /** Loads the window's content. */
    public static Parent load(ShellViewModel viewModel, DialogService dialogs) {
        return Views.load("Shell.fxml", new ShellView(viewModel, dialogs));
    }

    private static String stylesheet(String name) {
        return Objects.requireNonNull(ShellView.class.getResource(name), name).toExternalForm();
    }

    /** Applies the light or dark theme to a scene (and follows the choice from then on). */
    public static void applyTheme(Scene scene, boolean dark) {
        scene.getStylesheets().setAll(BASE, dark ? DARK : LIGHT);
    }

    @FXML
    private void initialize() {
        menuBar.setUseSystemMenuBar(isMac());
        bindSidebar();
        bindTabs();
        bindMenus();
        bindStatusBar();
    }

    private static boolean isMac() {
        return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("mac");
    }

    // ---- sidebar -----------------------------------------------------------------------------

    /** A table of the active connection, as a node of the sidebar's tree. */
    private record TableNode(String table) {
        @Override
        public String toString() {
            return table;
        }
    }

    /** An index of a table, as a node of the sidebar's tree. */
    private record IndexNode(String table, TableInfo.IndexInfo index) {}

    /** A recently opened table, under the sidebar's Recent section. */
    private record RecentNode(ShellViewModel.RecentTable recent) {}

    private void bindSidebar() {
        tableFilter.textProperty().bindBidirectional(viewModel.tableFilterProperty());
        treeRoot.setExpanded(true);
        tree.setRoot(treeRoot);
        tree.setCellFactory(t -> new SidebarCell());
        rebuildConnections();
        viewModel
                .connections()
                .addListener((ListChangeListener<ConnectionEntry>) c -> rebuildConnections());
        viewModel.visibleTables().addListener((ListChangeListener<String>) c -> rebuildTables());
        viewModel.activeConnectionProperty().addListener((obs, old, now) -> rebuildTables());
        tree.setOnMouseClicked(
                e -> {
                    if (e.getButton() != MouseButton.PRIMARY) {
                        return;
                    }
                    // a recent table opens with one click, anything else with two
                    if (e.getClickCount() == 2 || selectedValue() instanceof RecentNode) {
                        openSelected();
                    }
                });
        viewModel
                .recentTables()
                .addListener(
                        (ListChangeListener<ShellViewModel.RecentTable>) c -> rebuildConnections());
        viewModel
                .readOnlyChoices()
                .addListener((MapChangeListener<ConnectionEntry, Boolean>) c -> tree.refresh());
        recentRoot.setExpanded(true);
        tree.setOnKeyPressed(
                e -> {
                    // Ctrl/Cmd+Enter is the menu's Run, not "open"
                    if (e.getCode() == KeyCode.ENTER && !e.isShortcutDown()) {
                        openSelected();
                        e.consume();
                    }
                });
        // the context-menu key (or Shift+F10) opens the menu of the selected connection or table
        tree.setOnContextMenuRequested(
                e -> {
                    if (e.isKeyboardTrigger()) {
                        showMenuOfSelectedCell();
                        e.consume();
                    }
                });
        // Enter or Down in the filter moves into the tree, to the first table
        tableFilter.setOnKeyPressed(
                e -> {
                    if (e.getCode() == KeyCode.DOWN || e.getCode() == KeyCode.ENTER) {
                        firstTable()
                                .ifPresent(
                                        item -> {
                                            tree.getSelectionModel().select(item);
                                            tree.requestFocus();
                                        });
                        e.consume();
                    }
                });
        connectButton
                .disableProperty()
                .bind(
                        viewModel
                                .connectingProperty()
                                .or(
                                        Bindings.createBooleanBinding(
                                                () -> !(selectedValue() instanceof ConnectionEntry),
                                                tree.getSelectionModel().selectedItemProperty())));
        connectButton.setOnAction(e -> connectSelected());
        addEndpointButton.setOnAction(e -> addEndpoint());
        addProfileButton.setOnAction(e -> addProfile());
        connectionMessage.textProperty().bind(viewModel.connectionMessageProperty());
        connectButton.setTooltip(new Tooltip("Connect to the selected connection"));
        addEndpointButton.setTooltip(
                new Tooltip("Add a DynamoDB-compatible endpoint such as DynamoDB Local"));
        addProfileButton.setTooltip(new Tooltip("Add an AWS profile with the region to use it in"));
        tableFilter.setTooltip(new Tooltip("Show only the tables whose name contains this text"));
        viewModel.sidebarShownProperty().addListener((obs, old, shown) -> showSidebar(shown));
        showSidebar(viewModel.sidebarShownProperty().get());
        keepSidebarWidth();
        // the sidebar follows the active tab: its table is selected
        viewModel
                .selectedTabProperty()
                .addListener(
                        (obs, old, tab) -> {
                            if (tab != null && tab.table() != null) {
                                tableItem(tab.table())
                                        .ifPresent(item -> tree.getSelectionModel().select(item));
                            }
                        });
    }

    private void showMenuOfSelectedCell() {
        int index = tree.getSelectionModel().getSelectedIndex();
        tree.lookupAll(".tree-cell").stream()
                .filter(n -> n instanceof TreeCell<?> c && c.getIndex() == index && !c.isEmpty())
                .map(n -> (TreeCell<?>) n)
                .filter(c -> c.getContextMenu() != null)
                .findFirst()
                .ifPresent(c -> c.getContextMenu().show(c, Side.BOTTOM, 24, 0));
    }

    private Optional<TreeItem<Object>> firstTable() {
        return treeRoot.getChildren().stream()
                .flatMap(c -> c.getChildren().stream())
                .filter(t -> t.getValue() instanceof TableNode)
                .findFirst();
    }

    private Optional<TreeItem<Object>> tableItem(String table) {
        return treeRoot.getChildren().stream()
                .flatMap(c -> c.getChildren().stream())
                .filter(t -> t.getValue() instanceof TableNode node && node.table().equals(table))
                .findFirst();
    }

    private void showSidebar(boolean shown) {
        if (shown && !mainSplit.getItems().contains(sidebar)) {
            mainSplit.getItems().add(0, sidebar);
            placeDivider();
        } else if (!shown) {
            mainSplit.getItems().remove(sidebar);
        }
    }

    /**
     * The sidebar keeps its width in pixels as the window grows or shrinks: the divider follows the
     * saved width until the user drags it, and then stays where it was put.
     */
    private void keepSidebarWidth() {
        SplitPane.setResizableWithParent(sidebar, false);
        mainSplit
                .widthProperty()
                .addListener(
                        (obs, old, width) -> {
                            if (!sidebarDragged) {
                                placeDivider();
                            }
                        });
        mainSplit.addEventFilter(
                MouseEvent.MOUSE_PRESSED,
                e -> {
                    if (e.getTarget() instanceof Node node
                            && node.getStyleClass().contains("split-pane-divider")) {
                        sidebarDragged = true;
                    }
                });
    }

    private boolean sidebarDragged;

    private void placeDivider() {
        double width = mainSplit.getWidth();
        if (width > 0
                && !mainSplit.getDividers().isEmpty()
                && mainSplit.getItems().contains(sidebar)) {
            mainSplit.setDividerPosition(
                    0, Math.min(0.6, viewModel.sidebarWidthProperty().get() / width));
        }
    }

    /** The sidebar's width now, to keep for the next start. */
    public static double sidebarWidth(Scene scene) {
        return scene.lookup(".main-split") instanceof SplitPane split
                        && split.getItems().size() > 1
                        && scene.lookup(".sidebar") != null
                ? split.getDividerPositions()[0] * split.getWidth()
                : 0;
    }

    private Object selectedValue() {
        TreeItem<Object> item = tree.getSelectionModel().getSelectedItem();
        return item == null ? null : item.getValue();
    }

    private void openSelected() {
        Object value = selectedValue();
        if (value instanceof ConnectionEntry entry) {
            viewModel.connect(entry);
        } else if (value instanceof TableNode table) {
            viewModel.openTable(table.table());
        } else if (value instanceof IndexNode index) {
            viewModel.openTable(index.table());
        } else if (value instanceof RecentNode recent) {
            viewModel.openRecent(recent.recent());
        }
    }

    private void selectConnection(ConnectionEntry entry) {
        treeRoot.getChildren().stream()
                .filter(i -> entry.equals(i.getValue()))
                .findFirst()
                .ifPresent(i -> tree.getSelectionModel().select(i));
    }

    private void connectSelected() {
        if (selectedValue() instanceof ConnectionEntry entry) {
            viewModel.connect(entry);
        }
    }

    private void rebuildConnections() {
        List<TreeItem<Object>> items = new ArrayList<>();
        for (ConnectionEntry entry : viewModel.connections()) {
            TreeItem<Object> existing =
                    treeRoot.getChildren().stream()
                            .filter(i -> entry.equals(i.getValue()))
                            .findFirst()
                            .orElseGet(() -> new TreeItem<>(entry));
            items.add(existing);
        }
        recentRoot
                .getChildren()
                .setAll(
                        viewModel.recentTables().stream()
                                .map(r -> new TreeItem<Object>(new RecentNode(r)))
                                .toList());
        if (!recentRoot.getChildren().isEmpty()) {
            items.add(0, recentRoot);
        }
        treeRoot.getChildren().setAll(items);
        rebuildTables();
    }

    private void rebuildTables() {
        ConnectionEntry active = viewModel.activeConnectionProperty().get();
        for (TreeItem<Object> connection : treeRoot.getChildren()) {
            if (connection == recentRoot) {
                continue;
            }
            if (connection.getValue().equals(active)) {
                List<TreeItem<Object>> tables = new ArrayList<>();
                for (String table : viewModel.visibleTables()) {
                    tables.add(
                            connection.getChildren().stream()
                                    .filter(
                                            t ->
                                                    t.getValue() instanceof TableNode n
                                                            && n.table().equals(table))
                                    .findFirst()
                                    .orElseGet(() -> tableItem(new TableNode(table))));
                }
                connection.getChildren().setAll(tables);
                connection.setExpanded(true);
            } else {
                connection.getChildren().clear();
            }
        }
    }

    /** A table's tree item: its indexes are read when it is first unfolded. */
    private TreeItem<Object> tableItem(TableNode table) {
        TreeItem<Object> item = new TreeItem<>(table);
        TreeItem<Object> loading = new TreeItem<>("reading indexes…");
        item.getChildren().add(loading);
        item.expandedProperty()
                .addListener(
                        (obs, was, is) -> {
                            if (is && item.getChildren().contains(loading)) {
                                viewModel.describeTable(
                                        table.table(),
                                        info -> {
                                            List<TreeItem<Object>> indexes = new ArrayList<>();
                                            info.indexes()
                                                    .forEach(
                                                            i ->
                                                                    indexes.add(
                                                                            new TreeItem<>(
                                                                                    new IndexNode(
                                                                                            table
                                                                                                    .table(),
                                                                                            i))));
                                            if (indexes.isEmpty()) {
                                                indexes.add(new TreeItem<>("no secondary indexes"));
                                            }
                                            item.getChildren().setAll(indexes);
                                        });
                            }
                        });
        return item;
    }

    /** Renders connections (name, a sentence on what it is), tables and indexes; their menus. */
    private final class SidebarCell extends TreeCell<Object> {
        private final Label name = new Label();
        private final Label readOnlyMark = new Label("read-only");
        private final Label description = new Label();
        private final VBox lines = new VBox(1, new HBox(6, name, readOnlyMark), description);

        SidebarCell() {
            description.getStyleClass().add("connection-description");
            readOnlyMark.getStyleClass().add("read-only-mark");
            description.setWrapText(true);
            // wrap at the tree's width instead of widening the tree
            description.maxWidthProperty().bind(widthProperty().subtract(40));
        }

        @Override
        protected void updateItem(Object value, boolean empty) {
            super.updateItem(value, empty);
            setText(null);
            setGraphic(null);
            setTooltip(null);
            setContextMenu(null);
            getStyleClass()
                    .removeAll(
                            "active-connection",
                            "sidebar-note",
                            "sidebar-index",
                            "sidebar-recent",
                            "section-title");
            if (empty || value == null) {
                return;
            }
            if (value instanceof ConnectionEntry entry) {
                boolean active = entry.equals(viewModel.activeConnectionProperty().get());
                name.setText(entry.label());
                boolean described = entry.description() != null && !entry.description().isBlank();
                description.setText(described ? entry.description() : null);
                description.setVisible(described && !active);
                description.setManaged(described && !active);
                ReadOnlyPolicy.Access access = viewModel.access(entry);
                readOnlyMark.setVisible(access.readOnly());
                readOnlyMark.setManaged(access.readOnly());
                setGraphic(lines);
                if (active) {
                    getStyleClass().add("active-connection");
                }
                String tip =
                        (described ? entry.description() : entry.label())
                                + (access.readOnly()
                                        ? "\nRead-only: " + access.reason() + "."
                                        : "");
                setTooltip(new Tooltip(tip));
                setContextMenu(connectionMenu(entry));
            } else if (value instanceof TableNode table) {
                setText(table.table());
                setTooltip(new Tooltip("Double-click or Enter to open " + table.table()));
                setContextMenu(tableMenu(table.table()));
            } else if (value instanceof RecentNode recent) {
                setText(recent.recent().table() + "  ·  " + recent.recent().connection());
                getStyleClass().add("sidebar-recent");
                setTooltip(
                        new Tooltip(
                                "Click to open "
                                        + recent.recent().table()
                                        + " on "
                                        + recent.recent().connection()
                                        + " (connecting first when needed)"));
            } else if (value instanceof IndexNode index) {
                TableInfo.IndexInfo info = index.index();
                setText((info.global() ? "GSI " : "LSI ") + info.name());
                getStyleClass().add("sidebar-index");
                setTooltip(
                        new Tooltip(
                                info.keySchema().partitionKey()
                                        + info.keySchema()
                                                .sortKey()
                                                .map(sk -> " / " + sk)
                                                .orElse("")
                                        + " · projects "
                                        + info.projectionType()));
                setContextMenu(indexMenu(index));
            } else if (value == RECENT) {
                setText(RECENT);
                getStyleClass().add("section-title");
                setTooltip(new Tooltip("The tables opened last: one click opens one"));
            } else {
                setText(value.toString());
                getStyleClass().add("sidebar-note");
            }
        }
    }

    private ContextMenu connectionMenu(ConnectionEntry entry) {
        MenuItem connect = new MenuItem("Connect");
        connect.setOnAction(e -> viewModel.connect(entry));
        MenuItem refresh = new MenuItem("Refresh table list");
        refresh.setOnAction(e -> viewModel.refreshTables());
        refresh.setDisable(!entry.equals(viewModel.activeConnectionProperty().get()));
        MenuItem copy = new MenuItem("Copy name");
        copy.setOnAction(e -> copyText(entry.label()));
        ContextMenu menu = new ContextMenu(connect, refresh, copy);
        boolean active = entry.equals(viewModel.activeConnectionProperty().get());
        if (viewModel.dialogKinds().contains(WorkbenchDialog.Kind.CREATE_TABLE)) {
            MenuItem create = new MenuItem(WorkbenchDialog.Kind.CREATE_TABLE.title());
            create.setOnAction(e -> showDialog(WorkbenchDialog.Kind.CREATE_TABLE, null));
            create.setDisable(!active || viewModel.access(entry).readOnly());
            menu.getItems().addAll(new SeparatorMenuItem(), create);
        }
        CheckMenuItem readOnly = new CheckMenuItem("Read-only");
        readOnly.setSelected(viewModel.access(entry).readOnly());
        readOnly.setOnAction(e -> viewModel.setReadOnly(entry, readOnly.isSelected()));
        menu.getItems().addAll(new SeparatorMenuItem(), readOnly);
        return menu;
    }

    private ContextMenu tableMenu(String table) {
        MenuItem open = new MenuItem("Open");
        open.setOnAction(e -> viewModel.openTable(table));
        MenuItem describe = new MenuItem("Describe…");
        describe.setOnAction(
                e ->
                        viewModel
                                .openTable(table)
                                .ifPresent(
                                        t -> {
                                            if (t.supports(WorkbenchTab.Action.DESCRIBE)) {
                                                t.perform(WorkbenchTab.Action.DESCRIBE);
                                            }
                                        }));
        MenuItem copy = new MenuItem("Copy name");
        copy.setOnAction(e -> copyText(table));
        MenuItem refresh = new MenuItem("Refresh table list");
        refresh.setOnAction(e -> viewModel.refreshTables());
        ContextMenu menu = new ContextMenu(open, describe, copy, refresh);
        addToolItems(menu.getItems(), table);
        List<WorkbenchDialog.Kind> kinds =
                viewModel.dialogKinds().stream().filter(WorkbenchDialog.Kind::aboutTable).toList();
        if (!kinds.isEmpty()) {
            menu.getItems().add(new SeparatorMenuItem());
        }
        for (WorkbenchDialog.Kind kind : kinds) {
            MenuItem item = new MenuItem(kind.title());
            item.setOnAction(e -> showDialog(kind, table));
            item.setDisable(kind.writes() && viewModel.readOnlyProperty().get());
            menu.getItems().add(item);
        }
        return menu;
    }

    private ContextMenu indexMenu(IndexNode index) {
        MenuItem open = new MenuItem("Open the table");
        open.setOnAction(e -> viewModel.openTable(index.table()));
        MenuItem copy = new MenuItem("Copy index name");
        copy.setOnAction(e -> copyText(index.index().name()));
        return new ContextMenu(open, copy);
    }

    /** The other kinds of tab about a table this build offers (SQL console, model, report). */
    private void addToolItems(List<MenuItem> items, String table) {
        for (WorkbenchTab.Kind kind : viewModel.otherTabKinds()) {
            MenuItem item = new MenuItem(ShellViewModel.title(kind) + "…");
            item.setOnAction(e -> viewModel.open(kind, table));
            items.add(item);
        }
    }

    private static void copyText(String text) {
        ClipboardContent content = new ClipboardContent();
        content.putString(text);
        Clipboard.getSystemClipboard().setContent(content);
    }

    // ---- tabs --------------------------------------------------------------------------------

    private void bindTabs() {
        emptyHint.visibleProperty().bind(Bindings.isEmpty(viewModel.tabs()));
        viewModel.tabs().addListener((ListChangeListener<WorkbenchTab>) change -> syncTabs());
        viewModel
                .selectedTabProperty()
                .addListener(
                        (obs, old, tab) -> {
                            if (tab != null && tabs.containsKey(tab)) {
                                tabPane.getSelectionModel().select(tabs.get(tab));
                            }
                        });
        tabPane.getSelectionModel()
                .selectedItemProperty()
                .addListener(
                        (obs, old, tab) ->
                                viewModel
                                        .selectedTabProperty()
                                        .set(
                                                tab == null
                                                        ? null
                                                        : (WorkbenchTab) tab.getUserData()));
    }

    private void syncTabs() {
        tabs.keySet()
                .removeIf(
                        tab -> {
                            if (!viewModel.tabs().contains(tab)) {
                                tabPane.getTabs().remove(tabs.get(tab));
                                return true;
                            }
                            return false;
                        });
        for (WorkbenchTab workbenchTab : viewModel.tabs()) {
            if (!tabs.containsKey(workbenchTab)) {
                Tab tab = new Tab(workbenchTab.title(), workbenchTab.content());
                tab.textProperty().bind(workbenchTab.titleProperty());
                tab.setUserData(workbenchTab);
                tab.setTooltip(
                        new Tooltip(
                                ShellViewModel.title(workbenchTab.kind())
                                        + " · "
                                        + workbenchTab.title()));
                tab.setOnClosed(e -> viewModel.closeTab(workbenchTab));
                tabs.put(workbenchTab, tab);
                tabPane.getTabs().add(tab);
            }
        }
        WorkbenchTab selected = viewModel.selectedTabProperty().get();
        if (selected != null && tabs.containsKey(selected)) {
            tabPane.getSelectionModel().select(tabs.get(selected));
        }
    }

    // ---- menus -------------------------------------------------------------------------------

    private void bindMenus() {
        ToolWindows tools = viewModel.toolWindows();
        connectItem.setOnAction(e -> connectSelected());
        addEndpointItem.setOnAction(e -> addEndpoint());
        addProfileItem.setOnAction(e -> addProfile());
        exportAllItem.setAccelerator(
                new KeyCodeCombination(
                        KeyCode.S, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN));
        exportAllItem.setOnAction(e -> viewModel.perform(WorkbenchTab.Action.EXPORT_ALL));
        exportSelectionItem.setOnAction(
                e -> viewModel.perform(WorkbenchTab.Action.EXPORT_SELECTION));
        closeTabItem.setAccelerator(shortcut(KeyCode.W));
        closeTabItem.setOnAction(
                e -> {
                    WorkbenchTab tab = viewModel.selectedTabProperty().get();
                    if (tab != null) {
                        viewModel.closeTab(tab);
                    }
                });
        closeTabItem.disableProperty().bind(viewModel.selectedTabProperty().isNull());
        quitItem.setAccelerator(shortcut(KeyCode.Q));
        quitItem.setOnAction(e -> root.getScene().getWindow().hide());
        findTableItem.setAccelerator(shortcut(KeyCode.F));
        findTableItem.setOnAction(
                e -> {
                    viewModel.sidebarShownProperty().set(true);
                    tableFilter.requestFocus();
                    tableFilter.selectAll();
                });
        focusReadBarItem.setAccelerator(shortcut(KeyCode.L));
        focusReadBarItem.setOnAction(e -> viewModel.perform(WorkbenchTab.Action.FOCUS_INPUT));
        // no accelerators: inside a table tab its own keys take Ctrl/Cmd+F and Ctrl/Cmd+Y
        findInRowsItem.setOnAction(e -> viewModel.perform(WorkbenchTab.Action.FIND_IN_ROWS));
        savedReadsItem.setOnAction(e -> viewModel.perform(WorkbenchTab.Action.SAVED_READS));

        sidebarItem.setAccelerator(shortcut(KeyCode.B));
        sidebarItem.selectedProperty().bindBidirectional(viewModel.sidebarShownProperty());
        inspectorItem.setAccelerator(shortcut(KeyCode.I));
        inspectorItem.selectedProperty().bindBidirectional(tools.inspectorShownProperty());
        expressionBuilderItem.setAccelerator(shortcut(KeyCode.E));
        driftInspectorItem.setAccelerator(shortcut(KeyCode.D));
        syncBottomItems(tools);
        tools.bottomProperty().addListener((obs, old, now) -> syncBottomItems(tools));
        expressionBuilderItem.setOnAction(e -> tools.toggle(ToolWindows.Bottom.EXPRESSION_BUILDER));
        driftInspectorItem.setOnAction(e -> tools.toggle(ToolWindows.Bottom.DRIFT_INSPECTOR));
        toolsExpressionItem.setOnAction(
                e -> tools.bottomProperty().set(ToolWindows.Bottom.EXPRESSION_BUILDER));
        toolsDriftItem.setOnAction(
                e -> tools.bottomProperty().set(ToolWindows.Bottom.DRIFT_INSPECTOR));
        for (WorkbenchTab.Kind kind : viewModel.otherTabKinds()) {
            MenuItem item = new MenuItem(ShellViewModel.title(kind) + " of the selected table");
            item.setOnAction(
                    e -> {
                        String table = selectedTable();
                        if (table != null) {
                            viewModel.open(kind, table);
                        }
                    });
            toolsMenu.getItems().add(item);
            if (kind == WorkbenchTab.Kind.PARTITIONS) {
                // the report is about one table, as the Table menu's other items are
                MenuItem report = new MenuItem(ShellViewModel.title(kind) + "…");
                report.setId("menu-partitions");
                report.setOnAction(item.getOnAction());
                report.disableProperty().bind(viewModel.activeConnectionProperty().isNull());
                tableMenu
                        .getItems()
                        .add(tableMenu.getItems().indexOf(tableDialogsSeparator), report);
            }
        }
        addDialogItems();
        collapseAllItem.setAccelerator(
                new KeyCodeCombination(
                        KeyCode.MINUS, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN));
        collapseAllItem.setOnAction(e -> viewModel.perform(WorkbenchTab.Action.COLLAPSE_ALL));
        expandAllItem.setAccelerator(
                new KeyCodeCombination(
                        KeyCode.EQUALS, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN));
        expandAllItem.setOnAction(e -> viewModel.perform(WorkbenchTab.Action.EXPAND_ALL));
        orderByKeyItem.setOnAction(
                e -> viewModel.perform(WorkbenchTab.Action.ORDER_BY_PARTITION_KEY));
        orderAsReadItem.setOnAction(e -> viewModel.perform(WorkbenchTab.Action.ORDER_AS_READ));
        darkThemeItem.selectedProperty().bindBidirectional(viewModel.darkThemeProperty());

        runItem.setAccelerator(shortcut(KeyCode.ENTER));
        runItem.setOnAction(e -> viewModel.perform(WorkbenchTab.Action.RUN));
        cancelItem.setAccelerator(new KeyCodeCombination(KeyCode.ESCAPE));
        cancelItem.setOnAction(e -> viewModel.perform(WorkbenchTab.Action.CANCEL));
        cancelItem.disableProperty().bind(viewModel.busyProperty().not());
        loadMoreItem.setAccelerator(
                new KeyCodeCombination(KeyCode.M, KeyCombination.SHORTCUT_DOWN));
        loadMoreItem.setOnAction(e -> viewModel.perform(WorkbenchTab.Action.LOAD_MORE));
        describeItem.setAccelerator(
                new KeyCodeCombination(
                        KeyCode.D, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN));
        describeItem.setOnAction(e -> viewModel.perform(WorkbenchTab.Action.DESCRIBE));
        readFirstPageItem.selectedProperty().bindBidirectional(viewModel.readFirstPageProperty());
        bindItemMenus();
        refreshTablesItem.setAccelerator(new KeyCodeCombination(KeyCode.F5));
        refreshTablesItem.setOnAction(e -> viewModel.refreshTables());
        shortcutsItem.setOnAction(e -> showShortcuts());
        aboutItem.setOnAction(e -> showAbout());
        for (MenuItem item :
                List.of(
                        runItem,
                        loadMoreItem,
                        describeItem,
                        collapseAllItem,
                        expandAllItem,
                        orderByKeyItem,
                        orderAsReadItem,
                        exportAllItem,
                        exportSelectionItem,
                        focusReadBarItem,
                        findInRowsItem,
                        savedReadsItem,
                        editItemItem,
                        newItemItem,
                        duplicateItemItem,
                        deleteItemsItem)) {
            item.disableProperty().bind(viewModel.selectedTabProperty().isNull());
        }
        for (MenuItem write :
                List.of(editItemItem, newItemItem, duplicateItemItem, deleteItemsItem)) {
            write.disableProperty().unbind();
            write.disableProperty()
                    .bind(
                            viewModel
                                    .selectedTabProperty()
                                    .isNull()
                                    .or(viewModel.readOnlyProperty()));
        }
    }

    /**
     * The dialogs in the menu bar: import in the File menu, the others in the Table menu; each
     * about the table selected in the sidebar (or the active tab's), disabled when it writes and
     * the connection is read-only.
     */
    private void addDialogItems() {
        for (WorkbenchDialog.Kind kind : viewModel.dialogKinds()) {
            MenuItem item = new MenuItem(kind.title());
            item.setId("menu-" + kind.name().toLowerCase(Locale.ROOT).replace('_', '-'));
            item.setOnAction(e -> showDialog(kind, selectedTable()));
            var disabled = viewModel.activeConnectionProperty().isNull();
            item.disableProperty()
                    .bind(kind.writes() ? disabled.or(viewModel.readOnlyProperty()) : disabled);
            Menu menu = kind == WorkbenchDialog.Kind.IMPORT ? fileMenu : tableMenu;
            SeparatorMenuItem after =
                    kind == WorkbenchDialog.Kind.IMPORT
                            ? fileDialogsSeparator
                            : tableDialogsSeparator;
            int at = menu.getItems().indexOf(after);
            menu.getItems().add(at, item);
        }
        if (!viewModel.dialogKinds().isEmpty()) {
            tableMenu
                    .getItems()
                    .add(
                            tableMenu.getItems().indexOf(tableDialogsSeparator),
                            new SeparatorMenuItem());
        }
    }

    /** Shows a dialog in a window of its own over the workbench; tells the model when it closes. */
    private void showDialog(WorkbenchDialog.Kind kind, String table) {
        if (kind.aboutTable() && table == null) {
            viewModel.sayPickATable(kind);
            return;
        }
        viewModel
                .openDialog(kind, table)
                .ifPresent(
                        dialog -> {
                            Stage stage = new Stage();
                            stage.initOwner(root.getScene().getWindow());
                            stage.initModality(Modality.WINDOW_MODAL);
                            stage.setTitle(dialog.title());
                            Scene scene = new Scene(dialog.content());
                            scene.getStylesheets().setAll(root.getScene().getStylesheets());
                            stage.setScene(scene);
                            stage.setOnHidden(e -> viewModel.dialogClosed(dialog));
                            stage.show();
                        });
    }

    /** The item inspector's actions, for the selected item of the active tab. */
    private void bindItemMenus() {
        editItemItem.setAccelerator(new KeyCodeCombination(KeyCode.F2));
        editItemItem.setOnAction(e -> viewModel.perform(WorkbenchTab.Action.EDIT_ITEM));
        newItemItem.setAccelerator(shortcut(KeyCode.N));
        newItemItem.setOnAction(e -> viewModel.perform(WorkbenchTab.Action.NEW_ITEM));
        duplicateItemItem.setAccelerator(
                new KeyCodeCombination(
                        KeyCode.N, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN));
        duplicateItemItem.setOnAction(e -> viewModel.perform(WorkbenchTab.Action.DUPLICATE_ITEM));
        // the Delete key itself stays with the grid and the text fields
        deleteItemsItem.setOnAction(e -> viewModel.perform(WorkbenchTab.Action.DELETE_SELECTION));
    }

    private String selectedTable() {
        Object value = selectedValue();
        if (value instanceof TableNode table) {
            return table.table();
        }
        WorkbenchTab tab = viewModel.selectedTabProperty().get();
        return tab == null ? null : tab.table();
    }

    private void syncBottomItems(ToolWindows tools) {
        expressionBuilderItem.setSelected(
                tools.bottomProperty().get() == ToolWindows.Bottom.EXPRESSION_BUILDER);
        driftInspectorItem.setSelected(
                tools.bottomProperty().get() == ToolWindows.Bottom.DRIFT_INSPECTOR);
    }

    /** A shortcut with the platform's modifier: Cmd on macOS, Ctrl elsewhere. */
    private static KeyCodeCombination shortcut(KeyCode key) {
        return new KeyCodeCombination(key, KeyCombination.SHORTCUT_DOWN);
    }

    private void showShortcuts() {
        String mod = isMac() ? "Cmd" : "Ctrl";
        String text =
                String.join(
                        "\n",
                        mod + "+Enter        run the read (or the statement under the caret)",
                        "Esc               cancel what is running, or the edit",
                        mod + "+M            load more",
                        "F2                edit the selected item ("
                                + mod
                                + "+S reviews, then saves)",
                        mod + "+N            new item · " + mod + "+Shift+N  duplicate",
                        "Enter             edit the selected row · "
                                + mod
                                + "+C copy it as JSON · "
                                + mod
                                + "+Shift+C copy its key",
                        "Menu / Shift+F10  the menu of the selected row, table or connection",
                        mod + "+Shift+D      describe the table",
                        mod + "+Shift+S      export the loaded items",
                        mod + "+Shift+- / =  fold / unfold all collections",
                        mod + "+L            go to the read bar",
                        mod + "+F            find a table (in a table tab: find in its rows,",
                        "                  Enter / Shift+Enter next / previous)",
                        mod + "+Y            saved reads and history (in a table tab)",
                        mod + "+W            close the tab",
                        mod + "+B            show or hide the sidebar",
                        mod + "+I            show or hide the item inspector",
                        mod + "+E            expression builder",
                        mod + "+D            drift inspector",
                        mod + "+Up / Down    previous / next item collection",
                        "Space             fold or unfold a collection",
                        "Delete            delete the selected items (after confirmation)",
                        "F5                refresh the table list");
        Label label = new Label(text);
        label.getStyleClass().add("json-area");
        dialogs.inform("Keyboard shortcuts", "Keyboard shortcuts", label);
    }

    private void showAbout() {
        dialogs.inform(
                "About Dynoscope",
                "Dynoscope",
                "A desktop DynamoDB workbench for single-table designs.\nJava "
                        + System.getProperty("java.version")
                        + " · JavaFX "
                        + System.getProperty("javafx.runtime.version", "?"));
    }

    // ---- status bar --------------------------------------------------------------------------

    private void bindStatusBar() {
        connectionLabel.textProperty().bind(viewModel.connectionLabel());
        totalsLabel.textProperty().bind(viewModel.totalsProperty());
        statusLine.textProperty().bind(viewModel.lastReadProperty());
        busyIndicator
                .visibleProperty()
                .bind(viewModel.busyProperty().or(viewModel.connectingProperty()));
        busyIndicator.managedProperty().bind(busyIndicator.visibleProperty());
        statusCancelButton.visibleProperty().bind(viewModel.busyProperty());
        statusCancelButton.managedProperty().bind(viewModel.busyProperty());
        statusCancelButton.setOnAction(e -> viewModel.perform(WorkbenchTab.Action.CANCEL));
        statusCancelButton.setTooltip(new Tooltip("Stop what is running (Esc)"));
        statusSeparator.visibleProperty().bind(viewModel.totalsProperty().isNotEmpty());
        connectionLabel.setTooltip(new Tooltip("The active connection"));
        readOnlyLabel.visibleProperty().bind(viewModel.readOnlyProperty());
        readOnlyLabel.managedProperty().bind(viewModel.readOnlyProperty());
        Tooltip readOnlyTip = new Tooltip();
        readOnlyTip
                .textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () ->
                                        "Every write is disabled: "
                                                + viewModel.activeAccessProperty().get().reason(),
                                viewModel.activeAccessProperty()));
        readOnlyLabel.setTooltip(readOnlyTip);
        totalsLabel.setTooltip(
                new Tooltip("What this tab has loaded, and what all its requests cost"));
        statusLine.setTooltip(
                new Tooltip("The last read: requests, capacity, scanned / returned, time"));
    }

    /**
     * A profile with another region (or one without a region in ~/.aws/config) as its own
     * connection.
     */
    private void addProfile() {
        Dialog<ConnectionEntry> dialog = new Dialog<>();
        dialog.setTitle("Add AWS profile");
        dialog.setHeaderText(
                "A profile from ~/.aws/config with the region to use it in.\n"
                        + "Credentials stay in the AWS files; for SSO profiles run `aws sso login --profile NAME` first.");
        ComboBox<String> profile = new ComboBox<>();
        profile.setEditable(true);
        viewModel.connections().stream()
                .filter(c -> c.spec() instanceof ConnectionSpec.Profile)
                .map(c -> ((ConnectionSpec.Profile) c.spec()).profileName())
                .distinct()
                .forEach(profile.getItems()::add);
        TextField region = new TextField();
        region.setPromptText("eu-west-1");
        Label error = new Label();
        error.getStyleClass().add("error-text");
        GridPane form = new GridPane();
        form.setHgap(8);
        form.setVgap(6);
        form.setPadding(new Insets(10));
        CheckBox readOnly = new CheckBox("Read-only: every write is disabled");
        readOnly.setTooltip(
                new Tooltip(
                        "Ticked by itself for a profile named like a production one ("
                                + "*prod* unless DYNOSCOPE_READ_ONLY_PROFILES says otherwise)"));
        // the policy's word until the user ticks or unticks it
        boolean[] touched = new boolean[1];
        readOnly.setOnAction(e -> touched[0] = true);
        profile.getEditor()
                .textProperty()
                .addListener(
                        (o, old, name) -> {
                            if (!touched[0] && !name.isBlank()) {
                                readOnly.setSelected(
                                        viewModel
                                                .access(ConnectionEntry.profile(name.strip(), null))
                                                .readOnly());
                            }
                        });
        form.addRow(0, new Label("Profile"), profile);
        form.addRow(1, new Label("Region"), region);
        form.add(readOnly, 1, 2);
        form.add(error, 1, 3);
        dialog.getDialogPane().setContent(form);
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        dialog.getDialogPane()
                .lookupButton(ButtonType.OK)
                .addEventFilter(
                        ActionEvent.ACTION,
                        e -> {
                            String problem =
                                    AddEndpoint.problemWithProfile(
                                            profile.getEditor().getText(), region.getText());
                            if (problem != null) {
                                error.setText(problem);
                                e.consume();
                            }
                        });
        dialog.setResultConverter(
                button ->
                        button == ButtonType.OK
                                ? ConnectionEntry.profile(
                                        profile.getEditor().getText().strip(),
                                        region.getText().strip())
                                : null);
        dialog.showAndWait()
                .ifPresent(
                        entry -> {
                            if (!viewModel.connections().contains(entry)) {
                                viewModel.connections().add(entry);
                            }
                            keepReadOnlyChoice(entry, readOnly.isSelected());
                            selectConnection(entry);
                        });
    }

    private void addEndpoint() {
        Dialog<ConnectionEntry> dialog = new Dialog<>();
        dialog.setTitle("Add endpoint");
        dialog.setHeaderText(
                "A DynamoDB-compatible endpoint such as DynamoDB Local or dynalite.\n"
                        + "DynamoDB Local keeps one database per access key id and region unless started with -sharedDb.");
        TextField url = new TextField("http://localhost:8000");
        TextField keyId = new TextField(ConnectionSpec.Endpoint.DEFAULT_ACCESS_KEY_ID);
        TextField region = new TextField(ConnectionSpec.Endpoint.DEFAULT_REGION);
        Label error = new Label();
        error.getStyleClass().add("error-text");
        GridPane form = new GridPane();
        form.setHgap(8);
        form.setVgap(6);
        form.setPadding(new Insets(10));
        form.addRow(0, new Label("Endpoint URL"), url);
        form.addRow(1, new Label("Access key id"), keyId);
        form.addRow(2, new Label("Region"), region);
        CheckBox readOnly = new CheckBox("Read-only: every write is disabled");
        readOnly.setTooltip(new Tooltip("Reads only; the connection's menu can change it later"));
        form.add(readOnly, 1, 3);
        form.add(error, 1, 4);
        dialog.getDialogPane().setContent(form);
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        dialog.getDialogPane()
                .lookupButton(ButtonType.OK)
                .addEventFilter(
                        ActionEvent.ACTION,
                        e -> {
                            String problem = AddEndpoint.problemWith(url.getText());
                            if (problem != null) {
                                error.setText(problem);
                                e.consume();
                            }
                        });
        dialog.setResultConverter(
                button ->
                        button == ButtonType.OK
                                ? ConnectionEntry.endpoint(
                                        url.getText().strip(),
                                        "Custom endpoint",
                                        new ConnectionSpec.Endpoint(
                                                URI.create(url.getText().strip()),
                                                region.getText(),
                                                keyId.getText()))
                                : null);
        dialog.showAndWait()
                .ifPresent(
                        entry -> {
                            viewModel.connections().add(entry);
                            keepReadOnlyChoice(entry, readOnly.isSelected());
                            selectConnection(entry);
                        });
    }

    /** Keeps the dialog's Read-only box as the user's word when it differs from the policy's. */
    private void keepReadOnlyChoice(ConnectionEntry entry, boolean readOnly) {
        if (viewModel.access(entry).readOnly() != readOnly) {
            viewModel.setReadOnly(entry, readOnly);
        }
    }
}

package io.dynoscope.ui.shell;

import io.dynoscope.ui.common.DialogService;
import io.dynoscope.ui.common.ToolWindows;
import io.dynoscope.ui.common.WorkbenchDialog;
import io.dynoscope.ui.common.WorkbenchTab;
import io.dynoscope.ui.common.WorkbenchTab.Action;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import javafx.beans.binding.BooleanExpression;
import javafx.collections.SetChangeListener;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;

/**
 * The menu bar: each item's action (most go to the active tab), its accelerator (from {@link
 * Shortcut}, one meaning each) and when it is disabled, and the items made in code (the tool tabs
 * and the dialogs).
 */
final class ShellMenus {

    private final ShellViewModel viewModel;
    private final MenuBar bar;
    private final Sidebar sidebar;
    private final DialogWindows dialogWindows;
    private final DialogService dialogs;
    private final ToolWindows tools;

    ShellMenus(
            ShellViewModel viewModel,
            MenuBar bar,
            Sidebar sidebar,
            DialogWindows dialogWindows,
            DialogService dialogs) {
        this.viewModel = viewModel;
        this.bar = bar;
        this.sidebar = sidebar;
        this.dialogWindows = dialogWindows;
        this.dialogs = dialogs;
        this.tools = viewModel.toolWindows();
    }

    void bind() {
        for (Shortcut shortcut : Shortcut.ofMenus()) {
            item(shortcut.menuItemId().orElseThrow()).setAccelerator(shortcut.keys());
        }
        bindFileMenu();
        bindEditMenu();
        bindViewMenu();
        bindTableMenu();
        bindToolsMenu();
        addDialogItems();
        on("shortcutsItem", this::showShortcuts);
        on("aboutItem", this::showAbout);
        disableWithoutTab();
    }

    private void bindFileMenu() {
        on("connectItem", sidebar::connectSelected);
        // a Model tab on a blank page, about no table yet (its Table field names the one to design)
        on("newModelItem", () -> viewModel.open(WorkbenchTab.Kind.TABLE_MODEL, ""));
        item("newModelItem").disableProperty().bind(viewModel.activeConnectionProperty().isNull());
        ConnectionForms forms = new ConnectionForms(viewModel, sidebar.items());
        on("addEndpointItem", forms::addEndpoint);
        on("addProfileItem", forms::addProfile);
        perform("exportAllItem", Action.EXPORT_ALL);
        perform("exportSelectionItem", Action.EXPORT_SELECTION);
        on(
                "closeTabItem",
                () -> {
                    WorkbenchTab tab = viewModel.selectedTabProperty().get();
                    if (tab != null) {
                        viewModel.closeTab(tab);
                    }
                });
        item("closeTabItem").disableProperty().bind(viewModel.selectedTabProperty().isNull());
        on("quitItem", () -> bar.getScene().getWindow().hide());
    }

    private void bindEditMenu() {
        on("findTableItem", sidebar::findTable);
        perform("focusReadBarItem", Action.FOCUS_INPUT);
        perform("findInRowsItem", Action.FIND_IN_ROWS);
        perform("savedReadsItem", Action.SAVED_READS);
        perform("editItemItem", Action.EDIT_ITEM);
        perform("newItemItem", Action.NEW_ITEM);
        perform("duplicateItemItem", Action.DUPLICATE_ITEM);
        // the Delete key itself stays with the grid and the text fields
        perform("deleteItemsItem", Action.DELETE_SELECTION);
    }

    private void bindViewMenu() {
        check("sidebarItem").selectedProperty().bindBidirectional(viewModel.sidebarShownProperty());
        check("inspectorItem").selectedProperty().bindBidirectional(tools.inspectorShownProperty());
        syncBottomItems();
        tools.openBelow()
                .addListener((SetChangeListener<ToolWindows.Bottom>) c -> syncBottomItems());
        on("expressionBuilderItem", () -> tools.toggle(ToolWindows.Bottom.EXPRESSION_BUILDER));
        on("driftInspectorItem", () -> tools.toggle(ToolWindows.Bottom.DRIFT_INSPECTOR));
        perform("collapseAllItem", Action.COLLAPSE_ALL);
        perform("expandAllItem", Action.EXPAND_ALL);
        perform("orderByKeyItem", Action.ORDER_BY_PARTITION_KEY);
        perform("orderAsReadItem", Action.ORDER_AS_READ);
        check("darkThemeItem").selectedProperty().bindBidirectional(viewModel.darkThemeProperty());
        check("compactRowsItem").selectedProperty().bindBidirectional(tools.compactRowsProperty());
    }

    private void bindTableMenu() {
        perform("runItem", Action.RUN);
        perform("cancelItem", Action.CANCEL);
        item("cancelItem").disableProperty().bind(viewModel.busyProperty().not());
        perform("loadMoreItem", Action.LOAD_MORE);
        perform("describeItem", Action.DESCRIBE);
        perform("migrateItem", Action.MIGRATE);
        // only a Model tab migrates its table
        item("migrateItem")
                .disableProperty()
                .bind(
                        viewModel
                                .selectedTabProperty()
                                .map(tab -> !tab.supports(Action.MIGRATE))
                                .orElse(true));
        on("refreshTablesItem", viewModel::refreshTables);
        check("readFirstPageItem")
                .selectedProperty()
                .bindBidirectional(viewModel.readFirstPageProperty());
    }

    private void bindToolsMenu() {
        on(
                "toolsExpressionItem",
                () -> tools.bottomProperty().set(ToolWindows.Bottom.EXPRESSION_BUILDER));
        on("toolsDriftItem", () -> tools.bottomProperty().set(ToolWindows.Bottom.DRIFT_INSPECTOR));
        Menu toolsMenu = menu("toolsMenu");
        Menu tableMenu = menu("tableMenu");
        for (WorkbenchTab.Kind kind : ShellViewModel.otherTabKinds()) {
            MenuItem item = new MenuItem(ShellViewModel.title(kind) + " of the selected table");
            item.setOnAction(e -> openTool(kind));
            toolsMenu.getItems().add(item);
            if (kind == WorkbenchTab.Kind.PARTITIONS) {
                // the report is about one table, as the Table menu's other items are
                MenuItem report = new MenuItem(ShellViewModel.title(kind) + "…");
                report.setId("menu-partitions");
                report.setOnAction(e -> openTool(kind));
                report.disableProperty().bind(viewModel.activeConnectionProperty().isNull());
                insertBefore(tableMenu, "tableDialogsSeparator", report);
            }
        }
    }

    private void openTool(WorkbenchTab.Kind kind) {
        String table = sidebar.selectedTable();
        if (table != null) {
            viewModel.open(kind, table);
        }
    }

    /**
     * The dialogs: import in the File menu, the others in the Table menu; each about the table
     * selected in the sidebar (or the active tab's), disabled when it writes and the connection is
     * read-only.
     */
    private void addDialogItems() {
        for (WorkbenchDialog.Kind kind : WorkbenchDialog.Kind.values()) {
            MenuItem item = new MenuItem(kind.title());
            item.setId("menu-" + kind.name().toLowerCase(Locale.ROOT).replace('_', '-'));
            item.setOnAction(e -> dialogWindows.show(kind, sidebar.selectedTable()));
            BooleanExpression disabled = viewModel.activeConnectionProperty().isNull();
            item.disableProperty()
                    .bind(kind.writes() ? disabled.or(viewModel.readOnlyProperty()) : disabled);
            boolean importing = kind == WorkbenchDialog.Kind.IMPORT;
            insertBefore(
                    menu(importing ? "fileMenu" : "tableMenu"),
                    importing ? "fileDialogsSeparator" : "tableDialogsSeparator",
                    item);
        }
        insertBefore(menu("tableMenu"), "tableDialogsSeparator", new SeparatorMenuItem());
    }

    /** The actions of a tab are off without one; the writes also on a read-only connection. */
    private void disableWithoutTab() {
        BooleanExpression noTab = viewModel.selectedTabProperty().isNull();
        for (String id :
                List.of(
                        "runItem",
                        "loadMoreItem",
                        "describeItem",
                        "collapseAllItem",
                        "expandAllItem",
                        "orderByKeyItem",
                        "orderAsReadItem",
                        "exportAllItem",
                        "exportSelectionItem",
                        "focusReadBarItem",
                        "findInRowsItem",
                        "savedReadsItem")) {
            item(id).disableProperty().bind(noTab);
        }
        for (String id :
                List.of("editItemItem", "newItemItem", "duplicateItemItem", "deleteItemsItem")) {
            item(id).disableProperty().bind(noTab.or(viewModel.readOnlyProperty()));
        }
    }

    private void syncBottomItems() {
        // a check mark for every tool that has a tab below the grid
        var open = tools.openBelow();
        check("expressionBuilderItem")
                .setSelected(open.contains(ToolWindows.Bottom.EXPRESSION_BUILDER));
        check("driftInspectorItem").setSelected(open.contains(ToolWindows.Bottom.DRIFT_INSPECTOR));
    }

    private void showShortcuts() {
        Label list = new Label(Shortcut.describeAll(Shortcut.isMac()));
        list.setId("shortcutList");
        list.getStyleClass().add("json-area");
        dialogs.inform("Keyboard shortcuts", "Keyboard shortcuts", list);
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

    // ---- finding the menu bar's items ----------------------------------------------------------

    private void on(String id, Runnable action) {
        item(id).setOnAction(e -> action.run());
    }

    private void perform(String id, Action action) {
        on(id, () -> viewModel.perform(action));
    }

    private static void insertBefore(Menu menu, String separatorId, MenuItem item) {
        int at =
                menu.getItems()
                        .indexOf(
                                menu.getItems().stream()
                                        .filter(i -> separatorId.equals(i.getId()))
                                        .findFirst()
                                        .orElseThrow());
        menu.getItems().add(at, item);
    }

    private Menu menu(String id) {
        return (Menu) item(id);
    }

    private CheckMenuItem check(String id) {
        return (CheckMenuItem) item(id);
    }

    /** The menu bar's item (or menu) with this id. */
    MenuItem item(String id) {
        return bar.getMenus().stream()
                .flatMap(ShellMenus::withItems)
                .filter(i -> id.equals(i.getId()))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no menu item " + id));
    }

    private static Stream<MenuItem> withItems(MenuItem item) {
        return item instanceof Menu menu
                ? Stream.concat(
                        Stream.of(menu), menu.getItems().stream().flatMap(ShellMenus::withItems))
                : Stream.of(item);
    }
}

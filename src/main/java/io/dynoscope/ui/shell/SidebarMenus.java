package io.dynoscope.ui.shell;

import static io.dynoscope.ui.common.ViewBindings.copy;

import io.dynoscope.ui.common.WorkbenchDialog;
import io.dynoscope.ui.common.WorkbenchTab;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;

/** The context menus of the sidebar's connections, tables and indexes. */
final class SidebarMenus {

    private final ShellViewModel viewModel;
    private final DialogWindows dialogs;

    SidebarMenus(ShellViewModel viewModel, DialogWindows dialogs) {
        this.viewModel = viewModel;
        this.dialogs = dialogs;
    }

    ContextMenu connection(ConnectionEntry entry) {
        boolean active = entry.equals(viewModel.activeConnectionProperty().get());
        MenuItem connect = item("Connect", () -> viewModel.connect(entry));
        MenuItem refresh = item("Refresh table list", viewModel::refreshTables);
        refresh.setDisable(!active);
        ContextMenu menu =
                new ContextMenu(connect, refresh, item("Copy name", () -> copy(entry.label())));
        MenuItem create =
                item(
                        WorkbenchDialog.Kind.CREATE_TABLE.title(),
                        () -> dialogs.show(WorkbenchDialog.Kind.CREATE_TABLE, null));
        create.setDisable(!active || viewModel.access(entry).readOnly());
        menu.getItems().addAll(new SeparatorMenuItem(), create);
        CheckMenuItem readOnly = new CheckMenuItem("Read-only");
        readOnly.setSelected(viewModel.access(entry).readOnly());
        readOnly.setOnAction(e -> viewModel.setReadOnly(entry, readOnly.isSelected()));
        menu.getItems().addAll(new SeparatorMenuItem(), readOnly);
        return menu;
    }

    ContextMenu table(String table) {
        ContextMenu menu =
                new ContextMenu(
                        item("Open", () -> viewModel.openTable(table)),
                        item("Describe…", () -> describe(table)),
                        item("Copy name", () -> copy(table)),
                        item("Refresh table list", viewModel::refreshTables));
        for (WorkbenchTab.Kind kind : ShellViewModel.otherTabKinds()) {
            menu.getItems()
                    .add(item(ShellViewModel.title(kind) + "…", () -> viewModel.open(kind, table)));
        }
        menu.getItems().add(new SeparatorMenuItem());
        for (WorkbenchDialog.Kind kind : WorkbenchDialog.Kind.values()) {
            if (!kind.aboutTable()) {
                continue;
            }
            MenuItem item = item(kind.title(), () -> dialogs.show(kind, table));
            item.setDisable(kind.writes() && viewModel.readOnlyProperty().get());
            menu.getItems().add(item);
        }
        return menu;
    }

    ContextMenu index(SidebarNode.Index index) {
        return new ContextMenu(
                item("Open the table", () -> viewModel.openTable(index.table())),
                item("Copy index name", () -> copy(index.index().name())));
    }

    private void describe(String table) {
        viewModel
                .openTable(table)
                .filter(tab -> tab.supports(WorkbenchTab.Action.DESCRIBE))
                .ifPresent(tab -> tab.perform(WorkbenchTab.Action.DESCRIBE));
    }

    private static MenuItem item(String text, Runnable action) {
        MenuItem item = new MenuItem(text);
        item.setOnAction(e -> action.run());
        return item;
    }
}

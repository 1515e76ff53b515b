package io.dynoscope.ui.shell;

import io.dynoscope.repository.TableInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import javafx.collections.ListChangeListener;
import javafx.collections.MapChangeListener;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;

/**
 * The sidebar's tree: the Recent section, then each connection with the tables of the active one
 * and, once a table is unfolded, its indexes. Nothing moves under the pointer: while it is over the
 * tree, the Recent section waits (opening a table would otherwise push the rows below it down), and
 * takes the table in once the pointer has left.
 */
final class SidebarTree {

    private final ShellViewModel viewModel;
    private final TreeView<Object> tree;
    private final TreeItem<Object> root = new TreeItem<>();
    private final TreeItem<Object> recentRoot = new TreeItem<>(SidebarNode.RECENT);
    private boolean recentPending;

    SidebarTree(ShellViewModel viewModel, TreeView<Object> tree) {
        this.viewModel = viewModel;
        this.tree = tree;
        root.setExpanded(true);
        recentRoot.setExpanded(true);
        tree.setRoot(root);
        rebuildConnections();
        viewModel
                .connections()
                .addListener((ListChangeListener<ConnectionEntry>) c -> rebuildConnections());
        viewModel.visibleTables().addListener((ListChangeListener<String>) c -> rebuildTables());
        viewModel.activeConnectionProperty().addListener((obs, old, now) -> rebuildTables());
        viewModel
                .recentTables()
                .addListener((ListChangeListener<ShellViewModel.RecentTable>) c -> recentChanged());
        tree.hoverProperty()
                .addListener(
                        (obs, was, hovered) -> {
                            if (!hovered && recentPending) {
                                recentChanged();
                            }
                        });
        viewModel
                .readOnlyChoices()
                .addListener((MapChangeListener<ConnectionEntry, Boolean>) c -> tree.refresh());
    }

    private void recentChanged() {
        recentPending = tree.isHover();
        if (!recentPending) {
            rebuildConnections();
        }
    }

    /** The value of the selected line, or null. */
    Object selectedValue() {
        TreeItem<Object> item = tree.getSelectionModel().getSelectedItem();
        return item == null ? null : item.getValue();
    }

    void select(TreeItem<Object> item) {
        tree.getSelectionModel().select(item);
    }

    void selectConnection(ConnectionEntry entry) {
        root.getChildren().stream()
                .filter(i -> entry.equals(i.getValue()))
                .findFirst()
                .ifPresent(this::select);
    }

    Optional<TreeItem<Object>> firstTable() {
        return tables().findFirst();
    }

    Optional<TreeItem<Object>> table(String table) {
        return tables().filter(t -> ((SidebarNode.Table) t.getValue()).table().equals(table))
                .findFirst();
    }

    private Stream<TreeItem<Object>> tables() {
        return root.getChildren().stream()
                .flatMap(c -> c.getChildren().stream())
                .filter(t -> t.getValue() instanceof SidebarNode.Table);
    }

    private void rebuildConnections() {
        List<TreeItem<Object>> items = new ArrayList<>();
        for (ConnectionEntry entry : viewModel.connections()) {
            items.add(
                    root.getChildren().stream()
                            .filter(i -> entry.equals(i.getValue()))
                            .findFirst()
                            .orElseGet(() -> new TreeItem<>(entry)));
        }
        recentRoot
                .getChildren()
                .setAll(
                        viewModel.recentTables().stream()
                                .map(r -> new TreeItem<Object>(new SidebarNode.Recent(r)))
                                .toList());
        if (!recentRoot.getChildren().isEmpty()) {
            items.add(0, recentRoot);
        }
        root.getChildren().setAll(items);
        rebuildTables();
    }

    private void rebuildTables() {
        ConnectionEntry active = viewModel.activeConnectionProperty().get();
        for (TreeItem<Object> connection : root.getChildren()) {
            if (connection == recentRoot) {
                continue;
            }
            if (!connection.getValue().equals(active)) {
                connection.getChildren().clear();
                continue;
            }
            List<TreeItem<Object>> tables = new ArrayList<>();
            for (String table : viewModel.visibleTables()) {
                tables.add(
                        connection.getChildren().stream()
                                .filter(
                                        t ->
                                                t.getValue() instanceof SidebarNode.Table n
                                                        && n.table().equals(table))
                                .findFirst()
                                .orElseGet(() -> tableItem(new SidebarNode.Table(table))));
            }
            connection.getChildren().setAll(tables);
            connection.setExpanded(true);
        }
    }

    /** A table's line: its indexes are read when it is first unfolded. */
    private TreeItem<Object> tableItem(SidebarNode.Table table) {
        TreeItem<Object> item = new TreeItem<>(table);
        TreeItem<Object> loading = new TreeItem<>("reading indexes…");
        item.getChildren().add(loading);
        item.expandedProperty()
                .addListener(
                        (obs, was, is) -> {
                            if (is && item.getChildren().contains(loading)) {
                                viewModel.describeTable(
                                        table.table(), info -> showIndexes(item, info));
                            }
                        });
        return item;
    }

    private static void showIndexes(TreeItem<Object> item, TableInfo info) {
        List<TreeItem<Object>> indexes = new ArrayList<>();
        for (TableInfo.IndexInfo index : info.indexes()) {
            indexes.add(new TreeItem<>(new SidebarNode.Index(info.name(), index)));
        }
        if (indexes.isEmpty()) {
            indexes.add(new TreeItem<>("no secondary indexes"));
        }
        item.getChildren().setAll(indexes);
    }
}

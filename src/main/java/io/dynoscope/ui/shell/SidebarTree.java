package io.dynoscope.ui.shell;

import io.dynoscope.core.table.TableInfo;
import io.dynoscope.ui.common.ViewBindings;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import javafx.collections.ListChangeListener;
import javafx.collections.MapChangeListener;
import javafx.geometry.Bounds;
import javafx.scene.Scene;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.input.MouseEvent;
import javafx.scene.robot.Robot;

/**
 * The sidebar's tree: the Recent section first (above the fold however many tables there are), then
 * each connection with the tables of the active one and, once a table is unfolded, its indexes.
 * Nothing moves under the pointer: the Recent section is there from the start, one line saying what
 * will show there, which the first table opened replaces; the last few tables are shown and the
 * older ones folded under one line, so it grows by a few lines at most. While the pointer is over
 * the tree, the Recent section and the table list wait (opening a table, or the sandbox's tables
 * arriving after its first, would otherwise push the rows below down), and take the change in once
 * the pointer has left. The filter applies at once: the person typing it expects the rows to
 * change.
 */
final class SidebarTree {

    private final ShellViewModel viewModel;
    private final TreeView<Object> tree;
    private final TreeItem<Object> root = new TreeItem<>();

    /** How many recent tables the Recent section shows unfolded. */
    static final int RECENT_SHOWN = 5;

    private final TreeItem<Object> recentRoot = new TreeItem<>(SidebarNode.RECENT);
    private final TreeItem<Object> olderRecent = new TreeItem<>();
    private boolean recentPending;
    private boolean tablesPending;
    private String filterShown = "";
    private Robot pointer;

    SidebarTree(ShellViewModel viewModel, TreeView<Object> tree) {
        this.viewModel = viewModel;
        this.tree = tree;
        root.setExpanded(true);
        recentRoot.setExpanded(true);
        tree.setRoot(root);
        ViewBindings.hideIdleScrollBar(tree);
        rebuildConnections();
        viewModel
                .connections()
                .addListener((ListChangeListener<ConnectionEntry>) c -> rebuildConnections());
        viewModel.visibleTables().addListener((ListChangeListener<String>) c -> tablesChanged());
        viewModel.activeConnectionProperty().addListener((obs, old, now) -> rebuildTables());
        viewModel
                .recentTables()
                .addListener((ListChangeListener<ShellViewModel.RecentTable>) c -> recentChanged());
        tree.hoverProperty()
                .addListener(
                        (obs, was, hovered) -> {
                            if (!hovered) {
                                takeInWhatWaited();
                            }
                        });
        // a wait begun without the tree knowing the pointer was there ends on any move off it
        tree.sceneProperty()
                .addListener(
                        (obs, old, scene) -> {
                            if (scene != null) {
                                scene.addEventFilter(
                                        MouseEvent.MOUSE_MOVED,
                                        e -> {
                                            if ((recentPending || tablesPending)
                                                    && !tree.isHover()) {
                                                takeInWhatWaited();
                                            }
                                        });
                            }
                        });
        viewModel
                .readOnlyChoices()
                .addListener((MapChangeListener<ConnectionEntry, Boolean>) c -> tree.refresh());
    }

    /**
     * Whether the pointer is over the tree. Its hover state alone is stale after a window over it
     * closes (the Create table dialog, whose Enter lists the tables again): the pointer is on a
     * line, but the tree learns it only at the next move, and the new table went in above it.
     */
    private boolean pointerOver() {
        if (tree.isHover()) {
            return true;
        }
        if (tree.getScene() == null || !tree.isVisible()) {
            return false;
        }
        Bounds shown = tree.localToScreen(tree.getLayoutBounds());
        return shown != null && shown.contains(pointer().getMousePosition());
    }

    private Robot pointer() {
        if (pointer == null) {
            pointer = new Robot();
        }
        return pointer;
    }

    private void takeInWhatWaited() {
        if (pointerOver()) {
            return;
        }
        if (recentPending) {
            recentChanged();
        }
        if (tablesPending) {
            rebuildConnections();
        }
    }

    private void recentChanged() {
        recentPending = pointerOver();
        if (!recentPending) {
            rebuildConnections();
        }
    }

    /**
     * The list waits only when rows of it are shown under the pointer: the first list after a
     * connection, and the filter's changes, show at once.
     */
    private void tablesChanged() {
        boolean filtered =
                !filterShown.equals(Objects.toString(viewModel.tableFilterProperty().get(), ""));
        tablesPending = !filtered && tables().findAny().isPresent() && pointerOver();
        if (!tablesPending) {
            // the Recent lines too: a table gone from the connection leaves them
            rebuildConnections();
        }
    }

    /** The scene the tree is shown in, or null before it is. */
    Scene scene() {
        return tree.getScene();
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
        keepingSelection(this::replaceConnections);
    }

    private void replaceConnections() {
        List<TreeItem<Object>> items = new ArrayList<>();
        for (ConnectionEntry entry : viewModel.connections()) {
            items.add(
                    root.getChildren().stream()
                            .filter(i -> entry.equals(i.getValue()))
                            .findFirst()
                            .orElseGet(() -> new TreeItem<>(entry)));
        }
        showRecent();
        items.add(0, recentRoot);
        root.getChildren().setAll(items);
        replaceTables();
    }

    /** The last {@link #RECENT_SHOWN} tables opened, the older ones folded, or the placeholder. */
    private void showRecent() {
        List<TreeItem<Object>> recent =
                viewModel.recentTables().stream()
                        .filter(r -> !viewModel.isGone(r))
                        .map(r -> new TreeItem<Object>(new SidebarNode.Recent(r)))
                        .toList();
        List<TreeItem<Object>> lines = new ArrayList<>();
        if (recent.isEmpty()) {
            lines.add(new TreeItem<>(SidebarNode.NO_RECENT));
        } else if (recent.size() <= RECENT_SHOWN + 1) {
            // one more line for the older ones would hide a single table behind it
            lines.addAll(recent);
        } else {
            lines.addAll(recent.subList(0, RECENT_SHOWN));
            List<TreeItem<Object>> older = recent.subList(RECENT_SHOWN, recent.size());
            olderRecent.setValue(new SidebarNode.OlderRecent(older.size()));
            olderRecent.getChildren().setAll(older);
            lines.add(olderRecent);
        }
        recentRoot.getChildren().setAll(lines);
    }

    private void rebuildTables() {
        keepingSelection(this::replaceTables);
    }

    /**
     * Runs a rebuild and selects the line that was selected before it, found by its item (or, for a
     * recreated line, its value), else nothing. The tree itself shifts the selection by the count
     * of items put in a list, not by the rows they add: when the Recent section came in beside two
     * connections, the selected table's line moved to the line below it.
     */
    private void keepingSelection(Runnable rebuild) {
        TreeItem<Object> selected = tree.getSelectionModel().getSelectedItem();
        rebuild.run();
        if (selected == null) {
            return;
        }
        withDescendants(root)
                .filter(i -> i == selected)
                .findFirst()
                .or(() -> withDescendants(root).filter(i -> sameLine(i, selected)).findFirst())
                .ifPresentOrElse(this::select, tree.getSelectionModel()::clearSelection);
    }

    /** Lines with the same value, but for text lines ("no secondary indexes"), which repeat. */
    private static boolean sameLine(TreeItem<Object> item, TreeItem<Object> selected) {
        Object value = selected.getValue();
        return !(value instanceof String) && Objects.equals(item.getValue(), value);
    }

    /** The item and its descendants. */
    private static Stream<TreeItem<Object>> withDescendants(TreeItem<Object> item) {
        return Stream.concat(
                Stream.of(item), item.getChildren().stream().flatMap(SidebarTree::withDescendants));
    }

    private void replaceTables() {
        tablesPending = false;
        filterShown = Objects.toString(viewModel.tableFilterProperty().get(), "");
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
        item.getChildren()
                .setAll(
                        info.indexes().isEmpty()
                                ? List.of(new TreeItem<>("no secondary indexes"))
                                : info.indexes().stream()
                                        .map(
                                                i ->
                                                        new TreeItem<Object>(
                                                                new SidebarNode.Index(
                                                                        info.name(), i)))
                                        .toList());
    }
}

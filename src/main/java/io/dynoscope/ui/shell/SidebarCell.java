package io.dynoscope.ui.shell;

import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.service.access.ReadOnlyPolicy;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeCell;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/** Renders a line of the sidebar: a connection (name, what it is), a table, an index, a recent. */
final class SidebarCell extends TreeCell<Object> {
    private final ShellViewModel viewModel;
    private final SidebarMenus menus;
    private final Label name = new Label();
    private final Label readOnlyMark = new Label("read-only");
    private final Label description = new Label();
    private final VBox lines = new VBox(1, new HBox(6, name, readOnlyMark), description);

    SidebarCell(ShellViewModel viewModel, SidebarMenus menus) {
        this.viewModel = viewModel;
        this.menus = menus;
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
            showConnection(entry);
        } else if (value instanceof SidebarNode.Table table) {
            setText(table.table());
            setTooltip(new Tooltip("Double-click or Enter to open " + table.table()));
            setContextMenu(menus.table(table.table()));
        } else if (value instanceof SidebarNode.Recent recent) {
            showRecent(recent.recent());
        } else if (value instanceof SidebarNode.Index index) {
            showIndex(index);
        } else if (value instanceof SidebarNode.OlderRecent older) {
            setText(older.toString());
            getStyleClass().add("sidebar-note");
            setTooltip(new Tooltip("Unfold for the tables opened before these"));
        } else if (value == SidebarNode.RECENT) {
            setText(SidebarNode.RECENT);
            getStyleClass().add("section-title");
            setTooltip(new Tooltip("The tables opened last: one click opens one"));
        } else {
            setText(value.toString());
            getStyleClass().add("sidebar-note");
        }
    }

    private void showConnection(ConnectionEntry entry) {
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
                        + (access.readOnly() ? "\nRead-only: " + access.reason() + "." : "");
        setTooltip(new Tooltip(tip));
        setContextMenu(menus.connection(entry));
    }

    private void showRecent(ShellViewModel.RecentTable recent) {
        setText(recent.table() + "  ·  " + recent.connection());
        getStyleClass().add("sidebar-recent");
        setTooltip(
                new Tooltip(
                        "Click to open "
                                + recent.table()
                                + " on "
                                + recent.connection()
                                + " (connecting first when needed)"));
    }

    private void showIndex(SidebarNode.Index index) {
        SecondaryIndex info = index.index();
        setText((info.global() ? "GSI " : "LSI ") + info.name());
        getStyleClass().add("sidebar-index");
        setTooltip(
                new Tooltip(
                        info.keySchema().partitionKey()
                                + info.keySchema().sortKey().map(sk -> " / " + sk).orElse("")
                                + " · projects "
                                + info.projectionType()));
        setContextMenu(menus.index(index));
    }
}

package io.dynoscope.ui.shell;

import static io.dynoscope.ui.common.ViewBindings.tooltip;

import io.dynoscope.ui.common.WorkbenchTab;
import javafx.beans.binding.Bindings;
import javafx.geometry.Side;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextField;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;

/**
 * The sidebar: the table filter, the tree of connections and tables (see {@link SidebarTree}), the
 * buttons that add connections, and the line that says what the connection is doing. It keeps its
 * width in pixels as the window is resized.
 */
final class Sidebar {

    private final ShellViewModel viewModel;
    private final VBox box;
    private final TextField filter;
    private final TreeView<Object> tree;
    private final SplitPane split;
    private final SidebarTree items;
    private boolean dragged;

    @SuppressWarnings("unchecked")
    Sidebar(ShellViewModel viewModel, VBox box, SplitPane split, DialogWindows dialogs) {
        this.viewModel = viewModel;
        this.box = box;
        this.split = split;
        this.filter = (TextField) box.lookup("#tableFilter");
        this.tree = (TreeView<Object>) box.lookup("#tree");
        this.items = new SidebarTree(viewModel, tree);
        SidebarMenus menus = new SidebarMenus(viewModel, dialogs);
        tree.setCellFactory(t -> new SidebarCell(viewModel, menus));
        filter.textProperty().bindBidirectional(viewModel.tableFilterProperty());
        tooltip(filter, "Show only the tables whose name contains this text");
        bindKeysAndClicks();
        bindButtons(new ConnectionForms(viewModel, items));
        viewModel.sidebarShownProperty().addListener((obs, old, shown) -> show(shown));
        show(viewModel.sidebarShownProperty().get());
        keepWidth();
        // the sidebar follows the active tab: its table is selected
        viewModel
                .selectedTabProperty()
                .addListener(
                        (obs, old, tab) -> {
                            if (tab != null && tab.table() != null) {
                                items.table(tab.table()).ifPresent(items::select);
                            }
                        });
    }

    /** The tree's lines. */
    SidebarTree items() {
        return items;
    }

    /** Shows the sidebar and puts the caret in its table filter. */
    void findTable() {
        viewModel.sidebarShownProperty().set(true);
        filter.requestFocus();
        filter.selectAll();
    }

    /** The table selected in the sidebar, else the active tab's, else null. */
    String selectedTable() {
        if (items.selectedValue() instanceof SidebarNode.Table table) {
            return table.table();
        }
        WorkbenchTab tab = viewModel.selectedTabProperty().get();
        return tab == null ? null : tab.table();
    }

    void connectSelected() {
        if (items.selectedValue() instanceof ConnectionEntry entry) {
            viewModel.connect(entry);
        }
    }

    private void bindKeysAndClicks() {
        // a double click opens a table without unfolding it: its index lines would push every
        // table below it down under the pointer (the arrow still unfolds it)
        tree.addEventFilter(
                MouseEvent.MOUSE_PRESSED,
                e -> {
                    if (e.getClickCount() == 2
                            && e.getButton() == MouseButton.PRIMARY
                            && items.selectedValue() instanceof SidebarNode.Table
                            && !onDisclosureArrow(e)) {
                        e.consume();
                    }
                });
        tree.setOnMouseClicked(
                e -> {
                    // a recent table opens with one click, anything else with two
                    if (e.getButton() == MouseButton.PRIMARY
                            && (e.getClickCount() == 2
                                    || items.selectedValue() instanceof SidebarNode.Recent)) {
                        openSelected();
                    }
                });
        tree.setOnKeyPressed(
                e -> {
                    // Ctrl/Cmd+Enter is the menu's Run, not "open"
                    if (e.getCode() == KeyCode.ENTER && !e.isShortcutDown()) {
                        openSelected();
                        e.consume();
                    }
                });
        // the context-menu key (or Shift+F10) opens the menu of the selected line
        tree.setOnContextMenuRequested(
                e -> {
                    if (e.isKeyboardTrigger()) {
                        showMenuOfSelectedCell();
                        e.consume();
                    }
                });
        // Enter or Down in the filter moves into the tree, to the first table
        filter.setOnKeyPressed(
                e -> {
                    if (e.getCode() == KeyCode.DOWN || e.getCode() == KeyCode.ENTER) {
                        items.firstTable()
                                .ifPresent(
                                        item -> {
                                            items.select(item);
                                            tree.requestFocus();
                                        });
                        e.consume();
                    }
                });
    }

    private void bindButtons(ConnectionForms forms) {
        Button connect = (Button) box.lookup("#connectButton");
        Button addEndpoint = (Button) box.lookup("#addEndpointButton");
        Button addProfile = (Button) box.lookup("#addProfileButton");
        connect.disableProperty()
                .bind(
                        viewModel
                                .connectingProperty()
                                .or(
                                        Bindings.createBooleanBinding(
                                                () ->
                                                        !(items.selectedValue()
                                                                instanceof ConnectionEntry),
                                                tree.getSelectionModel().selectedItemProperty())));
        connect.setOnAction(e -> connectSelected());
        addEndpoint.setOnAction(e -> forms.addEndpoint());
        addProfile.setOnAction(e -> forms.addProfile());
        tooltip(connect, "Connect to the selected connection");
        tooltip(addEndpoint, "Add a DynamoDB-compatible endpoint such as DynamoDB Local");
        tooltip(addProfile, "Add an AWS profile with the region to use it in");
        Label message = (Label) box.lookup("#connectionMessage");
        message.textProperty().bind(viewModel.connectionMessageProperty());
        // two lines kept for it ("Starting the local sandbox…" takes two, "Connected to…" one), so
        // the tree above it and the buttons below keep their place as the message changes
        message.minHeightProperty()
                .bind(
                        Bindings.createDoubleBinding(
                                () -> twoLines(message), message.fontProperty()));
    }

    private static double twoLines(Label label) {
        Text text = new Text("Xg\nXg");
        text.setFont(label.getFont());
        return Math.ceil(text.getLayoutBounds().getHeight())
                + label.snappedTopInset()
                + label.snappedBottomInset();
    }

    private void openSelected() {
        Object value = items.selectedValue();
        if (value instanceof ConnectionEntry entry) {
            viewModel.connect(entry);
        } else if (value instanceof SidebarNode.Table table) {
            viewModel.openTable(table.table());
        } else if (value instanceof SidebarNode.Index index) {
            viewModel.openTable(index.table());
        } else if (value instanceof SidebarNode.Recent recent) {
            viewModel.openRecent(recent.recent());
        }
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

    private void show(boolean shown) {
        if (shown && !split.getItems().contains(box)) {
            split.getItems().add(0, box);
            placeDivider();
        } else if (!shown) {
            split.getItems().remove(box);
        }
    }

    /**
     * The sidebar keeps its width in pixels as the window grows or shrinks: the divider follows the
     * saved width until the user drags it, and then stays where it was put.
     */
    private void keepWidth() {
        SplitPane.setResizableWithParent(box, false);
        split.widthProperty()
                .addListener(
                        (obs, old, width) -> {
                            if (!dragged) {
                                placeDivider();
                            }
                        });
        split.addEventFilter(
                MouseEvent.MOUSE_PRESSED,
                e -> {
                    if (e.getTarget() instanceof Node node
                            && node.getStyleClass().contains("split-pane-divider")) {
                        dragged = true;
                    }
                });
    }

    private static boolean onDisclosureArrow(MouseEvent e) {
        for (Node n = (Node) e.getPickResult().getIntersectedNode(); n != null; n = n.getParent()) {
            if (n.getStyleClass().contains("tree-disclosure-node")) {
                return true;
            }
        }
        return false;
    }

    private void placeDivider() {
        double width = split.getWidth();
        if (width > 0 && !split.getDividers().isEmpty() && split.getItems().contains(box)) {
            split.setDividerPosition(
                    0, Math.min(0.6, viewModel.sidebarWidthProperty().get() / width));
        }
    }

    /** The sidebar's width now, to keep for the next start. */
    static double width(Scene scene) {
        return scene.lookup(".main-split") instanceof SplitPane split
                        && split.getItems().size() > 1
                        && scene.lookup(".sidebar") != null
                ? split.getDividerPositions()[0] * split.getWidth()
                : 0;
    }
}

package io.dynoscope.ui.grid;

import static io.dynoscope.ui.common.ViewBindings.copy;
import static io.dynoscope.ui.common.ViewBindings.showWhen;
import static io.dynoscope.ui.common.ViewBindings.tooltip;

import io.dynoscope.core.collection.CollectionRow;
import io.dynoscope.core.collection.ItemCollection;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.core.transfer.TransferFormat;
import io.dynoscope.ui.common.DialogService;
import io.dynoscope.ui.common.FileFolders;
import io.dynoscope.ui.common.ToolWindows;
import io.dynoscope.ui.common.Views;
import java.io.File;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.beans.InvalidationListener;
import javafx.fxml.FXML;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.stage.FileChooser;

/**
 * Binds one table tab — the read bar, the grouped grid, and the tool windows beside and below it —
 * to its view model.
 */
public final class ItemGridView {

    /** Enter alone edits the selected row; with Ctrl/Cmd it runs the read, as everywhere. */
    private static final KeyCombination EDIT_KEY = new KeyCodeCombination(KeyCode.ENTER);

    private static final KeyCombination RUN_KEY =
            new KeyCodeCombination(KeyCode.ENTER, KeyCombination.SHORTCUT_DOWN);

    private static final KeyCombination FIND_KEY =
            new KeyCodeCombination(KeyCode.F, KeyCombination.SHORTCUT_DOWN);
    private static final KeyCombination SAVED_READS_KEY =
            new KeyCodeCombination(KeyCode.Y, KeyCombination.SHORTCUT_DOWN);

    private final ItemGridViewModel viewModel;
    private ReadBarView readBarView;
    private SavedReadsViewModel savedReads;
    private final ToolWindows tools;
    private final Node inspector;
    private final Map<ToolWindows.Bottom, Node> bottomTools;
    private RowMenus menus;
    private CollectionCells cells;

    @FXML private BorderPane root;
    @FXML private SplitPane verticalSplit;
    @FXML private SplitPane horizontalSplit;
    @FXML private TableView<CollectionRow> grid;
    @FXML private HBox findBar;
    @FXML private TextField findField;
    @FXML private Button findPreviousButton;
    @FXML private Button findNextButton;
    @FXML private Label findStatusLabel;
    @FXML private Button findCloseButton;
    @FXML private HBox loadMoreBar;
    @FXML private Label loadMoreLabel;
    @FXML private Button loadMoreButton;

    /**
     * @param inspector the item inspector, shown right of the grid while the tool windows say so
     * @param bottomTools the tools that open below the grid (expression builder, drift inspector)
     */
    public ItemGridView(
            ItemGridViewModel viewModel,
            ToolWindows tools,
            Node inspector,
            Map<ToolWindows.Bottom, Node> bottomTools) {
        this.viewModel = viewModel;
        this.tools = tools;
        this.inspector = inspector;
        this.bottomTools = Map.copyOf(bottomTools);
    }

    /**
     * The saved reads and history this tab shows (from the read bar's "Reads…" and the Table menu);
     * set before the view loads. Without it the button is hidden.
     */
    public void setSavedReads(SavedReadsViewModel model) {
        this.savedReads = model;
    }

    /** Loads a table tab's view. */
    public static Parent load(ItemGridView view) {
        return Views.load("ItemGrid.fxml", view);
    }

    @FXML
    private void initialize() {
        readBarView = new ReadBarView(viewModel, savedReads == null ? null : this::showSavedReads);
        root.setTop(ReadBarView.load(readBarView));
        readBarView.keepMoreOver(grid);
        bindGrid();
        bindFind();
        new ToolWindowLayout(tools, inspector, bottomTools, horizontalSplit, verticalSplit).bind();
        installKeys();
    }

    // ---- finding in the loaded rows ----------------------------------------------------------

    /**
     * The find bar floats over the grid's lower right corner, clear of its scroll bars: in the
     * grid's flow it pushed the rows down 30 px as it opened.
     */
    private void bindFind() {
        findBar.setVisible(false);
        findBar.setManaged(false);
        findBar.setViewOrder(-1);
        InvalidationListener place =
                o -> {
                    if (findBar.isVisible()) {
                        findBar.applyCss();
                        double width =
                                Math.min(findBar.prefWidth(-1), Math.max(0, grid.getWidth() - 24));
                        double height = findBar.prefHeight(width);
                        findBar.resizeRelocate(
                                grid.getLayoutX() + grid.getWidth() - width - 20,
                                grid.getLayoutY() + grid.getHeight() - height - 20,
                                width,
                                height);
                    }
                };
        grid.layoutBoundsProperty().addListener(place);
        grid.layoutYProperty().addListener(place);
        findBar.visibleProperty().addListener(place);
        findField
                .textProperty()
                .addListener((obs, old, text) -> viewModel.loaded().finder().find(text));
        findStatusLabel.textProperty().bind(viewModel.loaded().finder().statusProperty());
        findNextButton.setOnAction(e -> viewModel.loaded().finder().next());
        findPreviousButton.setOnAction(e -> viewModel.loaded().finder().previous());
        findCloseButton.setOnAction(e -> closeFind());
        findField.addEventFilter(
                KeyEvent.KEY_PRESSED,
                e -> {
                    if (e.getCode() == KeyCode.ENTER) {
                        if (e.isShiftDown()) {
                            viewModel.loaded().finder().previous();
                        } else {
                            viewModel.loaded().finder().next();
                        }
                        e.consume();
                    } else if (e.getCode() == KeyCode.ESCAPE) {
                        closeFind();
                        e.consume();
                    }
                });
        findField.setPromptText("a value in the loaded rows");
        tooltip(findField, "Find the loaded rows holding this text in a value (any case); no read");
        tooltip(findNextButton, "Next match (Enter, F3)");
        tooltip(findPreviousButton, "Previous match (Shift+Enter, Shift+F3)");
        tooltip(findCloseButton, "Close the find (Esc)");
    }

    /** Opens the find over the loaded rows (Ctrl/Cmd+F), with the caret in its field. */
    public void showFind() {
        findBar.setVisible(true);
        findField.requestFocus();
        findField.selectAll();
        if (!findField.getText().isEmpty()) {
            viewModel.loaded().finder().find(findField.getText());
        }
    }

    private void closeFind() {
        findBar.setVisible(false);
        viewModel.loaded().finder().find("");
        grid.requestFocus();
    }

    /** Opens the saved reads and history (Ctrl/Cmd+Y). */
    public void showSavedReads() {
        if (savedReads != null && root.getScene() != null) {
            SavedReadsView.show(root.getScene().getWindow(), savedReads);
        }
    }

    // ---- the grid ----------------------------------------------------------------------------

    private void bindGrid() {
        grid.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        grid.setItems(viewModel.rows());
        menus = new RowMenus(viewModel, grid, this::fold, () -> export(true, TransferFormat.JSON));
        FrozenColumns frozen = new FrozenColumns(grid);
        frozen.bind();
        cells = new CollectionCells(viewModel, menus, this::fold, frozen);
        grid.setRowFactory(table -> cells.row());
        cells.setCompact(grid, tools.compactRowsProperty().get());
        tools.compactRowsProperty()
                .addListener((obs, was, compact) -> cells.setCompact(grid, compact));
        new GridColumns(viewModel, grid, cells, frozen).bind();
        grid.getSelectionModel()
                .selectedItemProperty()
                .addListener((obs, old, row) -> viewModel.loaded().select(row));
        viewModel
                .loaded()
                .rowToSelectProperty()
                .addListener(
                        (obs, old, row) -> {
                            if (row.intValue() >= 0) {
                                grid.getSelectionModel().clearAndSelect(row.intValue());
                                grid.scrollTo(row.intValue());
                            }
                        });
        grid.setOnKeyPressed(this::gridKey);
        // F2 edits the selected item here too: the table itself would take it to edit a cell
        grid.addEventFilter(
                KeyEvent.KEY_PRESSED,
                e -> {
                    if (e.getCode() == KeyCode.F2
                            && grid.getSelectionModel().getSelectedItem()
                                    instanceof CollectionRow.ItemRow row) {
                        viewModel.requestEdit(row.item(), false);
                        e.consume();
                    }
                });
        // the context-menu key (or Shift+F10) opens the menu of the selected row
        grid.setOnContextMenuRequested(
                e -> {
                    if (e.isKeyboardTrigger()) {
                        showMenuOfSelectedRow();
                        e.consume();
                    }
                });
        // folds, the collections' order and headers' figures change the rows without moving them
        viewModel.loaded().rowsRestyledProperty().addListener((obs, old, now) -> cells.restyle());

        showWhen(viewModel.canLoadMoreProperty(), loadMoreBar);
        tooltip(loadMoreButton, "Continue the read where its limit stopped it");
        loadMoreButton.setOnAction(e -> viewModel.loadMore());
        loadMoreButton.disableProperty().bind(viewModel.runningProperty());
        loadMoreLabel.textProperty().bind(viewModel.totalsProperty());
        tooltip(
                loadMoreLabel,
                "Loaded: the items this tab holds now, and what all of its requests have"
                        + " cost; the status bar's Last read is the latest read alone");
        ProgressIndicator busy = new ProgressIndicator();
        busy.setPrefSize(16, 16);
        busy.visibleProperty().bind(viewModel.busyProperty());
        loadMoreBar.getChildren().add(busy);
    }

    private void fold(ItemCollection collection) {
        int index = grid.getSelectionModel().getSelectedIndex();
        viewModel.loaded().toggleCollapsed(collection);
        if (index >= 0) {
            grid.getSelectionModel().clearAndSelect(Math.min(index, viewModel.rows().size() - 1));
        }
    }

    /**
     * The grid's keys: Delete asks to delete the selection, Enter edits the selected item, Space
     * and the arrows fold a header, Ctrl/Cmd+C copies the selection as JSON and Ctrl/Cmd+Shift+C
     * the selected item's key.
     */
    private void gridKey(KeyEvent e) {
        CollectionRow row = grid.getSelectionModel().getSelectedItem();
        if (e.getCode() == KeyCode.DELETE) {
            deleteSelection();
        } else if (RowMenus.COPY_KEY.match(e) && row instanceof CollectionRow.ItemRow itemRow) {
            copy(viewModel.keyText(itemRow.item()));
        } else if (RowMenus.COPY.match(e) && !menus.selectedItems().isEmpty()) {
            RowMenus.copyItems(menus.selectedItems(), false);
        } else if (EDIT_KEY.match(e) && row instanceof CollectionRow.ItemRow itemRow) {
            viewModel.requestEdit(itemRow.item(), false);
        } else if (row instanceof CollectionRow.Header header
                && (e.getCode() == KeyCode.SPACE
                        || e.getCode() == KeyCode.LEFT
                        || e.getCode() == KeyCode.RIGHT)) {
            fold(header.collection());
        } else {
            return;
        }
        e.consume();
    }

    private void showMenuOfSelectedRow() {
        int index = grid.getSelectionModel().getSelectedIndex();
        if (index < 0 || index >= viewModel.rows().size()) {
            return;
        }
        CollectionRow row = viewModel.rows().get(index);
        String firstColumn =
                grid.getColumns().isEmpty() ? "" : (String) grid.getColumns().get(0).getUserData();
        ContextMenu menu =
                row instanceof CollectionRow.ItemRow itemRow
                        ? menus.itemMenu(itemRow.item(), firstColumn)
                        : menus.headerMenu(row.collection());
        Node shownRow =
                grid.lookupAll(".table-row-cell").stream()
                        .filter(n -> n instanceof TableRow<?> r && r.getIndex() == index)
                        .findFirst()
                        .orElse(grid);
        Bounds at = shownRow.localToScreen(shownRow.getLayoutBounds());
        if (at != null) {
            menu.show(grid, at.getMinX() + 24, at.getMaxY());
        }
    }

    /** Asks to delete the selected items (the items of a selected header's collection too). */
    public void deleteSelection() {
        viewModel.requestDelete(menus.selectedItems());
    }

    // ---- actions the menu bar and keyboard reach -----------------------------------------------

    private void installKeys() {
        root.addEventFilter(
                KeyEvent.KEY_PRESSED,
                e -> {
                    if (RUN_KEY.match(e)) {
                        // one meaning wherever the focus is in the tab: a field of the read bar
                        // or behind More, a spinner, the grid with a row selected, a tool window
                        readBarView.run();
                        e.consume();
                    } else if (new KeyCodeCombination(KeyCode.DOWN, KeyCombination.SHORTCUT_DOWN)
                            .match(e)) {
                        jumpToCollection(true);
                        e.consume();
                    } else if (new KeyCodeCombination(KeyCode.UP, KeyCombination.SHORTCUT_DOWN)
                            .match(e)) {
                        jumpToCollection(false);
                        e.consume();
                    } else if (FIND_KEY.match(e)) {
                        // inside a table tab, Ctrl/Cmd+F finds in its rows (before the shell's
                        // "find table", which the sidebar's field keeps)
                        showFind();
                        e.consume();
                    } else if (SAVED_READS_KEY.match(e)) {
                        showSavedReads();
                        e.consume();
                    } else if (e.getCode() == KeyCode.F3
                            && !viewModel.loaded().finder().textProperty().get().isEmpty()) {
                        if (e.isShiftDown()) {
                            viewModel.loaded().finder().previous();
                        } else {
                            viewModel.loaded().finder().next();
                        }
                        e.consume();
                    } else if (e.getCode() == KeyCode.ESCAPE && viewModel.runningProperty().get()) {
                        viewModel.cancel();
                        e.consume();
                    }
                });
    }

    private void jumpToCollection(boolean forward) {
        int target =
                viewModel
                        .loaded()
                        .neighbourCollectionRow(
                                grid.getSelectionModel().getSelectedIndex(), forward);
        if (target >= 0) {
            grid.getSelectionModel().clearAndSelect(target);
            grid.scrollTo(target);
            grid.requestFocus();
        }
    }

    /** Puts the caret in the read bar's key field (or the filter of a Scan). */
    public void focusReadBar() {
        readBarView.focus();
    }

    /**
     * Shows the table's description — keys, billing, approximate size, TTL, stream, and each index
     * — as aligned figures, and says how old DynamoDB's item count and size can be.
     */
    public void showDescription() {
        TableInfo info = viewModel.tableInfoProperty().get();
        if (info != null) {
            TableDescriptionWindow.show(root.getScene().getWindow(), info);
        }
    }

    /** Asks where to write the items and exports them: everything loaded, or the selection. */
    public void export(boolean selectionOnly, TransferFormat format) {
        List<Item> items = selectionOnly ? menus.selectedItems() : viewModel.loadedItems();
        if (items.isEmpty()) {
            Alert none =
                    new Alert(
                            Alert.AlertType.INFORMATION,
                            selectionOnly
                                    ? "Select rows or collections to export first."
                                    : "There is nothing to export: no items are loaded.");
            DialogService.over(none, root.getScene().getWindow());
            none.showAndWait();
            return;
        }
        FileChooser chooser = new FileChooser();
        chooser.setTitle(String.format(Locale.ROOT, "Export %,d items", items.size()));
        chooser.setInitialFileName(viewModel.tableName() + "." + format.extension());
        File file = FileFolders.showSave(chooser, root.getScene().getWindow());
        if (file != null) {
            viewModel.export(items, format, file.toPath());
        }
    }
}

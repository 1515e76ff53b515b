package io.dynoscope.ui.grid;

import io.dynoscope.core.collection.CollectionOrder;
import io.dynoscope.core.collection.CollectionRow;
import io.dynoscope.core.collection.ItemCollection;
import io.dynoscope.core.collection.ItemOrder;
import io.dynoscope.core.collection.ShardedCollection;
import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.DynamoJson;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.PlainJson;
import io.dynoscope.core.item.ValueText;
import io.dynoscope.core.transfer.ExportFormat;
import io.dynoscope.repository.TableInfo;
import io.dynoscope.service.access.WriteAccess;
import io.dynoscope.service.read.FanOutRead;
import io.dynoscope.service.read.QueryHint;
import io.dynoscope.service.read.ReadMode;
import io.dynoscope.ui.common.ToolWindows;
import io.dynoscope.ui.common.Views;
import java.io.File;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import javafx.beans.binding.Bindings;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.value.ObservableValue;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.geometry.Bounds;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Control;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableColumn.SortType;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.util.StringConverter;

/**
 * Binds one table tab — the read bar, the grouped grid, and the tool windows beside and below it —
 * to its view model.
 */
public final class ItemGridView {

    private static final double ROW_HEIGHT = 24;
    private static final KeyCombination COPY =
            new KeyCodeCombination(KeyCode.C, KeyCombination.SHORTCUT_DOWN);
    private static final KeyCombination COPY_KEY =
            new KeyCodeCombination(
                    KeyCode.C, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN);

    private static final KeyCombination FIND_KEY =
            new KeyCodeCombination(KeyCode.F, KeyCombination.SHORTCUT_DOWN);
    private static final KeyCombination SAVED_READS_KEY =
            new KeyCodeCombination(KeyCode.Y, KeyCombination.SHORTCUT_DOWN);

    /** The user data of the entity column, which no attribute name can equal. */
    private static final String ENTITY_COLUMN = "\u0000entity";

    private final ItemGridViewModel viewModel;
    private final ReadBarViewModel bar;
    private SavedReadsViewModel savedReads;
    private final ToolWindows tools;
    private final Node inspector;
    private final Map<ToolWindows.Bottom, Node> bottomTools;
    private final Set<ExpandedCell> expanded = new HashSet<>();
    private boolean arrangingColumns;
    private final TabPane bottomPane = new TabPane();
    private final Set<SplitPane.Divider> boundDividers =
            Collections.newSetFromMap(new IdentityHashMap<>());

    @FXML private BorderPane root;
    @FXML private ChoiceBox<ReadMode> modeChoice;
    @FXML private ComboBox<String> indexChoice;
    @FXML private Label partitionKeyLabel;
    @FXML private TextField partitionKeyField;
    @FXML private Label sortKeyLabel;
    @FXML private ComboBox<SortKeyCondition.Operator> sortKeyOperatorChoice;
    @FXML private TextField sortKeyField;
    @FXML private Label andLabel;
    @FXML private TextField sortKeyUpperField;
    @FXML private CheckBox newestFirstCheck;
    @FXML private ToggleButton moreToggle;
    @FXML private Button runButton;
    @FXML private Button cancelButton;
    @FXML private GridPane morePane;
    @FXML private TextField filterField;
    @FXML private TextField projectionField;
    @FXML private TextField namesField;
    @FXML private TextField valuesField;
    @FXML private Spinner<Integer> limitSpinner;
    @FXML private Label segmentsLabel;
    @FXML private Spinner<Integer> segmentsSpinner;
    @FXML private CheckBox consistentCheck;
    @FXML private TextField parentMarkerField;
    @FXML private Label messageLabel;
    @FXML private SplitPane verticalSplit;
    @FXML private SplitPane horizontalSplit;
    @FXML private TableView<CollectionRow> grid;
    @FXML private Button savedReadsButton;
    @FXML private HBox hintBar;
    @FXML private Label hintLabel;
    @FXML private Button hintButton;
    @FXML private Button hintCloseButton;
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
        this.bar = viewModel.readBar();
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
        bindReadBar();
        bindHint();
        bindGrid();
        bindFind();
        bindToolWindows();
        installKeys();
    }

    // ---- the read bar ------------------------------------------------------------------------

    private void bindReadBar() {
        modeChoice.getItems().setAll(ReadMode.values());
        modeChoice.valueProperty().bindBidirectional(bar.modeProperty());
        indexChoice.setItems(bar.indexChoices());
        indexChoice.valueProperty().bindBidirectional(bar.indexProperty());
        partitionKeyLabel
                .textProperty()
                .bind(Bindings.concat(bar.partitionKeyNameProperty(), " ="));
        partitionKeyField.textProperty().bindBidirectional(bar.partitionKeyValueProperty());
        sortKeyLabel.textProperty().bind(bar.sortKeyNameProperty());
        sortKeyOperatorChoice.getItems().add(null);
        sortKeyOperatorChoice.getItems().addAll(SortKeyCondition.Operator.values());
        sortKeyOperatorChoice.setConverter(
                new StringConverter<>() {
                    @Override
                    public String toString(SortKeyCondition.Operator op) {
                        return op == null ? "any" : op.toString();
                    }

                    @Override
                    public SortKeyCondition.Operator fromString(String text) {
                        return null;
                    }
                });
        sortKeyOperatorChoice.valueProperty().bindBidirectional(bar.sortKeyOperatorProperty());
        sortKeyField.textProperty().bindBidirectional(bar.sortKeyValueProperty());
        sortKeyUpperField.textProperty().bindBidirectional(bar.sortKeyUpperProperty());
        newestFirstCheck.selectedProperty().bindBidirectional(bar.newestFirstProperty());
        filterField.textProperty().bindBidirectional(bar.filterProperty());
        projectionField.textProperty().bindBidirectional(bar.projectionProperty());
        namesField.textProperty().bindBidirectional(bar.namesProperty());
        valuesField.textProperty().bindBidirectional(bar.valuesProperty());
        consistentCheck.selectedProperty().bindBidirectional(bar.consistentReadProperty());
        parentMarkerField.textProperty().bindBidirectional(bar.parentMarkerProperty());
        limitSpinner.setValueFactory(
                new SpinnerValueFactory.IntegerSpinnerValueFactory(
                        0, 10_000_000, bar.limitProperty().get(), 100));
        bindSpinner(limitSpinner, bar.limitProperty());
        segmentsSpinner.setValueFactory(
                new SpinnerValueFactory.IntegerSpinnerValueFactory(
                        1, ReadBarViewModel.MAX_SEGMENTS, bar.segmentsProperty().get()));
        bindSpinner(segmentsSpinner, bar.segmentsProperty());

        // hints are prompts in the prompt colour, never values
        partitionKeyField
                .promptTextProperty()
                .bind(Bindings.concat("e.g. a value of ", bar.partitionKeyNameProperty()));
        sortKeyField.setPromptText("e.g. PROJ#");
        sortKeyUpperField.setPromptText("upper bound");
        filterField.setPromptText("e.g. #st = :st");
        projectionField.setPromptText("e.g. #n, Detail");
        namesField.setPromptText("e.g. {\"#st\": \"status\"}");
        valuesField.setPromptText("e.g. {\":st\": {\"S\": \"ACTIVE\"}}");

        var query = bar.modeProperty().isEqualTo(ReadMode.QUERY);
        var get = bar.modeProperty().isEqualTo(ReadMode.GET);
        var keyed = query.or(get);
        showWhen(keyed, partitionKeyLabel, partitionKeyField);
        showWhen(keyed.and(bar.sortKeyNameProperty().isNotEmpty()), sortKeyLabel, sortKeyField);
        showWhen(query.and(bar.sortKeyNameProperty().isNotEmpty()), sortKeyOperatorChoice);
        showWhen(query, newestFirstCheck);
        showWhen(get.not(), indexChoice);
        showWhen(
                query.and(
                        bar.sortKeyOperatorProperty().isEqualTo(SortKeyCondition.Operator.BETWEEN)),
                andLabel,
                sortKeyUpperField);
        showWhen(bar.modeProperty().isEqualTo(ReadMode.SCAN), segmentsLabel, segmentsSpinner);
        sortKeyField.disableProperty().bind(query.and(bar.sortKeyOperatorProperty().isNull()));

        moreToggle
                .textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () ->
                                        bar.moreInUseProperty().get() == 0
                                                ? "More"
                                                : "More (" + bar.moreInUseProperty().get() + ")",
                                bar.moreInUseProperty()));
        showWhen(moreToggle.selectedProperty(), morePane);

        savedReadsButton.setOnAction(e -> showSavedReads());
        showWhen(Bindings.createBooleanBinding(() -> savedReads != null), savedReadsButton);
        runButton.setOnAction(e -> viewModel.run());
        cancelButton.setOnAction(e -> viewModel.cancel());
        showWhen(viewModel.runningProperty().not(), runButton);
        showWhen(viewModel.runningProperty(), cancelButton);
        runButton.disableProperty().bind(viewModel.tableInfoProperty().isNull());

        messageLabel.textProperty().bind(viewModel.messageProperty());
        showWhen(viewModel.messageProperty().isNotEmpty(), messageLabel);
        bar.problemProperty().addListener((obs, old, problem) -> markProblem(problem));

        tooltip(
                modeChoice,
                "Query one item collection, Scan the table, or get one item by its key");
        tooltip(indexChoice, "Read the table or one of its indexes");
        tooltip(
                partitionKeyField,
                "The partition-key value of the item collection to read; a shard range such as"
                        + " WS#acme#{01..10} reads every shard as one collection");
        tooltip(sortKeyOperatorChoice, "How to narrow the collection by its sort key");
        tooltip(sortKeyField, "The sort-key value to compare with");
        tooltip(sortKeyUpperField, "The upper bound of BETWEEN");
        tooltip(newestFirstCheck, "Read in descending sort-key order (ScanIndexForward = false)");
        tooltip(
                moreToggle,
                "Filter, projection, placeholder maps, limit, segments, consistent read");
        tooltip(runButton, "Run the read (Ctrl/Cmd+Enter)");
        tooltip(
                savedReadsButton,
                "Saved reads and the history of reads: run one again (Ctrl/Cmd+Y)");
        tooltip(cancelButton, "Stop the read (Esc); what arrived stays");
        tooltip(filterField, "FilterExpression: applied after the read, so it costs the same RCU");
        tooltip(projectionField, "ProjectionExpression: the attributes to return (keys are added)");
        tooltip(namesField, "ExpressionAttributeNames as JSON");
        tooltip(valuesField, "ExpressionAttributeValues as DynamoDB JSON");
        tooltip(limitSpinner, "Stop after this many items; Load more continues (0: no limit)");
        tooltip(segmentsSpinner, "Parallel Scan segments (TotalSegments)");
        tooltip(consistentCheck, "Strongly consistent read (twice the RCU; not on a GSI)");
        tooltip(
                parentMarkerField,
                "The sort-key value of an item collection's parent, shown first");
        tooltip(loadMoreButton, "Continue the read where its limit stopped it");
    }

    private static void bindSpinner(Spinner<Integer> spinner, IntegerProperty value) {
        spinner.getValueFactory()
                .valueProperty()
                .addListener(
                        (obs, old, now) -> {
                            if (now != null && now != value.get()) {
                                value.set(now);
                            }
                        });
        value.addListener((obs, old, now) -> spinner.getValueFactory().setValue(now.intValue()));
        // a typed number counts as soon as the field loses focus, not only on Enter
        spinner.focusedProperty()
                .addListener(
                        (obs, was, is) -> {
                            if (!is) {
                                spinner.increment(0);
                            }
                        });
    }

    private static void showWhen(ObservableValue<Boolean> condition, Node... nodes) {
        for (Node node : nodes) {
            node.visibleProperty().bind(condition);
            node.managedProperty().bind(condition);
        }
    }

    private static void tooltip(Control control, String text) {
        control.setTooltip(new Tooltip(text));
    }

    private void markProblem(ReadBarViewModel.Problem problem) {
        List<TextInputControl> fields =
                List.of(
                        partitionKeyField,
                        sortKeyField,
                        sortKeyUpperField,
                        filterField,
                        projectionField,
                        namesField,
                        valuesField);
        fields.forEach(f -> f.getStyleClass().remove("field-problem"));
        if (problem == null) {
            return;
        }
        TextInputControl field =
                switch (problem.field()) {
                    case PARTITION_KEY -> partitionKeyField;
                    case SORT_KEY -> sortKeyField;
                    case SORT_KEY_UPPER -> sortKeyUpperField;
                    case FILTER -> filterField;
                    case PROJECTION -> projectionField;
                    case NAMES -> namesField;
                    case VALUES -> valuesField;
                    case LIMIT, SEGMENTS -> null;
                };
        if (problem.field().ordinal() >= ReadBarViewModel.Field.FILTER.ordinal()) {
            moreToggle.setSelected(true);
        }
        if (field != null) {
            field.getStyleClass().add("field-problem");
            field.requestFocus();
            if (problem.column() > 0) {
                field.positionCaret(Math.min(problem.column() - 1, field.getLength()));
            }
        }
    }

    // ---- the Query-not-Scan hint ---------------------------------------------------------------

    private void bindHint() {
        var hinted = viewModel.queryHintProperty().isNotNull();
        showWhen(hinted, hintBar);
        hintLabel
                .textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () -> {
                                    QueryHint hint = viewModel.queryHintProperty().get();
                                    return hint == null ? "" : hint.message();
                                },
                                viewModel.queryHintProperty()));
        hintButton.setOnAction(e -> viewModel.runHintedQuery());
        viewModel
                .queryHintProperty()
                .addListener(
                        (obs, old, now) -> {
                            // a new hint shows again after the person closed the last one
                            hintBar.visibleProperty().unbind();
                            hintBar.managedProperty().unbind();
                            showWhen(hinted, hintBar);
                        });
        hintCloseButton.setOnAction(
                e -> {
                    hintBar.visibleProperty().unbind();
                    hintBar.managedProperty().unbind();
                    hintBar.setVisible(false);
                    hintBar.setManaged(false);
                });
        tooltip(
                hintButton,
                "Run this Query instead: the read bar turns into it and only the collection is read");
        tooltip(hintCloseButton, "Hide this hint");
    }

    // ---- finding in the loaded rows ----------------------------------------------------------

    private void bindFind() {
        findBar.setVisible(false);
        findBar.setManaged(false);
        findField.textProperty().addListener((obs, old, text) -> viewModel.finder().find(text));
        findStatusLabel.textProperty().bind(viewModel.finder().statusProperty());
        findNextButton.setOnAction(e -> viewModel.finder().next());
        findPreviousButton.setOnAction(e -> viewModel.finder().previous());
        findCloseButton.setOnAction(e -> closeFind());
        findField.addEventFilter(
                KeyEvent.KEY_PRESSED,
                e -> {
                    if (e.getCode() == KeyCode.ENTER) {
                        if (e.isShiftDown()) {
                            viewModel.finder().previous();
                        } else {
                            viewModel.finder().next();
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
        findBar.setManaged(true);
        findField.requestFocus();
        findField.selectAll();
        if (!findField.getText().isEmpty()) {
            viewModel.finder().find(findField.getText());
        }
    }

    private void closeFind() {
        findBar.setVisible(false);
        findBar.setManaged(false);
        viewModel.finder().find("");
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
        grid.setRowFactory(table -> new CollectionTableRow());
        grid.setFixedCellSize(ROW_HEIGHT);
        // a column header orders the items inside each collection, never the rows themselves
        grid.setSortPolicy(table -> orderItemsAsSorted());
        viewModel.itemOrderProperty().addListener((obs, old, order) -> showItemOrder(order));
        viewModel.entityLabelsProperty().addListener((obs, old, labels) -> rebuildColumns());
        grid.getSelectionModel()
                .selectedItemProperty()
                .addListener((obs, old, row) -> viewModel.select(row));
        viewModel
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
        rebuildColumns();
        viewModel.columns().addListener((ListChangeListener<String>) change -> rebuildColumns());
        viewModel
                .columnOrder()
                .addListener((ListChangeListener<String>) change -> rebuildColumns());
        grid.getColumns()
                .addListener(
                        (ListChangeListener<TableColumn<CollectionRow, ?>>)
                                change -> columnsDragged());
        // folds, the collections' order and headers' figures change the rows without moving them
        viewModel.rowsRestyledProperty().addListener((obs, old, now) -> grid.refresh());

        showWhen(viewModel.canLoadMoreProperty(), loadMoreBar);
        loadMoreButton.setOnAction(e -> viewModel.loadMore());
        loadMoreButton.disableProperty().bind(viewModel.runningProperty());
        loadMoreLabel.textProperty().bind(viewModel.totalsProperty());
        ProgressIndicator busy = new ProgressIndicator();
        busy.setPrefSize(16, 16);
        busy.visibleProperty().bind(viewModel.runningProperty());
        loadMoreBar.getChildren().add(busy);
    }

    /** The header the person clicked orders the items of each collection by that attribute. */
    private boolean orderItemsAsSorted() {
        if (showingItemOrder) {
            return true;
        }
        TableColumn<CollectionRow, ?> first =
                grid.getSortOrder().isEmpty() ? null : grid.getSortOrder().get(0);
        ItemOrder order =
                first == null || ENTITY_COLUMN.equals(first.getUserData())
                        ? null
                        : new ItemOrder(
                                (String) first.getUserData(),
                                first.getSortType() == SortType.DESCENDING);
        if (!Objects.equals(order, viewModel.itemOrderProperty().get())) {
            viewModel.orderItems(order);
        }
        return true;
    }

    private boolean showingItemOrder;

    /** Shows the items' order as the sort arrow of its column (none for the sort key's order). */
    private void showItemOrder(ItemOrder order) {
        showingItemOrder = true;
        try {
            grid.getSortOrder().clear();
            if (order != null) {
                grid.getColumns().stream()
                        .filter(c -> order.attribute().equals(c.getUserData()))
                        .findFirst()
                        .ifPresent(
                                column -> {
                                    column.setSortType(
                                            order.descending()
                                                    ? SortType.DESCENDING
                                                    : SortType.ASCENDING);
                                    grid.getSortOrder().add(column);
                                });
            }
        } finally {
            showingItemOrder = false;
        }
    }

    private void fold(ItemCollection collection) {
        int index = grid.getSelectionModel().getSelectedIndex();
        viewModel.toggleCollapsed(collection);
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
        } else if (COPY_KEY.match(e) && row instanceof CollectionRow.ItemRow itemRow) {
            copyText(viewModel.keyText(itemRow.item()));
        } else if (COPY.match(e) && !selectedItems().isEmpty()) {
            copy(selectedItems(), false);
        } else if (e.getCode() == KeyCode.ENTER && row instanceof CollectionRow.ItemRow itemRow) {
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
                        ? itemMenu(itemRow.item(), firstColumn)
                        : headerMenu(row.collection());
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
        viewModel.requestDelete(selectedItems());
    }

    /**
     * Shows the read's attributes as columns in the user's order ({@link
     * ItemGridViewModel#arrangedColumns()}), reusing the columns already shown; a header the user
     * drags records the new order, and a column the user hides stays hidden.
     */
    private void rebuildColumns() {
        List<TableColumn<CollectionRow, ?>> existing = new ArrayList<>(grid.getColumns());
        List<TableColumn<CollectionRow, ?>> arranged = new ArrayList<>();
        for (String name : viewModel.arrangedColumns()) {
            arranged.add(
                    existing.stream()
                            .filter(c -> name.equals(c.getUserData()))
                            .findFirst()
                            .orElseGet(() -> attributeColumn(name)));
        }
        if (viewModel.entityLabelsProperty().get() != null) {
            // after the partition key, whose column carries the collection headers
            arranged.add(
                    Math.min(1, arranged.size()),
                    existing.stream()
                            .filter(c -> ENTITY_COLUMN.equals(c.getUserData()))
                            .findFirst()
                            .orElseGet(this::entityColumn));
        }
        if (!arranged.equals(grid.getColumns())) {
            arrangingColumns = true;
            try {
                grid.getColumns().setAll(arranged);
            } finally {
                arrangingColumns = false;
            }
            showItemOrder(viewModel.itemOrderProperty().get());
        }
        if (!arranged.isEmpty()) {
            arranged.get(0).setPrefWidth(280);
        }
    }

    /** A drag of a header moves a column: the view model keeps the order. */
    private void columnsDragged() {
        List<String> shown =
                grid.getColumns().stream()
                        .map(c -> (String) c.getUserData())
                        .filter(name -> !ENTITY_COLUMN.equals(name))
                        .toList();
        // a drag takes the column out and puts it back: only the whole list is an order
        if (!arrangingColumns
                && shown.size() == viewModel.columns().size()
                && shown.containsAll(viewModel.columns())) {
            viewModel.columnsMoved(shown);
        }
    }

    private TableColumn<CollectionRow, CollectionRow> attributeColumn(String name) {
        TableColumn<CollectionRow, CollectionRow> column = new TableColumn<>(name);
        column.setUserData(name);
        column.setSortable(true);
        column.setPrefWidth(140);
        column.setCellValueFactory(features -> new ReadOnlyObjectWrapper<>(features.getValue()));
        column.setCellFactory(c -> new AttributeCell(name));
        column.setVisible(!viewModel.hiddenColumns().contains(name));
        column.visibleProperty()
                .addListener(
                        (obs, was, visible) -> {
                            if (visible) {
                                viewModel.hiddenColumns().remove(name);
                            } else {
                                viewModel.hiddenColumns().add(name);
                            }
                        });
        return column;
    }

    /** The entity of each row, from the table's model, as a coloured label. */
    private TableColumn<CollectionRow, CollectionRow> entityColumn() {
        TableColumn<CollectionRow, CollectionRow> column = new TableColumn<>("entity");
        column.setUserData(ENTITY_COLUMN);
        column.setSortable(false);
        column.setPrefWidth(110);
        column.setCellValueFactory(features -> new ReadOnlyObjectWrapper<>(features.getValue()));
        column.setCellFactory(c -> new EntityCell());
        return column;
    }

    private List<Item> selectedItems() {
        List<Item> items = new ArrayList<>();
        for (CollectionRow row : grid.getSelectionModel().getSelectedItems()) {
            if (row instanceof CollectionRow.ItemRow itemRow) {
                items.add(itemRow.item());
            } else if (row instanceof CollectionRow.Header header) {
                items.addAll(header.collection().items());
            }
        }
        return items;
    }

    // ---- tool windows ------------------------------------------------------------------------

    private void bindToolWindows() {
        bottomPane.getStyleClass().add("tool-window");
        for (ToolWindows.Bottom tool : ToolWindows.Bottom.values()) {
            Node content = bottomTools.get(tool);
            if (content != null) {
                Tab tab = new Tab(tool.title(), content);
                tab.setUserData(tool);
                tab.setClosable(true);
                tab.setOnCloseRequest(
                        e -> {
                            e.consume();
                            tools.bottomProperty().set(ToolWindows.Bottom.NONE);
                        });
                bottomPane.getTabs().add(tab);
            }
        }
        bottomPane
                .getSelectionModel()
                .selectedItemProperty()
                .addListener(
                        (obs, old, tab) -> {
                            if (tab != null
                                    && tools.bottomProperty().get() != ToolWindows.Bottom.NONE) {
                                tools.bottomProperty().set((ToolWindows.Bottom) tab.getUserData());
                            }
                        });
        SplitPane.setResizableWithParent(inspector, false);
        layoutToolWindows();
        tools.inspectorShownProperty().addListener((obs, old, now) -> layoutToolWindows());
        tools.bottomProperty().addListener((obs, old, now) -> layoutToolWindows());
        // dividers follow the shared sizes, and dragging one sets them for every tab
        horizontalSplit
                .getDividers()
                .addListener((ListChangeListener<SplitPane.Divider>) c -> bindDividers());
        verticalSplit
                .getDividers()
                .addListener((ListChangeListener<SplitPane.Divider>) c -> bindDividers());
        bindDividers();
    }

    private void layoutToolWindows() {
        boolean inspectorShown = tools.inspectorShownProperty().get() && inspector != null;
        if (inspectorShown && !horizontalSplit.getItems().contains(inspector)) {
            horizontalSplit.getItems().add(inspector);
        } else if (!inspectorShown) {
            horizontalSplit.getItems().remove(inspector);
        }
        ToolWindows.Bottom bottom = tools.bottomProperty().get();
        boolean bottomShown = bottom != ToolWindows.Bottom.NONE && bottomTools.containsKey(bottom);
        if (bottomShown) {
            bottomPane.getTabs().stream()
                    .filter(t -> t.getUserData() == bottom)
                    .findFirst()
                    .ifPresent(t -> bottomPane.getSelectionModel().select(t));
            if (!verticalSplit.getItems().contains(bottomPane)) {
                verticalSplit.getItems().add(bottomPane);
            }
        } else {
            verticalSplit.getItems().remove(bottomPane);
        }
    }

    private void bindDividers() {
        bindDivider(horizontalSplit, tools.inspectorDividerProperty());
        bindDivider(verticalSplit, tools.bottomDividerProperty());
    }

    private void bindDivider(SplitPane split, DoubleProperty shared) {
        if (split.getDividers().isEmpty()) {
            return;
        }
        SplitPane.Divider divider = split.getDividers().get(0);
        if (!boundDividers.add(divider)) {
            return;
        }
        divider.setPosition(shared.get());
        divider.positionProperty().bindBidirectional(shared);
    }

    // ---- actions the menu bar and keyboard reach -----------------------------------------------

    private void installKeys() {
        root.addEventFilter(
                KeyEvent.KEY_PRESSED,
                e -> {
                    if (new KeyCodeCombination(KeyCode.DOWN, KeyCombination.SHORTCUT_DOWN)
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
                            && !viewModel.finder().textProperty().get().isEmpty()) {
                        if (e.isShiftDown()) {
                            viewModel.finder().previous();
                        } else {
                            viewModel.finder().next();
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
                viewModel.neighbourCollectionRow(
                        grid.getSelectionModel().getSelectedIndex(), forward);
        if (target >= 0) {
            grid.getSelectionModel().clearAndSelect(target);
            grid.scrollTo(target);
            grid.requestFocus();
        }
    }

    /** Puts the caret in the read bar's key field (or the filter of a Scan). */
    public void focusReadBar() {
        (bar.modeProperty().get() == ReadMode.SCAN ? moreToggleAndFilter() : partitionKeyField)
                .requestFocus();
    }

    private TextField moreToggleAndFilter() {
        moreToggle.setSelected(true);
        return filterField;
    }

    /** Asks where to write the items and exports them: everything loaded, or the selection. */
    public void export(boolean selectionOnly, ExportFormat format) {
        List<Item> items = selectionOnly ? selectedItems() : viewModel.loadedItems();
        if (items.isEmpty()) {
            Alert none =
                    new Alert(
                            Alert.AlertType.INFORMATION,
                            selectionOnly
                                    ? "Select rows or collections to export first."
                                    : "There is nothing to export: no items are loaded.");
            none.initOwner(root.getScene().getWindow());
            none.showAndWait();
            return;
        }
        FileChooser chooser = new FileChooser();
        chooser.setTitle(String.format(Locale.ROOT, "Export %,d items", items.size()));
        chooser.setInitialFileName(viewModel.tableName() + "." + format.extension());
        File file = chooser.showSaveDialog(root.getScene().getWindow());
        if (file != null) {
            viewModel.export(items, format, file.toPath());
        }
    }

    /**
     * Shows the table's description — keys, billing, approximate size, TTL, stream, and each index
     * — as aligned figures, and says how old DynamoDB's item count and size can be.
     */
    public void showDescription() {
        TableInfo info = viewModel.tableInfoProperty().get();
        if (info == null) {
            return;
        }
        GridPane figures = new GridPane();
        figures.setId("descriptionFigures");
        figures.setHgap(16);
        figures.setVgap(4);
        int row = 0;
        for (TableDescription.Section section : TableDescription.of(info)) {
            Label title = new Label(section.title());
            title.getStyleClass().add("section-title");
            if (row > 0) {
                GridPane.setMargin(title, new Insets(10, 0, 0, 0));
            }
            figures.add(title, 0, row++, 2, 1);
            for (TableDescription.Figure figure : section.figures()) {
                Label label = new Label(figure.label());
                label.getStyleClass().add("figure-label");
                label.setMinWidth(Region.USE_PREF_SIZE);
                Label value = new Label(figure.value());
                value.getStyleClass().add("figure-value");
                value.setWrapText(true);
                figures.addRow(row++, label, value);
            }
        }
        Label note = new Label(TableDescription.FIGURES_NOTE);
        note.setId("figuresNote");
        note.setWrapText(true);
        note.getStyleClass().add("connection-message");
        VBox content = new VBox(12, figures, note);
        content.setPrefWidth(560);
        Alert alert = new Alert(Alert.AlertType.INFORMATION);
        alert.initOwner(root.getScene().getWindow());
        alert.setTitle("Table " + info.name());
        alert.setHeaderText(info.name());
        alert.getDialogPane().setContent(content);
        alert.show();
    }

    // ---- rows and cells ----------------------------------------------------------------------

    private ContextMenu itemMenu(Item item, String attribute) {
        MenuItem copyJson = new MenuItem("Copy as JSON");
        copyJson.setAccelerator(COPY);
        copyJson.setOnAction(e -> copy(selectedOr(item), false));
        MenuItem copyDynamo = new MenuItem("Copy as DynamoDB JSON");
        copyDynamo.setOnAction(e -> copy(selectedOr(item), true));
        MenuItem copyKey = new MenuItem("Copy key");
        copyKey.setAccelerator(COPY_KEY);
        copyKey.setOnAction(e -> copyText(viewModel.keyText(item)));
        MenuItem edit = new MenuItem("Edit…");
        edit.setAccelerator(new KeyCodeCombination(KeyCode.ENTER));
        edit.setOnAction(e -> viewModel.requestEdit(item, false));
        MenuItem duplicate = new MenuItem("Duplicate…");
        duplicate.setOnAction(e -> viewModel.requestEdit(item, true));
        MenuItem delete = new MenuItem("Delete…");
        delete.setAccelerator(new KeyCodeCombination(KeyCode.DELETE));
        delete.setOnAction(e -> viewModel.requestDelete(selectedOr(item)));
        ContextMenu menu = new ContextMenu(copyJson, copyDynamo, copyKey, new SeparatorMenuItem());
        AttributeValue value = item.attributes().get(attribute);
        if (value != null && ValueText.isScalar(value)) {
            MenuItem filterBy =
                    new MenuItem("Filter by " + attribute + " = " + ValueText.of(value));
            filterBy.setOnAction(e -> viewModel.filterBy(attribute, value));
            menu.getItems().add(filterBy);
        }
        MenuItem open = new MenuItem("Open this collection");
        open.setOnAction(e -> viewModel.openCollectionOf(item));
        menu.getItems().addAll(open, new SeparatorMenuItem());
        menu.getItems().addAll(orderItemsMenu(attribute));
        menu.getItems().addAll(new SeparatorMenuItem(), edit, duplicate, delete);
        // a read-only connection takes no writes
        boolean readOnly = WriteAccess.readOnly(viewModel.repository());
        edit.setDisable(readOnly);
        duplicate.setDisable(readOnly);
        delete.setDisable(readOnly);
        return menu;
    }

    /**
     * Ordering the items of every collection by the attribute under the pointer, or back by the
     * sort key; the header of a column does the same with a click.
     */
    private List<MenuItem> orderItemsMenu(String attribute) {
        List<MenuItem> items = new ArrayList<>();
        if (attribute != null && !attribute.isEmpty() && !ENTITY_COLUMN.equals(attribute)) {
            MenuItem ascending = new MenuItem("Order items by " + attribute + " ↑");
            ascending.setOnAction(e -> viewModel.orderItems(ItemOrder.ascending(attribute)));
            MenuItem descending = new MenuItem("Order items by " + attribute + " ↓");
            descending.setOnAction(e -> viewModel.orderItems(ItemOrder.descending(attribute)));
            items.add(ascending);
            items.add(descending);
        }
        MenuItem bySortKey = new MenuItem("Order items by sort key (as read)");
        bySortKey.setDisable(viewModel.itemOrderProperty().get() == null);
        bySortKey.setOnAction(e -> viewModel.orderItems(null));
        items.add(bySortKey);
        return items;
    }

    private ContextMenu headerMenu(ItemCollection collection) {
        MenuItem fold = new MenuItem(collection.isCollapsed() ? "Unfold" : "Fold");
        fold.setAccelerator(new KeyCodeCombination(KeyCode.SPACE));
        fold.setOnAction(e -> fold(collection));
        MenuItem copyKey = new MenuItem("Copy partition key");
        copyKey.setOnAction(e -> copyText(ValueText.of(collection.partitionKey())));
        MenuItem open = new MenuItem("Query this collection");
        open.setOnAction(e -> viewModel.openCollection(collection.partitionKey()));
        MenuItem exportJson = new MenuItem("Export collection as JSON…");
        exportJson.setOnAction(e -> exportCollection(collection));
        MenuItem byKey = new MenuItem("Order collections by partition key");
        byKey.setOnAction(e -> viewModel.orderCollections(CollectionOrder.PARTITION_KEY));
        MenuItem byArrival = new MenuItem("Order collections as read");
        byArrival.setOnAction(e -> viewModel.orderCollections(CollectionOrder.ARRIVAL));
        byKey.setDisable(
                viewModel.collectionOrderProperty().get() == CollectionOrder.PARTITION_KEY);
        byArrival.setDisable(viewModel.collectionOrderProperty().get() == CollectionOrder.ARRIVAL);
        MenuItem foldAll = new MenuItem("Fold all");
        foldAll.setOnAction(e -> viewModel.collapseAll());
        MenuItem unfoldAll = new MenuItem("Unfold all");
        unfoldAll.setOnAction(e -> viewModel.expandAll());
        return new ContextMenu(
                fold,
                foldAll,
                unfoldAll,
                new SeparatorMenuItem(),
                copyKey,
                open,
                exportJson,
                new SeparatorMenuItem(),
                byKey,
                byArrival);
    }

    private void exportCollection(ItemCollection collection) {
        grid.getSelectionModel().clearSelection();
        grid.getSelectionModel().select(viewModel.collections().headerRow(collection));
        export(true, ExportFormat.JSON);
    }

    private List<Item> selectedOr(Item item) {
        List<Item> selected = selectedItems();
        return selected.contains(item) ? selected : List.of(item);
    }

    private static void copy(List<Item> items, boolean typed) {
        copyText(
                items.stream()
                        .map(i -> typed ? DynamoJson.write(i) : PlainJson.write(i))
                        .collect(Collectors.joining("\n")));
    }

    private static void copyText(String text) {
        ClipboardContent content = new ClipboardContent();
        content.putString(text);
        Clipboard.getSystemClipboard().setContent(content);
    }

    /** A grid row: styles headers, parents and large collections; menus for rows and headers. */
    private final class CollectionTableRow extends TableRow<CollectionRow> {
        @Override
        protected void updateItem(CollectionRow row, boolean empty) {
            super.updateItem(row, empty);
            getStyleClass()
                    .removeAll(
                            "collection-header",
                            "large-collection",
                            "parent-item",
                            "find-match",
                            "find-current");
            getStyleClass().removeIf(style -> style.startsWith("entity-row-"));
            if (empty || row == null) {
                return;
            }
            if (row instanceof CollectionRow.Header header) {
                getStyleClass().add("collection-header");
                if (header.collection().isLarge()) {
                    getStyleClass().add("large-collection");
                }
            } else if (row instanceof CollectionRow.ItemRow itemRow) {
                if (itemRow.parent()) {
                    getStyleClass().add("parent-item");
                }
                if (viewModel.finder().isCurrent(itemRow.item())) {
                    getStyleClass().add("find-current");
                } else if (viewModel.finder().isMatch(itemRow.item())) {
                    getStyleClass().add("find-match");
                }
                viewModel
                        .entityOf(itemRow.item())
                        .ifPresent(
                                label -> getStyleClass().add("entity-row-" + label.colourIndex()));
            }
        }
    }

    /**
     * One attribute of one row; the first column of a header row carries the fold arrow and the
     * collection summary. Sets show as chips; maps and lists show a summary that expands in place.
     */
    private final class AttributeCell extends TableCell<CollectionRow, CollectionRow> {
        private final String attribute;

        AttributeCell(String attribute) {
            this.attribute = attribute;
            setOnContextMenuRequested(
                    e -> {
                        CollectionRow row = getItem();
                        if (row instanceof CollectionRow.Header header) {
                            headerMenu(header.collection())
                                    .show(this, e.getScreenX(), e.getScreenY());
                        } else if (row instanceof CollectionRow.ItemRow itemRow) {
                            if (!getTableRow().isSelected()) {
                                grid.getSelectionModel().clearAndSelect(getIndex());
                            }
                            itemMenu(itemRow.item(), attribute)
                                    .show(this, e.getScreenX(), e.getScreenY());
                        }
                        e.consume();
                    });
            setOnMouseClicked(
                    e -> {
                        if (e.getButton() == MouseButton.PRIMARY
                                && e.getClickCount() == 2
                                && getItem() instanceof CollectionRow.ItemRow row) {
                            viewModel.requestEdit(row.item(), false);
                        }
                    });
            // the skin clips a cell to its bounds; a collection's header may run on over its
            // row's other, empty, cells
            skinProperty()
                    .addListener(
                            (obs, old, skin) -> {
                                skinClip = getClip();
                                applyClip();
                            });
        }

        private Node skinClip;
        private boolean overflowing;

        private void applyClip() {
            setClip(overflowing ? null : skinClip);
        }

        @Override
        protected void updateItem(CollectionRow row, boolean empty) {
            super.updateItem(row, empty);
            getStyleClass().removeAll("value-null", "value-number", "find-hit");
            setGraphic(null);
            setText(null);
            setTooltip(null);
            if (empty || row == null) {
                overflowing = false;
                applyClip();
                return;
            }
            if (row instanceof CollectionRow.Header header) {
                boolean first =
                        !getTableView().getColumns().isEmpty()
                                && getTableColumn() == getTableView().getColumns().get(0);
                if (first) {
                    setGraphic(header(header.collection()));
                }
                overflowing = first;
                applyClip();
                return;
            }
            overflowing = false;
            applyClip();
            Item item = ((CollectionRow.ItemRow) row).item();
            AttributeValue value = item.attributes().get(attribute);
            if (value == null) {
                return;
            }
            viewModel.valueNote(attribute, value).ifPresent(note -> setTooltip(new Tooltip(note)));
            if (viewModel.finder().valueMatches(value)) {
                getStyleClass().add("find-hit");
            }
            switch (value.type()) {
                case NULL -> {
                    setText("NULL");
                    getStyleClass().add("value-null");
                }
                case N -> {
                    setText(ValueText.of(value));
                    getStyleClass().add("value-number");
                }
                case SS, NS, BS -> setGraphic(chips(value));
                case M, L -> setGraphic(expandable(item, value));
                case B -> setText(ValueText.of(value) + "  ·B");
                default -> setText(ValueText.of(value));
            }
        }

        /** The fold arrow (one click folds and unfolds) and what is known of the collection. */
        private Node header(ItemCollection collection) {
            Label arrow = new Label(collection.isCollapsed() ? "▶" : "▼");
            arrow.getStyleClass().add("fold-arrow");
            arrow.setTooltip(
                    new Tooltip(collection.isCollapsed() ? "Unfold (Space)" : "Fold (Space)"));
            arrow.setOnMouseClicked(
                    e -> {
                        if (e.getButton() == MouseButton.PRIMARY) {
                            fold(collection);
                            e.consume();
                        }
                    });
            Label summary = new Label(headerText(collection, viewModel.moreAvailable(collection)));
            summary.setMinWidth(Region.USE_PREF_SIZE);
            HBox box = new HBox(6, arrow, summary);
            if (collection.sharded().isPresent()) {
                Label shards = new Label(shardCounts(collection));
                shards.getStyleClass().add("shard-counts");
                shards.setMinWidth(Region.USE_PREF_SIZE);
                box.getChildren().add(shards);
                Tooltip perShard = new Tooltip(shardTable(collection, viewModel.shardProgress()));
                perShard.getStyleClass().add("json-area");
                summary.setTooltip(perShard);
                shards.setTooltip(perShard);
            }
            box.setMinWidth(Region.USE_PREF_SIZE);
            return box;
        }

        private Node chips(AttributeValue value) {
            HBox box = new HBox(3);
            for (String member : ValueText.members(value)) {
                Label chip = new Label(member);
                chip.getStyleClass().add("set-chip");
                box.getChildren().add(chip);
            }
            Label badge = new Label(value.type().descriptor());
            badge.getStyleClass().add("type-badge");
            box.getChildren().add(badge);
            return box;
        }

        private Node expandable(Item item, AttributeValue value) {
            ExpandedCell key = new ExpandedCell(item, attribute);
            boolean open = expanded.contains(key);
            Hyperlink toggle = new Hyperlink((open ? "▾ " : "▸ ") + ValueText.of(value));
            toggle.setOnAction(
                    e -> {
                        if (!expanded.remove(key)) {
                            expanded.add(key);
                        }
                        // fixed row heights keep the grid fast; an expanded value needs rows of
                        // their own height
                        getTableView()
                                .setFixedCellSize(
                                        expanded.isEmpty() ? ROW_HEIGHT : Region.USE_COMPUTED_SIZE);
                        getTableView().refresh();
                    });
            if (!open) {
                return toggle;
            }
            Label json = new Label(PlainJson.writePretty(value));
            json.getStyleClass().add("json-area");
            json.setWrapText(true);
            return new VBox(toggle, json);
        }
    }

    /** The entity label of an item row, coloured by the entity's place in the model. */
    private final class EntityCell extends TableCell<CollectionRow, CollectionRow> {
        @Override
        protected void updateItem(CollectionRow row, boolean empty) {
            super.updateItem(row, empty);
            setText(null);
            setGraphic(null);
            if (empty || !(row instanceof CollectionRow.ItemRow itemRow)) {
                return;
            }
            viewModel
                    .entityOf(itemRow.item())
                    .ifPresent(
                            label -> {
                                Label chip = new Label(label.entity());
                                chip.getStyleClass()
                                        .addAll("entity-chip", "entity-" + label.colourIndex());
                                chip.setTooltip(
                                        new Tooltip(
                                                "Entity "
                                                        + label.entity()
                                                        + " of the table's model"));
                                setGraphic(chip);
                            });
        }
    }

    /**
     * A map or list cell the user expanded in place; items are compared by identity of the loaded
     * item.
     */
    private record ExpandedCell(Item item, String attribute) {
        @Override
        public boolean equals(Object o) {
            return o instanceof ExpandedCell other
                    && other.item == item
                    && other.attribute.equals(attribute);
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(item) * 31 + attribute.hashCode();
        }
    }

    /**
     * What a header says: the partition key, then the items loaded — "21 items" once the read has
     * the whole collection, "59 loaded · more available" while it may bring more — and the size.
     */
    static String headerText(ItemCollection collection, boolean moreAvailable) {
        String count = String.format(Locale.ROOT, "%,d", collection.itemCount());
        String items =
                moreAvailable
                        ? count + " loaded · more available"
                        : count + (collection.itemCount() == 1 ? " item" : " items");
        return collection
                        .sharded()
                        .map(ItemGridView::shardedLabel)
                        .orElseGet(() -> ValueText.of(collection.partitionKey()))
                + "   "
                + items
                + " · "
                + ValueText.bytes(collection.sizeBytes())
                + (collection.isLarge() ? "  ⚠ large collection" : "");
    }

    /**
     * What a sharded collection is called: {@code WS#acme · 10 shards}, or {@code WS#big + 10
     * shards} when the plain value's own partition is read with its shards (a model's shard group).
     */
    static String shardedLabel(ShardedCollection sharded) {
        List<AttributeValue> shards = sharded.shards();
        boolean withBase =
                shards.get(0) instanceof AttributeValue.Str base
                        && base.value().equals(sharded.name());
        int count = withBase ? shards.size() - 1 : shards.size();
        return sharded.name() + (withBase ? " + " : " · ") + count + " shards";
    }

    /**
     * Each shard's loaded items, in a line: {@code #01 12 · #02 9 · …} (the part of each shard's
     * key after the logical collection's name).
     */
    static String shardCounts(ItemCollection collection) {
        String name = collection.sharded().map(ShardedCollection::name).orElse("");
        List<String> parts = new ArrayList<>();
        for (ItemCollection.ShardCount count : collection.shardCounts()) {
            String key = ValueText.of(count.partitionKey());
            String suffix =
                    key.startsWith(name) && key.length() > name.length()
                            ? key.substring(name.length())
                            : key;
            parts.add(suffix + " " + String.format(Locale.ROOT, "%,d", count.itemCount()));
        }
        return String.join(" · ", parts);
    }

    /** Each shard's loaded items and bytes, and whether it has more to read, one line each. */
    static String shardTable(ItemCollection collection, List<FanOutRead.ShardProgress> progress) {
        StringBuilder text = new StringBuilder();
        List<ItemCollection.ShardCount> counts = collection.shardCounts();
        for (int i = 0; i < counts.size(); i++) {
            ItemCollection.ShardCount count = counts.get(i);
            text.append(
                    String.format(
                            Locale.ROOT,
                            "%-16s %,7d items  %10s",
                            ValueText.of(count.partitionKey()),
                            count.itemCount(),
                            ValueText.bytes(count.sizeBytes())));
            if (i < progress.size()
                    && progress.get(i).partitionKey().equals(count.partitionKey())) {
                FanOutRead.ShardProgress shard = progress.get(i);
                text.append(
                        shard.finished() && shard.waiting() == 0
                                ? "  read whole"
                                : "  more to read");
            }
            if (i < counts.size() - 1) {
                text.append('\n');
            }
        }
        return text.toString();
    }
}

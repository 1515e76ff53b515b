package io.dynoscope.ui.grid;

import io.dynoscope.core.collection.CollectionRow;
import io.dynoscope.core.collection.ItemCollection;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.PlainJson;
import io.dynoscope.core.item.ValueText;
import io.dynoscope.repository.TableInfo;
import java.io.File;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;

/** Binds one table tab — the read form, the grouped grid and the inspector — to its view model. */
public final class ItemGridView {

    private static final double ROW_HEIGHT = 24;

    private final ItemGridViewModel viewModel;
    private final Function<ItemGridViewModel, Node> inspectorFactory;
    private final Function<ItemGridViewModel, List<Tab>> dockedPanelsFactory;
    private final Set<ExpandedCell> expanded = new HashSet<>();

    @FXML private BorderPane root;
    @FXML private ChoiceBox<ItemGridViewModel.ReadMode> modeChoice;
    @FXML private ComboBox<String> indexChoice;
    @FXML private Label partitionKeyLabel;
    @FXML private TextField partitionKeyField;
    @FXML private Label sortKeyLabel;
    @FXML private ComboBox<ItemGridViewModel.SortKeyOperator> sortKeyOperatorChoice;
    @FXML private TextField sortKeyField;
    @FXML private Label andLabel;
    @FXML private TextField sortKeyUpperField;
    @FXML private CheckBox newestFirstCheck;
    @FXML private Label segmentsLabel;
    @FXML private Spinner<Integer> segmentsSpinner;
    @FXML private Button runButton;
    @FXML private Button cancelButton;
    @FXML private Button loadMoreButton;
    @FXML private ProgressIndicator runningIndicator;
    @FXML private TextField filterField;
    @FXML private TextField projectionField;
    @FXML private TextField namesField;
    @FXML private TextField valuesField;
    @FXML private Spinner<Integer> limitSpinner;
    @FXML private TextField parentMarkerField;
    @FXML private MenuItem collapseAllItem;
    @FXML private MenuItem expandAllItem;
    @FXML private MenuItem describeItem;
    @FXML private Button describeButton;
    @FXML private MenuItem exportJsonItem;
    @FXML private MenuItem exportDynamoJsonItem;
    @FXML private MenuItem exportCsvItem;
    @FXML private MenuItem exportSelectionJsonItem;
    @FXML private MenuItem exportSelectionDynamoJsonItem;
    @FXML private MenuItem exportSelectionCsvItem;
    @FXML private Label messageLabel;
    @FXML private TableView<CollectionRow> grid;
    @FXML private StackPane inspectorHolder;
    @FXML private TabPane dockedPanels;

    /**
     * @param inspectorFactory the item inspector beside the grid
     * @param dockedPanelsFactory the panels docked below the grid (expression builder, drift
     *     inspector)
     */
    public ItemGridView(
            ItemGridViewModel viewModel,
            Function<ItemGridViewModel, Node> inspectorFactory,
            Function<ItemGridViewModel, List<Tab>> dockedPanelsFactory) {
        this.viewModel = viewModel;
        this.inspectorFactory = inspectorFactory;
        this.dockedPanelsFactory = dockedPanelsFactory;
    }

    @FXML
    private void initialize() {
        bindForm();
        bindGrid();
        bindActions();
        inspectorHolder.getChildren().setAll(inspectorFactory.apply(viewModel));
        dockedPanels.getTabs().setAll(dockedPanelsFactory.apply(viewModel));
        if (viewModel.tableInfoProperty().get() == null) {
            viewModel.describe();
        }
    }

    private void bindForm() {
        modeChoice.getItems().setAll(ItemGridViewModel.ReadMode.values());
        modeChoice.valueProperty().bindBidirectional(viewModel.modeProperty());
        indexChoice.setItems(viewModel.indexChoices());
        indexChoice.valueProperty().bindBidirectional(viewModel.indexProperty());
        indexChoice.valueProperty().addListener((obs, old, value) -> viewModel.indexChanged());
        partitionKeyLabel.textProperty().bind(viewModel.partitionKeyNameProperty());
        partitionKeyField.textProperty().bindBidirectional(viewModel.partitionKeyValueProperty());
        sortKeyLabel.textProperty().bind(viewModel.sortKeyNameProperty());
        sortKeyOperatorChoice.getItems().setAll(ItemGridViewModel.SortKeyOperator.values());
        sortKeyOperatorChoice
                .valueProperty()
                .bindBidirectional(viewModel.sortKeyOperatorProperty());
        sortKeyField.textProperty().bindBidirectional(viewModel.sortKeyValueProperty());
        sortKeyUpperField.textProperty().bindBidirectional(viewModel.sortKeyUpperProperty());
        newestFirstCheck.selectedProperty().bindBidirectional(viewModel.newestFirstProperty());
        filterField.textProperty().bindBidirectional(viewModel.filterExpressionProperty());
        projectionField.textProperty().bindBidirectional(viewModel.projectionExpressionProperty());
        namesField.textProperty().bindBidirectional(viewModel.expressionNamesProperty());
        valuesField.textProperty().bindBidirectional(viewModel.expressionValuesProperty());
        parentMarkerField.textProperty().bindBidirectional(viewModel.parentMarkerProperty());

        segmentsSpinner.setValueFactory(
                new SpinnerValueFactory.IntegerSpinnerValueFactory(
                        1, 64, viewModel.segmentsProperty().get()));
        segmentsSpinner
                .valueProperty()
                .addListener((obs, old, value) -> viewModel.segmentsProperty().set(value));
        limitSpinner.setValueFactory(
                new SpinnerValueFactory.IntegerSpinnerValueFactory(
                        0, 10_000_000, viewModel.limitProperty().get(), 1000));
        limitSpinner
                .valueProperty()
                .addListener((obs, old, value) -> viewModel.limitProperty().set(value));

        var isQuery = modeChoice.valueProperty().isEqualTo(ItemGridViewModel.ReadMode.QUERY);
        for (Node queryOnly :
                List.of(
                        partitionKeyLabel,
                        partitionKeyField,
                        sortKeyLabel,
                        sortKeyOperatorChoice,
                        sortKeyField,
                        newestFirstCheck)) {
            queryOnly.visibleProperty().bind(isQuery);
            queryOnly.managedProperty().bind(isQuery);
        }
        var between =
                isQuery.and(
                        sortKeyOperatorChoice
                                .valueProperty()
                                .isEqualTo(ItemGridViewModel.SortKeyOperator.BETWEEN));
        for (Node betweenOnly : List.of(andLabel, sortKeyUpperField)) {
            betweenOnly.visibleProperty().bind(between);
            betweenOnly.managedProperty().bind(between);
        }
        for (Node scanOnly : List.of(segmentsLabel, segmentsSpinner)) {
            scanOnly.visibleProperty().bind(isQuery.not());
            scanOnly.managedProperty().bind(isQuery.not());
        }
        messageLabel.textProperty().bind(viewModel.messageProperty());
        messageLabel.managedProperty().bind(viewModel.messageProperty().isNotEmpty());
        runningIndicator.visibleProperty().bind(viewModel.runningProperty());
        runningIndicator.managedProperty().bind(viewModel.runningProperty());
    }

    private void bindActions() {
        runButton.setOnAction(e -> viewModel.run());
        runButton.disableProperty().bind(viewModel.runningProperty());
        cancelButton.setOnAction(e -> viewModel.cancel());
        cancelButton.disableProperty().bind(viewModel.runningProperty().not());
        loadMoreButton.setOnAction(e -> viewModel.loadMore());
        loadMoreButton
                .disableProperty()
                .bind(viewModel.canLoadMoreProperty().not().or(viewModel.runningProperty()));
        collapseAllItem.setOnAction(e -> viewModel.collapseAll());
        expandAllItem.setOnAction(e -> viewModel.expandAll());
        describeItem.setOnAction(e -> showDescription());
        describeButton.setOnAction(e -> showDescription());
        describeButton.disableProperty().bind(viewModel.tableInfoProperty().isNull());
        exportJsonItem.setOnAction(e -> export(viewModel.loadedItems(), ExportFormat.JSON));
        exportDynamoJsonItem.setOnAction(
                e -> export(viewModel.loadedItems(), ExportFormat.DYNAMODB_JSON));
        exportCsvItem.setOnAction(e -> export(viewModel.loadedItems(), ExportFormat.CSV));
        exportSelectionJsonItem.setOnAction(e -> export(selectedItems(), ExportFormat.JSON));
        exportSelectionDynamoJsonItem.setOnAction(
                e -> export(selectedItems(), ExportFormat.DYNAMODB_JSON));
        exportSelectionCsvItem.setOnAction(e -> export(selectedItems(), ExportFormat.CSV));

        root.sceneProperty()
                .addListener(
                        (obs, old, scene) -> {
                            if (scene == null) {
                                return;
                            }
                            root.addEventFilter(
                                    KeyEvent.KEY_PRESSED,
                                    e -> {
                                        if (new KeyCodeCombination(
                                                        KeyCode.DOWN, KeyCombination.SHORTCUT_DOWN)
                                                .match(e)) {
                                            jumpToCollection(true);
                                            e.consume();
                                        } else if (new KeyCodeCombination(
                                                        KeyCode.UP, KeyCombination.SHORTCUT_DOWN)
                                                .match(e)) {
                                            jumpToCollection(false);
                                            e.consume();
                                        } else if (e.getCode() == KeyCode.ESCAPE
                                                && viewModel.runningProperty().get()) {
                                            viewModel.cancel();
                                            e.consume();
                                        }
                                    });
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

    private void bindGrid() {
        grid.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        grid.setItems(viewModel.rows());
        grid.setRowFactory(table -> new CollectionTableRow(viewModel));
        grid.setFixedCellSize(ROW_HEIGHT);
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
        grid.setOnKeyPressed(
                e -> {
                    if (e.getCode() == KeyCode.DELETE) {
                        viewModel.requestDelete(selectedItems());
                        e.consume();
                        return;
                    }
                    CollectionRow row = grid.getSelectionModel().getSelectedItem();
                    if (row instanceof CollectionRow.Header header
                            && (e.getCode() == KeyCode.SPACE
                                    || e.getCode() == KeyCode.LEFT
                                    || e.getCode() == KeyCode.RIGHT)) {
                        int index = grid.getSelectionModel().getSelectedIndex();
                        viewModel.toggleCollapsed(header.collection());
                        grid.getSelectionModel()
                                .clearAndSelect(Math.min(index, viewModel.rows().size() - 1));
                        e.consume();
                    }
                });
        rebuildColumns();
        viewModel.columns().addListener((ListChangeListener<String>) change -> rebuildColumns());
    }

    private void rebuildColumns() {
        List<String> names = new ArrayList<>(viewModel.columns());
        List<TableColumn<CollectionRow, ?>> existing = new ArrayList<>(grid.getColumns());
        List<TableColumn<CollectionRow, ?>> next = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            TableColumn<CollectionRow, ?> found =
                    existing.stream()
                            .filter(c -> name.equals(c.getUserData()))
                            .findFirst()
                            .orElseGet(() -> attributeColumn(name));
            next.add(found);
        }
        // keep the user's order for columns already shown; new attributes go at the end
        List<TableColumn<CollectionRow, ?>> ordered =
                new ArrayList<>(existing.stream().filter(next::contains).toList());
        next.stream().filter(c -> !ordered.contains(c)).forEach(ordered::add);
        if (!ordered.equals(grid.getColumns())) {
            grid.getColumns().setAll(ordered);
        }
        if (!ordered.isEmpty()) {
            ((TableColumn<?, ?>) ordered.get(0)).setPrefWidth(260);
        }
    }

    private TableColumn<CollectionRow, CollectionRow> attributeColumn(String name) {
        TableColumn<CollectionRow, CollectionRow> column = new TableColumn<>(name);
        column.setUserData(name);
        column.setSortable(false);
        column.setPrefWidth(140);
        column.setCellValueFactory(features -> new ReadOnlyObjectWrapper<>(features.getValue()));
        column.setCellFactory(c -> new AttributeCell(name));
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

    private void export(List<Item> items, ExportFormat format) {
        if (items.isEmpty()) {
            new Alert(
                            Alert.AlertType.INFORMATION,
                            "There is nothing to export: no items are loaded or selected.")
                    .showAndWait();
            return;
        }
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Export " + items.size() + " items");
        chooser.setInitialFileName(viewModel.tableName() + "." + format.extension());
        File file = chooser.showSaveDialog(root.getScene().getWindow());
        if (file != null) {
            viewModel.export(items, format, file.toPath());
        }
    }

    private void showDescription() {
        TableInfo info = viewModel.tableInfoProperty().get();
        if (info == null) {
            return;
        }
        TextArea text = new TextArea(TableDescription.of(info));
        text.setEditable(false);
        text.getStyleClass().add("json-area");
        text.setPrefSize(620, 380);
        Alert alert = new Alert(Alert.AlertType.INFORMATION);
        alert.setTitle("Table " + info.name());
        alert.setHeaderText(info.name());
        alert.getDialogPane().setContent(text);
        alert.showAndWait();
    }

    /** A grid row: styles headers, parents and large collections; a click on a header folds it. */
    private static final class CollectionTableRow extends TableRow<CollectionRow> {
        CollectionTableRow(ItemGridViewModel viewModel) {
            setOnMouseClicked(
                    e -> {
                        if (getItem() instanceof CollectionRow.Header header
                                && e.getClickCount() == 2) {
                            viewModel.toggleCollapsed(header.collection());
                        }
                    });
        }

        @Override
        protected void updateItem(CollectionRow row, boolean empty) {
            super.updateItem(row, empty);
            getStyleClass().removeAll("collection-header", "large-collection", "parent-item");
            if (empty || row == null) {
                return;
            }
            if (row instanceof CollectionRow.Header header) {
                getStyleClass().add("collection-header");
                if (header.collection().isLarge()) {
                    getStyleClass().add("large-collection");
                }
            } else if (row instanceof CollectionRow.ItemRow itemRow && itemRow.parent()) {
                getStyleClass().add("parent-item");
            }
        }
    }

    /**
     * One attribute of one row; the first column of a header row carries the collection summary.
     * Sets show as chips; maps and lists show a summary that expands in place to their JSON.
     */
    private final class AttributeCell extends TableCell<CollectionRow, CollectionRow> {
        private final String attribute;

        AttributeCell(String attribute) {
            this.attribute = attribute;
        }

        @Override
        protected void updateItem(CollectionRow row, boolean empty) {
            super.updateItem(row, empty);
            getStyleClass().removeAll("value-null", "value-number");
            setGraphic(null);
            setText(null);
            if (empty || row == null) {
                return;
            }
            if (row instanceof CollectionRow.Header header) {
                boolean first =
                        !getTableView().getColumns().isEmpty()
                                && getTableColumn() == getTableView().getColumns().get(0);
                setText(first ? headerText(header.collection()) : null);
                return;
            }
            Item item = ((CollectionRow.ItemRow) row).item();
            AttributeValue value = item.attributes().get(attribute);
            if (value == null) {
                return;
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

    static String headerText(ItemCollection collection) {
        String state = collection.isCollapsed() ? "▶ " : "▼ ";
        String warning = collection.isLarge() ? "  ⚠ large collection" : "";
        return state
                + ValueText.of(collection.partitionKey())
                + "   "
                + String.format(Locale.ROOT, "%,d", collection.itemCount())
                + (collection.itemCount() == 1 ? " item · " : " items · ")
                + ValueText.bytes(collection.sizeBytes())
                + warning;
    }
}

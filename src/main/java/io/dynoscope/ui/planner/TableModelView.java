package io.dynoscope.ui.planner;

import static io.dynoscope.ui.common.ViewBindings.column;
import static io.dynoscope.ui.common.ViewBindings.showWhen;
import static io.dynoscope.ui.common.ViewBindings.tooltip;

import io.dynoscope.core.codegen.CodeFormat;
import io.dynoscope.ui.common.FileFolders;
import io.dynoscope.ui.common.Views;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.beans.property.StringProperty;
import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.control.cell.TextFieldTableCell;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.text.Text;
import javafx.stage.FileChooser;

/** Binds the Model tab to its view models; all logic stays in them. */
public final class TableModelView {

    private final TableModelViewModel viewModel;
    private final DesignViewModel design;
    private final LoadCheckViewModel loadCheck;

    @FXML private BorderPane root;
    @FXML private TextField tableNameField;
    @FXML private TextField partitionKeyField;
    @FXML private TextField sortKeyField;
    @FXML private Button proposeButton;
    @FXML private Button newButton;
    @FXML private Button openButton;
    @FXML private Button inferButton;
    @FXML private MenuButton exportButton;
    @FXML private MenuItem exportDynoscopeItem;
    @FXML private MenuItem exportWorkbenchItem;
    @FXML private Button saveButton;
    @FXML private Button migrateButton;
    @FXML private Label errorLabel;
    @FXML private TableView<EntityRow> entitiesTable;
    @FXML private TableColumn<EntityRow, String> entityNameColumn;
    @FXML private TableColumn<EntityRow, String> entityIdColumn;
    @FXML private TableColumn<EntityRow, String> entityParentColumn;
    @FXML private TableColumn<EntityRow, String> entityAttributesColumn;
    @FXML private TableColumn<EntityRow, String> entityWritesColumn;
    @FXML private TableColumn<EntityRow, String> entityItemsColumn;
    @FXML private TextField entityNameField;
    @FXML private TextField entityIdField;
    @FXML private TextField entityParentField;
    @FXML private TextField entityWritesField;
    @FXML private TextField entityItemsField;
    @FXML private TextField entityAttributesField;
    @FXML private Button addEntityButton;
    @FXML private Button removeEntityButton;
    @FXML private TableView<PatternRow> patternsTable;
    @FXML private TableColumn<PatternRow, String> patternWordsColumn;
    @FXML private TableColumn<PatternRow, String> patternEntityColumn;
    @FXML private TableColumn<PatternRow, String> patternAlongColumn;
    @FXML private TableColumn<PatternRow, String> patternGivenColumn;
    @FXML private TableColumn<PatternRow, String> patternRangeColumn;
    @FXML private TableColumn<PatternRow, String> patternOrderColumn;
    @FXML private TableColumn<PatternRow, String> patternLimitColumn;
    @FXML private TableColumn<PatternRow, String> patternReadsColumn;
    @FXML private TextField patternWordsField;
    @FXML private Button addPatternButton;
    @FXML private Button removePatternButton;
    @FXML private TabPane tabs;
    @FXML private Tab designTab;
    @FXML private Tab examplesTab;
    @FXML private Tab loadTab;
    @FXML private Tab jsonTab;
    @FXML private TableView<DesignViewModel.KeyRow> keysTable;
    @FXML private TableColumn<DesignViewModel.KeyRow, String> keyEntityColumn;
    @FXML private TableColumn<DesignViewModel.KeyRow, String> keyPartitionColumn;
    @FXML private TableColumn<DesignViewModel.KeyRow, String> keySortColumn;
    @FXML private TableColumn<DesignViewModel.KeyRow, String> keyIndexColumn;
    @FXML private ListView<String> indexesList;
    @FXML private TableView<DesignViewModel.ServedRow> servedTable;
    @FXML private TableColumn<DesignViewModel.ServedRow, String> servedPatternColumn;
    @FXML private TableColumn<DesignViewModel.ServedRow, String> servedHowColumn;
    @FXML private ListView<String> findingsList;
    @FXML private TableView<ExampleRows.Row> examplesTable;
    @FXML private TableColumn<ExampleRows.Row, String> exampleKeyColumn;
    @FXML private TableColumn<ExampleRows.Row, String> exampleEntityColumn;
    @FXML private TableColumn<ExampleRows.Row, String> exampleAttributesColumn;
    @FXML private ComboBox<LoadTarget> targetChoice;
    @FXML private TextField loadAsField;
    @FXML private CheckBox withItemsCheck;
    @FXML private Button loadButton;
    @FXML private Button checkButton;
    @FXML private TextArea requestArea;
    @FXML private Button confirmButton;
    @FXML private Button dropButton;
    @FXML private Label loadedLabel;
    @FXML private TableView<LoadCheckViewModel.CheckRow> checksTable;
    @FXML private TableColumn<LoadCheckViewModel.CheckRow, String> checkPatternColumn;
    @FXML private TableColumn<LoadCheckViewModel.CheckRow, Number> checkRequestsColumn;
    @FXML private TableColumn<LoadCheckViewModel.CheckRow, Number> checkCapacityColumn;
    @FXML private TableColumn<LoadCheckViewModel.CheckRow, Number> checkScannedColumn;
    @FXML private TableColumn<LoadCheckViewModel.CheckRow, Number> checkReturnedColumn;
    @FXML private TableColumn<LoadCheckViewModel.CheckRow, String> checkVerdictColumn;
    @FXML private TableColumn<LoadCheckViewModel.CheckRow, String> checkReasonColumn;
    @FXML private TextArea checkDetailArea;
    @FXML private TextArea jsonArea;
    @FXML private Button applyJsonButton;
    @FXML private ProgressBar progressBar;
    @FXML private Button cancelButton;
    @FXML private Label statusLabel;

    public TableModelView(TableModelViewModel viewModel) {
        this.viewModel = Objects.requireNonNull(viewModel);
        this.design = viewModel.design();
        this.loadCheck = viewModel.loadCheck();
    }

    /** Loads the tab for {@code viewModel}. */
    public static Parent load(TableModelViewModel viewModel) {
        return Views.load("TableModel.fxml", new TableModelView(viewModel));
    }

    @FXML
    private void initialize() {
        root.getStylesheets().add(Views.stylesheet(TableModelView.class, "TableModel.css"));
        tableNameField.textProperty().bindBidirectional(design.tableNameProperty());
        partitionKeyField.textProperty().bindBidirectional(design.partitionKeyProperty());
        sortKeyField.textProperty().bindBidirectional(design.sortKeyProperty());
        errorLabel.textProperty().bind(viewModel.errorProperty());
        errorLabel.managedProperty().bind(viewModel.errorProperty().isNotEmpty());
        bindEntities();
        bindPatterns();
        bindDesign();
        bindExamples();
        bindLoad();
        bindChecks();
        bindCommands();
        tooltips();
        tabTips();
        headersFit(
                List.of(
                        entitiesTable,
                        patternsTable,
                        keysTable,
                        servedTable,
                        examplesTable,
                        checksTable));
        // every table shares its width among its columns: no column off to the right at 1280
        List.of(entitiesTable, patternsTable, keysTable, servedTable, examplesTable, checksTable)
                .forEach(
                        t ->
                                t.setColumnResizePolicy(
                                        TableView.CONSTRAINED_RESIZE_POLICY_ALL_COLUMNS));
    }

    private void bindCommands() {
        jsonArea.textProperty().bindBidirectional(design.modelJsonProperty());
        applyJsonButton.setOnAction(e -> design.applyJson());
        proposeButton.setOnAction(e -> design.propose());
        newButton.setOnAction(e -> viewModel.newModel());
        newButton.disableProperty().bind(viewModel.runningProperty());
        openButton.setOnAction(e -> open());
        inferButton.setOnAction(e -> loadCheck.inferFromTable());
        inferButton.disableProperty().bind(viewModel.runningProperty());
        exportDynoscopeItem.setOnAction(e -> export("model.json", design::exportDynoscope));
        exportWorkbenchItem.setOnAction(
                e -> export("nosql-workbench-model.json", design::exportWorkbench));
        exportButton.getItems().add(new SeparatorMenuItem());
        for (CodeFormat format : CodeFormat.values()) {
            MenuItem item = new MenuItem(format.title() + "…");
            item.setId("export-" + format.cliName());
            item.setOnAction(
                    e ->
                            CodePreview.show(
                                    root.getScene().getWindow(),
                                    format,
                                    design.exportCode(format)));
            exportButton.getItems().add(item);
        }
        saveButton.setOnAction(e -> design.save());
        exportButton.disableProperty().bind(design.designProperty().isNull());
        saveButton.disableProperty().bind(design.designProperty().isNull());
        migrateButton.setOnAction(e -> viewModel.migrate());
        showWhen(viewModel.migratableProperty(), migrateButton);
        migrateButton.disableProperty().bind(design.designProperty().isNull());
        progressBar.progressProperty().bind(viewModel.progressProperty());
        progressBar.visibleProperty().bind(viewModel.runningProperty());
        cancelButton.disableProperty().bind(viewModel.runningProperty().not());
        cancelButton.setOnAction(e -> viewModel.cancel());
        statusLabel.textProperty().bind(viewModel.statusProperty());
        Tooltip wholeStatus = new Tooltip();
        wholeStatus.setWrapText(true);
        wholeStatus.setMaxWidth(640);
        wholeStatus.textProperty().bind(statusLabel.textProperty());
        statusLabel.setTooltip(wholeStatus);
        design.designProperty()
                .addListener(
                        (o, before, after) -> {
                            if (after != null && before == null) {
                                tabs.getSelectionModel().select(designTab);
                            }
                        });
        root.sceneProperty()
                .addListener(
                        (o, before, scene) -> {
                            if (scene != null) {
                                scene.getAccelerators()
                                        .put(
                                                new KeyCodeCombination(
                                                        KeyCode.ENTER,
                                                        KeyCombination.SHORTCUT_DOWN),
                                                design::propose);
                            }
                        });
        loadCheck
                .awaitingConfirmationProperty()
                .addListener(
                        (o, before, awaiting) -> {
                            if (awaiting) {
                                tabs.getSelectionModel().select(loadTab);
                            }
                        });
    }

    private void bindEntities() {
        entitiesTable.setItems(design.entities());
        editable(entityNameColumn, EntityRow::nameProperty);
        editable(entityIdColumn, EntityRow::idsProperty);
        editable(entityParentColumn, EntityRow::parentProperty);
        editable(entityAttributesColumn, EntityRow::attributesProperty);
        editable(entityWritesColumn, EntityRow::writesPerSecondProperty);
        editable(entityItemsColumn, EntityRow::itemsPerParentProperty);
        EntityRow typed = design.newEntity();
        entityNameField.textProperty().bindBidirectional(typed.nameProperty());
        entityIdField.textProperty().bindBidirectional(typed.idsProperty());
        entityParentField.textProperty().bindBidirectional(typed.parentProperty());
        entityAttributesField.textProperty().bindBidirectional(typed.attributesProperty());
        entityWritesField.textProperty().bindBidirectional(typed.writesPerSecondProperty());
        entityItemsField.textProperty().bindBidirectional(typed.itemsPerParentProperty());
        addEntityButton.setOnAction(e -> design.addEntity());
        entityAttributesField.setOnAction(e -> design.addEntity());
        removeSelected(removeEntityButton, entitiesTable, design::removeEntity);
    }

    private void bindPatterns() {
        patternsTable.setItems(design.patterns());
        editable(patternWordsColumn, PatternRow::wordsProperty);
        editable(patternEntityColumn, PatternRow::entityProperty);
        editable(patternGivenColumn, PatternRow::givenProperty);
        editable(patternRangeColumn, PatternRow::rangeProperty);
        editable(patternOrderColumn, PatternRow::orderProperty);
        editable(patternLimitColumn, PatternRow::limitProperty);
        editable(patternAlongColumn, PatternRow::alongProperty);
        editable(patternReadsColumn, PatternRow::readsPerSecondProperty);
        patternsTable.setRowFactory(table -> ReadingRows.row());
        patternWordsField.textProperty().bindBidirectional(design.newPatternWordsProperty());
        addPatternButton.setOnAction(e -> design.addPattern());
        patternWordsField.setOnAction(e -> design.addPattern());
        removeSelected(removePatternButton, patternsTable, design::removePattern);
    }

    /** The button removes the table's selected row, and is disabled while none is selected. */
    private static <R> void removeSelected(Button button, TableView<R> table, Consumer<R> remove) {
        button.setOnAction(
                e -> {
                    R row = table.getSelectionModel().getSelectedItem();
                    if (row != null) {
                        remove.accept(row);
                    }
                });
        button.disableProperty().bind(table.getSelectionModel().selectedItemProperty().isNull());
    }

    private static <R> void editable(
            TableColumn<R, String> column, Function<R, StringProperty> property) {
        column.setCellValueFactory(c -> property.apply(c.getValue()));
        column.setCellFactory(TextFieldTableCell.forTableColumn());
    }

    private void bindDesign() {
        keysTable.setItems(design.keys());
        column(keyEntityColumn, DesignViewModel.KeyRow::entity);
        column(keyPartitionColumn, DesignViewModel.KeyRow::partitionKey);
        keyPartitionColumn.setCellFactory(TextFieldTableCell.forTableColumn());
        keyPartitionColumn.setOnEditCommit(
                e ->
                        design.editKeys(
                                e.getRowValue().entity(),
                                e.getNewValue(),
                                e.getRowValue().sortKey()));
        column(keySortColumn, DesignViewModel.KeyRow::sortKey);
        keySortColumn.setCellFactory(TextFieldTableCell.forTableColumn());
        keySortColumn.setOnEditCommit(
                e ->
                        design.editKeys(
                                e.getRowValue().entity(),
                                e.getRowValue().partitionKey(),
                                e.getNewValue()));
        column(keyIndexColumn, DesignViewModel.KeyRow::indexKeys);
        indexesList.setItems(design.indexes());
        servedTable.setItems(design.served());
        column(servedPatternColumn, DesignViewModel.ServedRow::pattern);
        column(servedHowColumn, DesignViewModel.ServedRow::how);
        findingsList.setItems(design.findings());
        findingsList.setCellFactory(
                list ->
                        new ListCell<>() {
                            @Override
                            protected void updateItem(String finding, boolean empty) {
                                super.updateItem(finding, empty);
                                setText(empty ? null : finding);
                                setWrapText(true);
                                setPrefWidth(0);
                            }
                        });
    }

    private void bindExamples() {
        examplesTable.setItems(design.examples());
        column(exampleKeyColumn, r -> (r.header() ? "" : "    ") + r.key());
        column(exampleEntityColumn, ExampleRows.Row::entity);
        column(exampleAttributesColumn, ExampleRows.Row::attributes);
        examplesTable.setRowFactory(
                table ->
                        new TableRow<>() {
                            @Override
                            protected void updateItem(ExampleRows.Row row, boolean empty) {
                                super.updateItem(row, empty);
                                getStyleClass().remove("collection-header");
                                if (!empty && row != null && row.header()) {
                                    getStyleClass().add("collection-header");
                                }
                            }
                        });
    }

    private void bindLoad() {
        targetChoice.setItems(loadCheck.targets());
        targetChoice.valueProperty().bindBidirectional(loadCheck.targetProperty());
        loadAsField.textProperty().bindBidirectional(loadCheck.loadAsProperty());
        withItemsCheck.selectedProperty().bindBidirectional(loadCheck.withItemsProperty());
        var noDesignOrBusy = design.designProperty().isNull().or(viewModel.runningProperty());
        loadButton.setOnAction(e -> loadCheck.prepareLoad());
        loadButton.disableProperty().bind(noDesignOrBusy);
        checkButton.setOnAction(e -> loadCheck.check());
        checkButton.disableProperty().bind(noDesignOrBusy);
        requestArea.textProperty().bind(loadCheck.createTableRequestProperty());
        confirmButton.setOnAction(e -> loadCheck.confirmLoad());
        confirmButton.disableProperty().bind(loadCheck.awaitingConfirmationProperty().not());
        dropButton.setOnAction(e -> loadCheck.cancelLoad());
        dropButton.disableProperty().bind(loadCheck.awaitingConfirmationProperty().not());
        loadedLabel
                .textProperty()
                .bind(
                        loadCheck
                                .loadedTableProperty()
                                .map(t -> t.isEmpty() ? "" : "Checks run on: " + t));
    }

    private void bindChecks() {
        checksTable.setItems(loadCheck.checks());
        column(checkPatternColumn, LoadCheckViewModel.CheckRow::pattern);
        column(checkRequestsColumn, LoadCheckViewModel.CheckRow::requests);
        column(checkCapacityColumn, LoadCheckViewModel.CheckRow::capacity);
        column(checkScannedColumn, LoadCheckViewModel.CheckRow::scanned);
        column(checkReturnedColumn, LoadCheckViewModel.CheckRow::returned);
        column(checkVerdictColumn, LoadCheckViewModel.CheckRow::verdict);
        checkVerdictColumn.setCellFactory(column -> new VerdictCell());
        column(checkReasonColumn, LoadCheckViewModel.CheckRow::reason);
        checksTable
                .getSelectionModel()
                .selectedItemProperty()
                .addListener(
                        (o, before, row) ->
                                checkDetailArea.setText(
                                        row == null
                                                ? ""
                                                : row.request()
                                                        + "\n\nItems returned (first 50):\n"
                                                        + row.items()));
    }

    /** A check's verdict, green when served as designed, red when not. */
    private static final class VerdictCell extends TableCell<LoadCheckViewModel.CheckRow, String> {
        @Override
        protected void updateItem(String verdict, boolean empty) {
            super.updateItem(verdict, empty);
            getStyleClass().removeAll("check-ok", "check-not-ok", "check-unconfirmed");
            LoadCheckViewModel.CheckRow row =
                    empty || getTableRow() == null ? null : getTableRow().getItem();
            setText(empty ? null : verdict);
            if (row != null) {
                getStyleClass()
                        .add(
                                !row.asDesigned()
                                        ? "check-not-ok"
                                        : row.unconfirmed() ? "check-unconfirmed" : "check-ok");
            }
        }
    }

    /** Every column at least as wide as its header, so no header is cut ("Belon…"). */
    private static void headersFit(List<TableView<?>> tables) {
        for (TableView<?> table : tables) {
            for (TableColumn<?, ?> column : table.getColumns()) {
                Text header = new Text(column.getText());
                column.setMinWidth(Math.ceil(header.getLayoutBounds().getWidth()) + 22);
            }
        }
    }

    private void open() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Open a model (Dynoscope or NoSQL Workbench)");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("JSON", "*.json"));
        File file = FileFolders.showOpen(chooser, root.getScene().getWindow());
        if (file != null) {
            try {
                design.importModel(Files.readString(file.toPath(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                statusLabel.textProperty().unbind();
                statusLabel.setText("Cannot read " + file + ": " + e.getMessage());
                statusLabel.textProperty().bind(viewModel.statusProperty());
            }
        }
    }

    private void export(String suggestedName, Supplier<String> text) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Export the model");
        chooser.setInitialFileName(suggestedName);
        File file = FileFolders.showSave(chooser, root.getScene().getWindow());
        if (file != null) {
            try {
                Files.writeString(file.toPath(), text.get(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write " + file, e);
            }
        }
    }

    private void tooltips() {
        tooltip(tableNameField, "The table the design is for.");
        tooltip(
                partitionKeyField,
                "The partition key attribute (EntityRef in the seed, often PK).");
        tooltip(sortKeyField, "The sort key attribute (Detail in the seed, often SK).");
        tooltip(
                proposeButton,
                "Propose keys, indexes and example items for these entities and access patterns"
                        + " (Ctrl+Enter).");
        tooltip(newButton, "Start a new model on a blank page.");
        tooltip(openButton, "Open a Dynoscope model or a NoSQL Workbench data model.");
        tooltip(
                inferButton,
                "Propose the model of the table named here from a sample of it on the chosen"
                        + " connection (Alt+I).");
        tooltip(
                exportButton,
                "Write the design as a Dynoscope model or a NoSQL Workbench data model, or as code"
                        + " (CloudFormation, Terraform, the CDK…), previewed before saving.");
        tooltip(saveButton, "Keep this design as the table's model in the settings.");
        tooltip(entitiesTable, "Each kind of item; double-click a cell to change it.");
        tooltip(
                migrateButton,
                "Migrate the live table from its current model (saved, or inferred) to this design:"
                        + " plan, dry run, apply with progress, proof (Ctrl/Cmd+Shift+M).");
        tooltip(entityNameField, "What the item is called: member, book, loan.");
        tooltip(
                entityIdField,
                "The attribute that names one of them (default: the name + Id), or several for an"
                        + " entity unique by a combination: isbn, branchId.");
        tooltip(
                entityParentField,
                "The entity it belongs to; children share their parent's partition key.");
        tooltip(
                entityWritesField,
                "Writes a second at peak, for the throughput findings and the cost.");
        tooltip(
                entityItemsField,
                "How many of them one parent holds, for the collection size findings.");
        tooltip(
                entityAttributesField,
                "Attributes and their types: name:S, status:S, labels:SS, createdAt:S.");
        tooltip(addEntityButton, "Add the entity.");
        tooltip(removeEntityButton, "Remove the selected entity.");
        tooltip(
                patternsTable,
                "How each sentence was read: the entity it returns, what is given, a range"
                        + " (loanedAt between), an order (loanedAt desc), a limit (10, count), what"
                        + " comes along with it; double-click to correct. An unsure reading is"
                        + " marked; its tooltip says why.");
        tooltip(patternWordsField, "What the application reads, in your words; Enter adds it.");
        tooltip(addPatternButton, "Add the access pattern, read from its words.");
        tooltip(removePatternButton, "Remove the selected access pattern.");
        tooltip(keysTable, "The key templates of each entity; double-click to edit by hand.");
        tooltip(indexesList, "The secondary indexes the design needs.");
        tooltip(servedTable, "The request each access pattern becomes.");
        tooltip(
                findingsList,
                "Partitions over their throughput, item and collection limits, sparse indexes,"
                        + " trade-offs taken, and the monthly cost.");
        tooltip(
                examplesTable,
                "Example items, one item collection after another, as the grid shows them.");
        tooltip(targetChoice, "The connection to create the table on.");
        tooltip(
                loadAsField,
                "The new table the design is created as; an existing table is refused.");
        tooltip(withItemsCheck, "Write the example items after creating the table.");
        tooltip(loadButton, "Show the CreateTable request for confirmation (Alt+L).");
        tooltip(
                checkButton,
                "Prove every access pattern on the table: one request, the right items (Alt+K).");
        tooltip(requestArea, "The exact CreateTable request that will be sent.");
        tooltip(confirmButton, "Send the CreateTable request shown and write the items.");
        tooltip(dropButton, "Send nothing.");
        tooltip(
                checksTable,
                "Each access pattern's requests, capacity and items; green when it was one request"
                        + " with the expected items.");
        tooltip(
                checkDetailArea,
                "The selected pattern's request, the keys expected and returned, and the items.");
        tooltip(jsonArea, "The design in Dynoscope's model format; edit anything and apply.");
        tooltip(applyJsonButton, "Replace the design by the edited JSON.");
        tooltip(cancelButton, "Stop the load or the check between requests.");
    }

    private void tabTips() {
        designTab.setTooltip(
                new Tooltip(
                        "The proposed keys, indexes, how each pattern is served, the findings."));
        examplesTab.setTooltip(
                new Tooltip("Example items for every entity, laid out as item collections."));
        loadTab.setTooltip(
                new Tooltip("Create the table on a connection, then check every access pattern."));
        jsonTab.setTooltip(new Tooltip("The whole design as Dynoscope's model JSON, editable."));
    }
}

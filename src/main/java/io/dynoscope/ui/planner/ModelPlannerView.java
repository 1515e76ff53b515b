package io.dynoscope.ui.planner;

import io.dynoscope.core.planner.PatternSpec;
import io.dynoscope.ui.common.Views;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Objects;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.control.cell.CheckBoxTableCell;
import javafx.scene.control.cell.ComboBoxTableCell;
import javafx.scene.control.cell.TextFieldTableCell;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.stage.FileChooser;

/** Binds the model and planner tab to its view model; all logic stays in the view model. */
public final class ModelPlannerView {

    private final ModelPlannerViewModel viewModel;

    @FXML private BorderPane root;
    @FXML private TextField tableNameField;
    @FXML private TextField partitionKeyField;
    @FXML private TextField sortKeyField;
    @FXML private Button proposeButton;
    @FXML private Button openButton;
    @FXML private Button inferButton;
    @FXML private MenuButton exportButton;
    @FXML private MenuItem exportDynoscopeItem;
    @FXML private MenuItem exportWorkbenchItem;
    @FXML private Button saveButton;
    @FXML private Label errorLabel;
    @FXML private TableView<ModelPlannerViewModel.EntityRow> entitiesTable;
    @FXML private TableColumn<ModelPlannerViewModel.EntityRow, String> entityNameColumn;
    @FXML private TableColumn<ModelPlannerViewModel.EntityRow, String> entityIdColumn;
    @FXML private TableColumn<ModelPlannerViewModel.EntityRow, String> entityParentColumn;
    @FXML private TableColumn<ModelPlannerViewModel.EntityRow, String> entityAttributesColumn;
    @FXML private TableColumn<ModelPlannerViewModel.EntityRow, Boolean> entityUnboundedColumn;
    @FXML private TextField entityNameField;
    @FXML private TextField entityIdField;
    @FXML private TextField entityParentField;
    @FXML private CheckBox entityUnboundedCheck;
    @FXML private TextField entityAttributesField;
    @FXML private Button addEntityButton;
    @FXML private Button removeEntityButton;
    @FXML private TableView<ModelPlannerViewModel.PatternRow> patternsTable;
    @FXML private TableColumn<ModelPlannerViewModel.PatternRow, String> patternWordsColumn;
    @FXML private TableColumn<ModelPlannerViewModel.PatternRow, String> patternEntityColumn;
    @FXML private TableColumn<ModelPlannerViewModel.PatternRow, String> patternParametersColumn;
    @FXML private TableColumn<ModelPlannerViewModel.PatternRow, Boolean> patternManyColumn;

    @FXML
    private TableColumn<ModelPlannerViewModel.PatternRow, PatternSpec.Order> patternOrderColumn;

    @FXML private TableColumn<ModelPlannerViewModel.PatternRow, Boolean> patternParentColumn;
    @FXML private TextField patternWordsField;
    @FXML private Button addPatternButton;
    @FXML private Button removePatternButton;
    @FXML private TabPane tabs;
    @FXML private Tab designTab;
    @FXML private Tab examplesTab;
    @FXML private Tab loadTab;
    @FXML private Tab jsonTab;
    @FXML private TableView<ModelPlannerViewModel.KeyRow> keysTable;
    @FXML private TableColumn<ModelPlannerViewModel.KeyRow, String> keyEntityColumn;
    @FXML private TableColumn<ModelPlannerViewModel.KeyRow, String> keyPartitionColumn;
    @FXML private TableColumn<ModelPlannerViewModel.KeyRow, String> keySortColumn;
    @FXML private TableColumn<ModelPlannerViewModel.KeyRow, String> keyIndexColumn;
    @FXML private ListView<String> indexesList;
    @FXML private TableView<ModelPlannerViewModel.ServedRow> servedTable;
    @FXML private TableColumn<ModelPlannerViewModel.ServedRow, String> servedPatternColumn;
    @FXML private TableColumn<ModelPlannerViewModel.ServedRow, String> servedHowColumn;
    @FXML private ListView<String> findingsList;
    @FXML private TableView<ModelPlannerViewModel.ExampleRow> examplesTable;
    @FXML private TableColumn<ModelPlannerViewModel.ExampleRow, String> exampleKeyColumn;
    @FXML private TableColumn<ModelPlannerViewModel.ExampleRow, String> exampleEntityColumn;
    @FXML private TableColumn<ModelPlannerViewModel.ExampleRow, String> exampleAttributesColumn;
    @FXML private ComboBox<LoadTarget> targetChoice;
    @FXML private CheckBox withItemsCheck;
    @FXML private Button loadButton;
    @FXML private Button checkButton;
    @FXML private TextArea requestArea;
    @FXML private Button confirmButton;
    @FXML private Button dropButton;
    @FXML private Label loadedLabel;
    @FXML private TableView<ModelPlannerViewModel.CheckRow> checksTable;
    @FXML private TableColumn<ModelPlannerViewModel.CheckRow, String> checkPatternColumn;
    @FXML private TableColumn<ModelPlannerViewModel.CheckRow, Number> checkRequestsColumn;
    @FXML private TableColumn<ModelPlannerViewModel.CheckRow, Number> checkCapacityColumn;
    @FXML private TableColumn<ModelPlannerViewModel.CheckRow, Number> checkScannedColumn;
    @FXML private TableColumn<ModelPlannerViewModel.CheckRow, Number> checkReturnedColumn;
    @FXML private TableColumn<ModelPlannerViewModel.CheckRow, String> checkVerdictColumn;
    @FXML private TableColumn<ModelPlannerViewModel.CheckRow, String> checkReasonColumn;
    @FXML private TextArea checkDetailArea;
    @FXML private TextArea jsonArea;
    @FXML private Button applyJsonButton;
    @FXML private ProgressBar progressBar;
    @FXML private Button cancelButton;
    @FXML private Label statusLabel;

    public ModelPlannerView(ModelPlannerViewModel viewModel) {
        this.viewModel = Objects.requireNonNull(viewModel);
    }

    /** Loads the tab for {@code viewModel}. */
    public static Parent load(ModelPlannerViewModel viewModel) {
        return Views.load("ModelPlanner.fxml", new ModelPlannerView(viewModel));
    }

    @FXML
    private void initialize() {
        root.getStylesheets()
                .add(
                        Objects.requireNonNull(
                                        ModelPlannerView.class.getResource("ModelPlanner.css"))
                                .toExternalForm());
        tableNameField.textProperty().bindBidirectional(viewModel.tableNameProperty());
        partitionKeyField.textProperty().bindBidirectional(viewModel.partitionKeyProperty());
        sortKeyField.textProperty().bindBidirectional(viewModel.sortKeyProperty());
        errorLabel.textProperty().bind(viewModel.errorProperty());
        errorLabel.managedProperty().bind(viewModel.errorProperty().isNotEmpty());

        bindEntities();
        bindPatterns();
        bindDesign();
        bindLoadAndCheck();

        jsonArea.textProperty().bindBidirectional(viewModel.modelJsonProperty());
        applyJsonButton.setOnAction(e -> viewModel.applyJson());
        proposeButton.setOnAction(e -> viewModel.propose());
        openButton.setOnAction(e -> open());
        inferButton.setOnAction(e -> viewModel.inferFromTable());
        inferButton.disableProperty().bind(viewModel.runningProperty());
        exportDynoscopeItem.setOnAction(e -> export("model.json", viewModel::exportDynoscope));
        exportWorkbenchItem.setOnAction(
                e -> export("nosql-workbench-model.json", viewModel::exportWorkbench));
        saveButton.setOnAction(e -> viewModel.save());
        exportButton.disableProperty().bind(viewModel.designProperty().isNull());
        saveButton.disableProperty().bind(viewModel.designProperty().isNull());

        progressBar.progressProperty().bind(viewModel.progressProperty());
        progressBar.visibleProperty().bind(viewModel.runningProperty());
        cancelButton.disableProperty().bind(viewModel.runningProperty().not());
        cancelButton.setOnAction(e -> viewModel.cancel());
        statusLabel.textProperty().bind(viewModel.statusProperty());

        viewModel
                .designProperty()
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
                                                viewModel::propose);
                            }
                        });
        tooltips();
        tabTips();
        viewModel
                .awaitingConfirmationProperty()
                .addListener(
                        (o, before, awaiting) -> {
                            if (awaiting) {
                                tabs.getSelectionModel().select(loadTab);
                            }
                        });
    }

    private void bindEntities() {
        entitiesTable.setItems(viewModel.entities());
        entityNameColumn.setCellValueFactory(c -> c.getValue().nameProperty());
        entityNameColumn.setCellFactory(TextFieldTableCell.forTableColumn());
        entityIdColumn.setCellValueFactory(c -> c.getValue().idAttributeProperty());
        entityIdColumn.setCellFactory(TextFieldTableCell.forTableColumn());
        entityParentColumn.setCellValueFactory(c -> c.getValue().parentProperty());
        entityParentColumn.setCellFactory(TextFieldTableCell.forTableColumn());
        entityAttributesColumn.setCellValueFactory(c -> c.getValue().attributesProperty());
        entityAttributesColumn.setCellFactory(TextFieldTableCell.forTableColumn());
        entityUnboundedColumn.setCellValueFactory(c -> c.getValue().unboundedProperty());
        entityUnboundedColumn.setCellFactory(
                CheckBoxTableCell.forTableColumn(entityUnboundedColumn));
        entityNameField.textProperty().bindBidirectional(viewModel.newEntityNameProperty());
        entityIdField.textProperty().bindBidirectional(viewModel.newEntityIdProperty());
        entityParentField.textProperty().bindBidirectional(viewModel.newEntityParentProperty());
        entityAttributesField
                .textProperty()
                .bindBidirectional(viewModel.newEntityAttributesProperty());
        entityUnboundedCheck
                .selectedProperty()
                .bindBidirectional(viewModel.newEntityUnboundedProperty());
        addEntityButton.setOnAction(e -> viewModel.addEntity());
        entityAttributesField.setOnAction(e -> viewModel.addEntity());
        removeEntityButton.setOnAction(
                e -> {
                    ModelPlannerViewModel.EntityRow row =
                            entitiesTable.getSelectionModel().getSelectedItem();
                    if (row != null) {
                        viewModel.removeEntity(row);
                    }
                });
        removeEntityButton
                .disableProperty()
                .bind(entitiesTable.getSelectionModel().selectedItemProperty().isNull());
    }

    private void bindPatterns() {
        patternsTable.setItems(viewModel.patterns());
        patternWordsColumn.setCellValueFactory(c -> c.getValue().wordsProperty());
        patternWordsColumn.setCellFactory(TextFieldTableCell.forTableColumn());
        patternEntityColumn.setCellValueFactory(c -> c.getValue().entityProperty());
        patternEntityColumn.setCellFactory(TextFieldTableCell.forTableColumn());
        patternParametersColumn.setCellValueFactory(c -> c.getValue().parametersProperty());
        patternParametersColumn.setCellFactory(TextFieldTableCell.forTableColumn());
        patternManyColumn.setCellValueFactory(c -> c.getValue().manyProperty());
        patternManyColumn.setCellFactory(CheckBoxTableCell.forTableColumn(patternManyColumn));
        patternOrderColumn.setCellValueFactory(c -> c.getValue().orderProperty());
        patternOrderColumn.setCellFactory(
                ComboBoxTableCell.forTableColumn(PatternSpec.Order.values()));
        patternParentColumn.setCellValueFactory(c -> c.getValue().withParentProperty());
        patternParentColumn.setCellFactory(CheckBoxTableCell.forTableColumn(patternParentColumn));
        patternWordsField.textProperty().bindBidirectional(viewModel.newPatternWordsProperty());
        addPatternButton.setOnAction(e -> viewModel.addPattern());
        patternWordsField.setOnAction(e -> viewModel.addPattern());
        removePatternButton.setOnAction(
                e -> {
                    ModelPlannerViewModel.PatternRow row =
                            patternsTable.getSelectionModel().getSelectedItem();
                    if (row != null) {
                        viewModel.removePattern(row);
                    }
                });
        removePatternButton
                .disableProperty()
                .bind(patternsTable.getSelectionModel().selectedItemProperty().isNull());
    }

    private void bindDesign() {
        keysTable.setItems(viewModel.keys());
        keyEntityColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().entity()));
        keyPartitionColumn.setCellValueFactory(
                c -> new ReadOnlyStringWrapper(c.getValue().partitionKey()));
        keyPartitionColumn.setCellFactory(TextFieldTableCell.forTableColumn());
        keyPartitionColumn.setOnEditCommit(
                e ->
                        viewModel.editKeys(
                                e.getRowValue().entity(),
                                e.getNewValue(),
                                e.getRowValue().sortKey()));
        keySortColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().sortKey()));
        keySortColumn.setCellFactory(TextFieldTableCell.forTableColumn());
        keySortColumn.setOnEditCommit(
                e ->
                        viewModel.editKeys(
                                e.getRowValue().entity(),
                                e.getRowValue().partitionKey(),
                                e.getNewValue()));
        keyIndexColumn.setCellValueFactory(
                c -> new ReadOnlyStringWrapper(c.getValue().indexKeys()));
        indexesList.setItems(viewModel.indexes());
        servedTable.setItems(viewModel.served());
        servedPatternColumn.setCellValueFactory(
                c -> new ReadOnlyStringWrapper(c.getValue().pattern()));
        servedHowColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().how()));
        findingsList.setItems(viewModel.findings());
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

        examplesTable.setItems(viewModel.examples());
        exampleKeyColumn.setCellValueFactory(
                c ->
                        new ReadOnlyStringWrapper(
                                (c.getValue().header() ? "" : "    ") + c.getValue().key()));
        exampleEntityColumn.setCellValueFactory(
                c -> new ReadOnlyStringWrapper(c.getValue().entity()));
        exampleAttributesColumn.setCellValueFactory(
                c -> new ReadOnlyStringWrapper(c.getValue().attributes()));
        examplesTable.setRowFactory(
                table ->
                        new TableRow<>() {
                            @Override
                            protected void updateItem(
                                    ModelPlannerViewModel.ExampleRow row, boolean empty) {
                                super.updateItem(row, empty);
                                getStyleClass().remove("collection-header");
                                if (!empty && row != null && row.header()) {
                                    getStyleClass().add("collection-header");
                                }
                            }
                        });
    }

    private void bindLoadAndCheck() {
        targetChoice.setItems(viewModel.targets());
        targetChoice.valueProperty().bindBidirectional(viewModel.targetProperty());
        withItemsCheck.selectedProperty().bindBidirectional(viewModel.withItemsProperty());
        loadButton.setOnAction(e -> viewModel.prepareLoad());
        loadButton
                .disableProperty()
                .bind(viewModel.designProperty().isNull().or(viewModel.runningProperty()));
        checkButton.setOnAction(e -> viewModel.check());
        checkButton
                .disableProperty()
                .bind(viewModel.designProperty().isNull().or(viewModel.runningProperty()));
        requestArea.textProperty().bind(viewModel.createTableRequestProperty());
        confirmButton.setOnAction(e -> viewModel.confirmLoad());
        confirmButton.disableProperty().bind(viewModel.awaitingConfirmationProperty().not());
        dropButton.setOnAction(e -> viewModel.cancelLoad());
        dropButton.disableProperty().bind(viewModel.awaitingConfirmationProperty().not());
        loadedLabel
                .textProperty()
                .bind(
                        viewModel
                                .loadedTableProperty()
                                .map(t -> t.isEmpty() ? "" : "Loaded table: " + t));

        checksTable.setItems(viewModel.checks());
        checkPatternColumn.setCellValueFactory(
                c -> new ReadOnlyStringWrapper(c.getValue().pattern()));
        checkRequestsColumn.setCellValueFactory(
                c -> new ReadOnlyObjectWrapper<>(c.getValue().requests()));
        checkCapacityColumn.setCellValueFactory(
                c -> new ReadOnlyObjectWrapper<>(c.getValue().capacity()));
        checkScannedColumn.setCellValueFactory(
                c -> new ReadOnlyObjectWrapper<>(c.getValue().scanned()));
        checkReturnedColumn.setCellValueFactory(
                c -> new ReadOnlyObjectWrapper<>(c.getValue().returned()));
        checkVerdictColumn.setCellValueFactory(
                c -> new ReadOnlyStringWrapper(c.getValue().verdict()));
        checkVerdictColumn.setCellFactory(
                column ->
                        new TableCell<>() {
                            @Override
                            protected void updateItem(String verdict, boolean empty) {
                                super.updateItem(verdict, empty);
                                getStyleClass().removeAll("check-ok", "check-not-ok");
                                ModelPlannerViewModel.CheckRow row =
                                        empty || getTableRow() == null
                                                ? null
                                                : getTableRow().getItem();
                                setText(empty ? null : verdict);
                                if (row != null) {
                                    getStyleClass()
                                            .add(row.asDesigned() ? "check-ok" : "check-not-ok");
                                }
                            }
                        });
        checkReasonColumn.setCellValueFactory(
                c -> new ReadOnlyStringWrapper(c.getValue().reason()));
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

    private void open() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Open a model (Dynoscope or NoSQL Workbench)");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("JSON", "*.json"));
        File file = chooser.showOpenDialog(root.getScene().getWindow());
        if (file != null) {
            try {
                viewModel.importModel(Files.readString(file.toPath(), StandardCharsets.UTF_8));
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
        File file = chooser.showSaveDialog(root.getScene().getWindow());
        if (file != null) {
            try {
                Files.writeString(file.toPath(), text.get(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write " + file, e);
            }
        }
    }

    private void tooltips() {
        tip(tableNameField, "The table the design is for, and the name it is loaded under.");
        tip(partitionKeyField, "The partition key attribute (EntityRef in the seed, often PK).");
        tip(sortKeyField, "The sort key attribute (Detail in the seed, often SK).");
        tip(
                proposeButton,
                "Propose keys, indexes and example items for these entities and access patterns (Ctrl+Enter).");
        tip(openButton, "Open a Dynoscope model or a NoSQL Workbench data model.");
        tip(
                inferButton,
                "Propose the model of the table named here from a sample of it on the chosen connection (Alt+I).");
        tip(exportButton, "Write the design as a Dynoscope model or a NoSQL Workbench data model.");
        tip(saveButton, "Keep this design as the table's model in the settings.");
        tip(entitiesTable, "Each kind of item; double-click a cell to change it.");
        tip(entityNameField, "What the item is called: workspace, project, user, post.");
        tip(entityIdField, "The attribute that names one of them (default: the name + Id).");
        tip(
                entityParentField,
                "The entity it belongs to; children share their parent's partition key.");
        tip(
                entityUnboundedCheck,
                "One parent can hold any number of these: a hot partition in waiting.");
        tip(
                entityAttributesField,
                "Attributes and their types: name:S, status:S, labels:SS, createdAt:S.");
        tip(addEntityButton, "Add the entity.");
        tip(removeEntityButton, "Remove the selected entity.");
        tip(
                patternsTable,
                "How each sentence was read: change the entity, the parameters, one or many, the order.");
        tip(patternWordsField, "What the application reads, in your words; Enter adds it.");
        tip(addPatternButton, "Add the access pattern, read from its words.");
        tip(removePatternButton, "Remove the selected access pattern.");
        tip(keysTable, "The key templates of each entity; double-click to edit by hand.");
        tip(indexesList, "The secondary indexes the design needs.");
        tip(servedTable, "The request each access pattern becomes.");
        tip(
                findingsList,
                "What will hurt: Scans, hot partitions, LSI size limits, items that can outgrow 400 KB.");
        tip(
                examplesTable,
                "Example items, one item collection after another, as the grid shows them.");
        tip(targetChoice, "The connection to create the table on.");
        tip(withItemsCheck, "Write the example items after creating the table.");
        tip(loadButton, "Show the CreateTable request for confirmation (Alt+L).");
        tip(checkButton, "Run every access pattern against the loaded table (Alt+K).");
        tip(requestArea, "The exact CreateTable request that will be sent.");
        tip(confirmButton, "Send the CreateTable request shown and write the items.");
        tip(dropButton, "Send nothing.");
        tip(
                checksTable,
                "Each access pattern's request count, capacity and items; green when it was one request.");
        tip(
                checkDetailArea,
                "The selected pattern's request (expressions and maps) and the items it returned.");
        tip(jsonArea, "The design in Dynoscope's model format; edit anything and apply.");
        tip(applyJsonButton, "Replace the design by the edited JSON.");
        tip(cancelButton, "Stop the load or the check between requests.");
    }

    private void tabTips() {
        designTab.setTooltip(
                new Tooltip(
                        "The proposed keys, indexes, how each pattern is served, what will hurt."));
        examplesTab.setTooltip(
                new Tooltip("Example items for every entity, laid out as item collections."));
        loadTab.setTooltip(
                new Tooltip("Create the table on a connection, then check every access pattern."));
        jsonTab.setTooltip(new Tooltip("The whole design as Dynoscope's model JSON, editable."));
    }

    private static void tip(Control control, String text) {
        control.setTooltip(new Tooltip(text));
    }
}

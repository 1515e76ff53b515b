package io.dynoscope.ui.transfer;

import static io.dynoscope.ui.common.ViewBindings.showWhen;
import static io.dynoscope.ui.common.ViewBindings.shownAs;
import static io.dynoscope.ui.common.ViewBindings.tooltip;

import io.dynoscope.core.transfer.TransferFormat;
import io.dynoscope.service.transfer.ImportService.Outcome;
import io.dynoscope.ui.common.FileFolders;
import io.dynoscope.ui.common.Spinners;
import io.dynoscope.ui.common.Views;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.RadioButton;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;

/**
 * The import dialog: the file and its format, the mapping of its columns, the preview of its first
 * items, then the import's progress, its bad lines and its report. Binds {@link ImportViewModel}.
 */
public final class ImportView {

    private final ImportViewModel viewModel;

    @FXML private BorderPane root;
    @FXML private TextField fileField;
    @FXML private Button chooseButton;
    @FXML private ChoiceBox<TransferFormat> formatChoice;
    @FXML private RadioButton existingTableRadio;
    @FXML private RadioButton newTableRadio;
    @FXML private TextField newTableName;
    @FXML private Label partitionKeyLabel;
    @FXML private ComboBox<String> newPartitionKey;
    @FXML private Label sortKeyLabel;
    @FXML private ComboBox<String> newSortKey;
    @FXML private TextArea createRequestArea;
    @FXML private VBox createRequestBox;
    @FXML private GridPane mappingGrid;
    @FXML private TextField ruleField;
    @FXML private Button addRuleButton;
    @FXML private Label mappingLabel;
    @FXML private ListView<String> previewList;
    @FXML private Label messageLabel;
    @FXML private ListView<String> problemsList;
    @FXML private ProgressBar progressBar;
    @FXML private Label progressLabel;
    @FXML private Label reportLabel;
    @FXML private Button importButton;
    @FXML private Button resumeButton;
    @FXML private Button discardButton;
    @FXML private Button cancelButton;
    @FXML private Spinner<Integer> concurrencySpinner;
    @FXML private Button closeButton;

    public ImportView(ImportViewModel viewModel) {
        this.viewModel = viewModel;
    }

    public static Parent load(ImportViewModel viewModel) {
        return Views.load("Import.fxml", new ImportView(viewModel));
    }

    @FXML
    private void initialize() {
        bindTarget();
        bindFile();
        bindMapping();
        previewList.setItems(viewModel.preview());
        previewList.setPlaceholder(new Label("Choose a file to see its first items."));
        tooltip(
                previewList,
                "The first items as they would be written, in DynamoDB JSON; a bad line"
                        + " shows what is wrong with it");
        messageLabel.textProperty().bind(viewModel.messageProperty());
        problemsList.setItems(viewModel.problems());
        tooltip(problemsList, "Every line that cannot be written, with its number");
        showWhen(Bindings.isNotEmpty(viewModel.problems()), problemsList);
        bindRun();
    }

    /** The table it goes into: the one it was opened on, or a new one keyed by the file's items. */
    private void bindTarget() {
        NewTableTarget created = viewModel.newTable();
        existingTableRadio.setText("table " + viewModel.table());
        tooltip(existingTableRadio, "Write the items into " + viewModel.table());
        newTableRadio.setDisable(!created.available());
        newTableRadio.selectedProperty().bindBidirectional(created.chosenProperty());
        tooltip(
                newTableRadio,
                "Create a table keyed by attributes of the file's items, then write them into it;"
                        + " the whole file is checked before the table is created");
        newTableName.textProperty().bindBidirectional(created.nameProperty());
        tooltip(newTableName, "The new table's name");
        newPartitionKey.setItems(created.attributes());
        // the sort key may be none: the empty choice first
        ObservableList<String> sortKeys = FXCollections.observableArrayList("");
        created.attributes()
                .addListener(
                        (ListChangeListener<String>)
                                c -> {
                                    List<String> choices = new ArrayList<>(List.of(""));
                                    choices.addAll(created.attributes());
                                    sortKeys.setAll(choices);
                                });
        newSortKey.setItems(sortKeys);
        newSortKey.setConverter(shownAs(k -> k == null || k.isEmpty() ? "(none)" : k));
        newPartitionKey.valueProperty().bindBidirectional(created.partitionKeyProperty());
        newSortKey.valueProperty().bindBidirectional(created.sortKeyProperty());
        tooltip(newPartitionKey, "The attribute of the items that becomes the partition key");
        tooltip(newSortKey, "The attribute that becomes the sort key (empty: none)");
        createRequestArea.textProperty().bind(created.createRequestProperty());
        importButton
                .textProperty()
                .bind(
                        Bindings.when(created.chosenProperty())
                                .then("Create table and import")
                                .otherwise("Import"));
        tooltip(createRequestArea, "The CreateTable request Import sends once the file is checked");
        showWhen(
                created.chosenProperty(),
                newTableName,
                partitionKeyLabel,
                newPartitionKey,
                sortKeyLabel,
                newSortKey,
                createRequestBox);
    }

    private void bindFile() {
        viewModel
                .fileProperty()
                .addListener(
                        (o, old, path) -> fileField.setText(path == null ? "" : path.toString()));
        fileField.setOnKeyPressed(
                e -> {
                    if (e.getCode() == KeyCode.ENTER && !fileField.getText().isBlank()) {
                        viewModel.chooseFile(Path.of(fileField.getText().strip()));
                        e.consume();
                    }
                });
        tooltip(fileField, "The file to import; type a path and press Enter");
        chooseButton.setOnAction(e -> chooseFile());
        tooltip(chooseButton, "JSON lines, DynamoDB JSON lines (S3 export, .gz too) or CSV");
        formatChoice.getItems().setAll(TransferFormat.values());
        formatChoice.setConverter(shownAs(TransferFormat::id));
        formatChoice.valueProperty().bindBidirectional(viewModel.formatProperty());
        tooltip(
                formatChoice,
                "dynamodb-json: typed items or S3-export lines; json: plain JSON items;"
                        + " csv: a header row, then one item a row");
    }

    private void chooseFile() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Import into " + viewModel.table());
        chooser.getExtensionFilters()
                .addAll(
                        new FileChooser.ExtensionFilter(
                                "Items (*.jsonl, *.json, *.json.gz, *.csv)",
                                "*.jsonl",
                                "*.json",
                                "*.gz",
                                "*.csv"),
                        new FileChooser.ExtensionFilter("All files", "*"));
        File chosen = FileFolders.showOpen(chooser, root.getScene().getWindow());
        if (chosen != null) {
            viewModel.chooseFile(chosen.toPath());
        }
    }

    private void bindMapping() {
        viewModel.mapping().addListener((ListChangeListener<MappingRow>) c -> rebuildMapping(c));
        rebuildMapping(null);
        addRuleButton.setOnAction(
                e -> {
                    if (!ruleField.getText().isBlank()) {
                        viewModel.addRule(ruleField.getText().strip());
                        ruleField.clear();
                    }
                });
        tooltip(addRuleButton, "Give a rule for an attribute the preview has not met yet");
        tooltip(ruleField, "The input attribute (or column) to give a rule");
    }

    private void rebuildMapping(ListChangeListener.Change<? extends MappingRow> change) {
        if (change != null) {
            boolean structural = false;
            while (change.next()) {
                structural |= change.wasAdded() || change.wasRemoved() || change.wasReplaced();
            }
            if (!structural) {
                mappingLabel.setText(mappingText());
                return;
            }
        }
        mappingGrid.getChildren().clear();
        List<String> headers = List.of("Column", "Attribute", "Type", "Leave out");
        for (int c = 0; c < headers.size(); c++) {
            Label header = new Label(headers.get(c));
            header.getStyleClass().add("mapping-header");
            mappingGrid.add(header, c, 0);
        }
        int row = 1;
        for (MappingRow mapping : viewModel.mapping()) {
            String id = "map-" + (row - 1);
            Label column = new Label(mapping.column());
            column.setId(id + "-column");
            TextField attribute = new TextField();
            attribute.setId(id + "-attribute");
            attribute.setPrefColumnCount(10);
            attribute.textProperty().bindBidirectional(mapping.attributeProperty());
            tooltip(attribute, "The attribute this column becomes");
            ChoiceBox<MappingRow.Type> type = new ChoiceBox<>();
            type.setId(id + "-type");
            type.getItems().setAll(MappingRow.Type.values());
            type.valueProperty().bindBidirectional(mapping.typeProperty());
            tooltip(
                    type,
                    "The type it is written as; 'as read' keeps a key's table type, a"
                            + " CSV cell's DynamoDB JSON, else a string");
            CheckBox leftOut = new CheckBox();
            leftOut.setId(id + "-skip");
            leftOut.selectedProperty().bindBidirectional(mapping.leftOutProperty());
            tooltip(leftOut, "Leave this column out of the items");
            attribute.disableProperty().bind(mapping.leftOutProperty());
            type.disableProperty().bind(mapping.leftOutProperty());
            mappingGrid.addRow(row++, column, attribute, type, leftOut);
        }
        mappingLabel.setText(mappingText());
    }

    private String mappingText() {
        String rules = viewModel.mappingText();
        return rules.isEmpty()
                ? "Every column is written as it was read."
                : "As --map rules: " + rules;
    }

    private void bindRun() {
        var running = viewModel.task().runningProperty();
        var noFile = viewModel.fileProperty().isNull();
        var done = viewModel.outcomeProperty().isEqualTo(Outcome.COMPLETE);
        importButton
                .disableProperty()
                .bind(running.or(noFile).or(viewModel.resumableProperty()).or(done));
        importButton.setOnAction(e -> viewModel.start());
        tooltip(
                importButton,
                "Check every line, then write the items by batches of 25 (nothing is"
                        + " written while a line is bad)");
        resumeButton.disableProperty().bind(running.or(viewModel.resumableProperty().not()));
        resumeButton.setOnAction(e -> viewModel.resume());
        tooltip(
                resumeButton,
                "Go on from the journal of the unfinished import of this file: only what"
                        + " is left is written, no item twice");
        discardButton.disableProperty().bind(running.or(viewModel.resumableProperty().not()));
        discardButton.setOnAction(e -> viewModel.discardJournal());
        tooltip(
                discardButton,
                "Delete the journal of the unfinished import, to import from the start");
        cancelButton.disableProperty().bind(running.not());
        cancelButton.setOnAction(e -> viewModel.task().cancel());
        tooltip(cancelButton, "Stop; the journal keeps what was written, so Resume can go on");
        Spinners.bind(
                concurrencySpinner,
                viewModel.concurrencyProperty(),
                1,
                32,
                "BatchWriteItem requests in flight at once: 1 suits a local engine, 4 AWS");
        concurrencySpinner.disableProperty().bind(running);
        progressBar.progressProperty().bind(viewModel.task().progressProperty());
        progressBar.visibleProperty().bind(running.or(viewModel.outcomeProperty().isNotNull()));
        progressLabel.textProperty().bind(viewModel.task().progressTextProperty());
        reportLabel.textProperty().bind(viewModel.reportProperty());
        closeButton.setOnAction(e -> root.getScene().getWindow().hide());
        // a finished import is done: Import is off until another file is chosen, Enter closes
        done.addListener(
                (obs, was, finished) -> {
                    closeButton.setDefaultButton(finished);
                    if (finished) {
                        closeButton.requestFocus();
                    }
                });
        tooltip(closeButton, "Close; a running import is cancelled (Resume goes on)");
    }
}

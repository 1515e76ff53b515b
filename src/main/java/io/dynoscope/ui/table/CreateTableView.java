package io.dynoscope.ui.table;

import static io.dynoscope.ui.common.ViewBindings.rebuildOnRowChanges;
import static io.dynoscope.ui.common.ViewBindings.tooltip;

import io.dynoscope.core.table.KeyType;
import io.dynoscope.ui.common.Views;
import java.util.List;
import javafx.collections.ObservableList;
import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.RadioButton;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;

/**
 * The create-table form: binds {@link CreateTableViewModel}, shows the exact request beside the
 * form, and sends it with Create table.
 */
public final class CreateTableView {

    private final CreateTableViewModel viewModel;

    @FXML private BorderPane root;
    @FXML private TextField tableNameField;
    @FXML private TextField partitionKeyField;
    @FXML private ChoiceBox<KeyType> partitionKeyTypeChoice;
    @FXML private TextField sortKeyField;
    @FXML private ChoiceBox<KeyType> sortKeyTypeChoice;
    @FXML private RadioButton onDemandRadio;
    @FXML private RadioButton provisionedRadio;
    @FXML private Label readCapacityLabel;
    @FXML private Spinner<Integer> readCapacitySpinner;
    @FXML private Label writeCapacityLabel;
    @FXML private Spinner<Integer> writeCapacitySpinner;
    @FXML private TextField ttlField;
    @FXML private Button addGlobalButton;
    @FXML private VBox globalBox;
    @FXML private Button addLocalButton;
    @FXML private VBox localBox;
    @FXML private TextArea requestArea;
    @FXML private Label problemLabel;
    @FXML private Label noteLabel;
    @FXML private Button createButton;
    @FXML private Button closeButton;
    @FXML private ProgressIndicator busyIndicator;
    @FXML private Label statusLabel;

    public CreateTableView(CreateTableViewModel viewModel) {
        this.viewModel = viewModel;
    }

    public static Parent load(CreateTableViewModel viewModel) {
        return Views.load("CreateTable.fxml", new CreateTableView(viewModel));
    }

    @FXML
    private void initialize() {
        tableNameField.textProperty().bindBidirectional(viewModel.tableNameProperty());
        tooltip(tableNameField, "The new table's name: 3 to 255 letters, digits, '_', '-' or '.'");
        partitionKeyField.textProperty().bindBidirectional(viewModel.keys().partitionKeyProperty());
        tooltip(partitionKeyField, "The attribute every item is partitioned by, e.g. EntityRef");
        sortKeyField.textProperty().bindBidirectional(viewModel.keys().sortKeyProperty());
        tooltip(
                sortKeyField,
                "The attribute items are sorted by within a partition, or blank for none");
        TableForms.bindType(partitionKeyTypeChoice, viewModel.keys().partitionKeyTypeProperty());
        TableForms.bindType(sortKeyTypeChoice, viewModel.keys().sortKeyTypeProperty());
        ttlField.textProperty().bindBidirectional(viewModel.ttlAttributeProperty());
        tooltip(
                ttlField,
                "The attribute holding each item's expiry in epoch seconds; DynamoDB"
                        + " deletes expired items. Blank for no TTL");
        bindBilling();
        bindIndexes(viewModel.globalIndexes(), globalBox, "gsi");
        bindIndexes(viewModel.localIndexes(), localBox, "lsi");
        addGlobalButton.setOnAction(e -> viewModel.addGlobalIndex());
        tooltip(addGlobalButton, "Add a global secondary index (at most 20)");
        addLocalButton.setOnAction(e -> viewModel.addLocalIndex());
        tooltip(
                addLocalButton,
                "Add a local secondary index (at most 5; the table needs a sort key, and"
                        + " each item collection is then limited to 10 GB)");

        requestArea.textProperty().bind(viewModel.requestTextProperty());
        tooltip(requestArea, "The requests exactly as they are sent, in DynamoDB's JSON");
        problemLabel.textProperty().bind(viewModel.problemProperty());
        noteLabel.setText(viewModel.engineNote());
        noteLabel.setVisible(!viewModel.engineNote().isEmpty());
        noteLabel.setManaged(!viewModel.engineNote().isEmpty());
        createButton.disableProperty().bind(viewModel.canCreateProperty().not());
        createButton.setOnAction(e -> viewModel.create());
        tooltip(createButton, "Send the requests shown, and wait for the table");
        closeButton.setOnAction(e -> root.getScene().getWindow().hide());
        tooltip(closeButton, "Close (Esc)");
        busyIndicator.visibleProperty().bind(viewModel.runningProperty());
        // once the table is created the form is done: Enter closes it
        viewModel
                .createdProperty()
                .addListener(
                        (obs, old, created) -> {
                            if (created != null) {
                                closeButton.setDefaultButton(true);
                                closeButton.requestFocus();
                            }
                        });
        statusLabel.textProperty().bind(viewModel.statusProperty());
    }

    private void bindBilling() {
        ToggleGroup billing = new ToggleGroup();
        onDemandRadio.setToggleGroup(billing);
        provisionedRadio.setToggleGroup(billing);
        provisionedRadio.setSelected(viewModel.capacity().provisionedProperty().get());
        provisionedRadio
                .selectedProperty()
                .bindBidirectional(viewModel.capacity().provisionedProperty());
        tooltip(onDemandRadio, "Pay per request: no capacity to plan");
        tooltip(
                provisionedRadio,
                "Provisioned capacity, the same for the table and each global index");
        TableForms.capacity(
                readCapacitySpinner, viewModel.capacity().readCapacityProperty(), "read");
        TableForms.capacity(
                writeCapacitySpinner, viewModel.capacity().writeCapacityProperty(), "write");
        for (var node :
                List.of(
                        readCapacityLabel,
                        readCapacitySpinner,
                        writeCapacityLabel,
                        writeCapacitySpinner)) {
            node.disableProperty().bind(viewModel.capacity().provisionedProperty().not());
        }
    }

    private void bindIndexes(ObservableList<IndexRow> rows, VBox box, String prefix) {
        rebuildOnRowChanges(
                rows,
                () -> {
                    box.getChildren().clear();
                    for (int i = 0; i < rows.size(); i++) {
                        IndexRow row = rows.get(i);
                        box.getChildren()
                                .add(
                                        TableForms.index(
                                                row,
                                                prefix + "-" + i,
                                                () -> viewModel.removeIndex(row)));
                    }
                });
    }
}

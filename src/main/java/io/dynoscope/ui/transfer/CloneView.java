package io.dynoscope.ui.transfer;

import static io.dynoscope.ui.common.ViewBindings.tooltip;

import io.dynoscope.ui.common.Spinners;
import io.dynoscope.ui.common.Views;
import java.util.List;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.RadioButton;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.BorderPane;

/** The clone dialog: the target, the copy's name and billing, the requests, progress, report. */
public final class CloneView {

    private final CloneViewModel viewModel;

    @FXML private BorderPane root;
    @FXML private Label titleLabel;
    @FXML private ChoiceBox<CloneTarget> targetChoice;
    @FXML private Label readOnlyLabel;
    @FXML private TextField targetTableField;
    @FXML private RadioButton onDemandRadio;
    @FXML private RadioButton provisionedRadio;
    @FXML private Spinner<Integer> readCapacitySpinner;
    @FXML private Spinner<Integer> writeCapacitySpinner;
    @FXML private Spinner<Integer> segmentsSpinner;
    @FXML private Spinner<Integer> concurrencySpinner;
    @FXML private Button planButton;
    @FXML private TextArea requestArea;
    @FXML private ProgressBar progressBar;
    @FXML private Label progressLabel;
    @FXML private Label problemLabel;
    @FXML private Label reportLabel;
    @FXML private Button cloneButton;
    @FXML private Button cancelButton;
    @FXML private Button closeButton;

    public CloneView(CloneViewModel viewModel) {
        this.viewModel = viewModel;
    }

    public static Parent load(CloneViewModel viewModel) {
        return Views.load("Clone.fxml", new CloneView(viewModel));
    }

    @FXML
    private void initialize() {
        titleLabel.setText(
                "Clone table "
                        + viewModel.table()
                        + ": its keys, indexes, TTL attribute and every item");
        targetChoice.setItems(viewModel.targets());
        targetChoice.valueProperty().bindBidirectional(viewModel.targetProperty());
        tooltip(targetChoice, "The connection the copy is created on (the sidebar's connections)");
        readOnlyLabel.textProperty().bind(viewModel.targetReadOnlyProperty());
        targetTableField.textProperty().bindBidirectional(viewModel.targetTableProperty());
        tooltip(
                targetTableField,
                "The copy's name at the target; a table of that name must not exist");
        ToggleGroup billing = new ToggleGroup();
        onDemandRadio.setToggleGroup(billing);
        provisionedRadio.setToggleGroup(billing);
        provisionedRadio
                .selectedProperty()
                .bindBidirectional(viewModel.capacity().provisionedProperty());
        tooltip(onDemandRadio, "The copy is billed per request");
        tooltip(provisionedRadio, "The copy and its global indexes get the capacity given here");
        Spinners.bind(
                readCapacitySpinner,
                viewModel.capacity().readCapacityProperty(),
                1,
                40_000,
                "Read capacity units");
        Spinners.bind(
                writeCapacitySpinner,
                viewModel.capacity().writeCapacityProperty(),
                1,
                40_000,
                "Write capacity units");
        for (Node node : List.of(readCapacitySpinner, writeCapacitySpinner)) {
            node.disableProperty().bind(viewModel.capacity().provisionedProperty().not());
        }
        Spinners.bind(
                segmentsSpinner,
                viewModel.segmentsProperty(),
                1,
                64,
                "Parallel Scan segments reading the source");
        Spinners.bind(
                concurrencySpinner,
                viewModel.concurrencyProperty(),
                1,
                32,
                "BatchWriteItem requests in flight at the target: 1 suits a local engine, 4 AWS");
        planButton.setOnAction(e -> viewModel.plan());
        planButton.disableProperty().bind(viewModel.task().runningProperty());
        tooltip(planButton, "Show the CreateTable request the copy gets; sends nothing");
        requestArea.textProperty().bind(viewModel.requestTextProperty());
        tooltip(requestArea, "The requests exactly as they are sent, in DynamoDB's JSON");
        progressBar.progressProperty().bind(viewModel.task().progressProperty());
        progressBar
                .visibleProperty()
                .bind(
                        viewModel
                                .task()
                                .runningProperty()
                                .or(viewModel.resultProperty().isNotNull()));
        progressLabel.textProperty().bind(viewModel.task().progressTextProperty());
        problemLabel.textProperty().bind(viewModel.problemProperty());
        reportLabel.textProperty().bind(viewModel.reportProperty());
        cloneButton.disableProperty().bind(viewModel.canCloneProperty().not());
        cloneButton.setOnAction(e -> viewModel.start());
        tooltip(
                cloneButton,
                "Create the copy, copy every item (parallel Scan, batch writes), then count"
                        + " the copy");
        cancelButton.disableProperty().bind(viewModel.task().runningProperty().not());
        cancelButton.setOnAction(e -> viewModel.task().cancel());
        tooltip(cancelButton, "Stop copying; the copy keeps what was written");
        closeButton.setOnAction(e -> root.getScene().getWindow().hide());
        tooltip(closeButton, "Close; a running clone is cancelled");
    }
}

package io.dynoscope.ui.migration;

import static io.dynoscope.ui.common.ViewBindings.showWhen;
import static io.dynoscope.ui.common.ViewBindings.tooltip;

import io.dynoscope.ui.common.Spinners;
import io.dynoscope.ui.common.Views;
import io.dynoscope.ui.common.job.RunOnClusterDialog;
import javafx.beans.binding.Bindings;
import javafx.collections.ObservableList;
import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Spinner;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;

/** The Migrate… window: plan (dry run), apply with progress and cancel, and the report. */
public final class MigrationView {

    private final MigrationViewModel viewModel;

    @FXML private BorderPane root;
    @FXML private Label titleLabel;
    @FXML private Label readOnlyLabel;
    @FXML private Button planButton;
    @FXML private Spinner<Integer> sampleSpinner;
    @FXML private Spinner<Integer> concurrencySpinner;
    @FXML private CheckBox cleanupCheck;
    @FXML private CheckBox resumeCheck;
    @FXML private Button applyButton;
    @FXML private Button cancelButton;
    @FXML private Button clusterButton;
    @FXML private TabPane tabs;
    @FXML private Tab planTab;
    @FXML private Tab reportTab;
    @FXML private TextArea planArea;
    @FXML private VBox planSections;
    @FXML private TextArea reportArea;
    @FXML private ProgressBar progressBar;
    @FXML private Label progressLabel;
    @FXML private Label problemLabel;
    @FXML private Label noteLabel;
    @FXML private Button closeButton;
    @FXML private VBox confirmBox;
    @FXML private TextArea confirmArea;
    @FXML private Button confirmButton;
    @FXML private Button dropButton;

    public MigrationView(MigrationViewModel viewModel) {
        this.viewModel = viewModel;
    }

    public static Parent load(MigrationViewModel viewModel) {
        return Views.load("Migration.fxml", new MigrationView(viewModel));
    }

    /**
     * Opens the window over {@code owner}, styled like it, and restyled with it when the theme
     * changes while it is open; a migration still running when it closes is cancelled (its journal
     * lets Apply resume it).
     */
    public static Stage open(
            Window owner, ObservableList<String> stylesheets, MigrationViewModel viewModel) {
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.initModality(Modality.WINDOW_MODAL);
        stage.setTitle("Migrate " + viewModel.table());
        Scene scene = new Scene(load(viewModel));
        // the binding holds the window's list weakly: a closed window is not kept
        Bindings.bindContent(scene.getStylesheets(), stylesheets);
        stage.setScene(scene);
        stage.setOnHidden(e -> viewModel.cancel());
        stage.show();
        return stage;
    }

    @FXML
    private void initialize() {
        titleLabel.setText(
                "Migrate table "
                        + viewModel.table()
                        + " from "
                        + viewModel.currentSource()
                        + " to the model edited in the Model tab");
        viewModel
                .readOnlyReason()
                .ifPresent(
                        reason -> {
                            readOnlyLabel.setText(
                                    "The connection is read-only ("
                                            + reason
                                            + "): the plan can be read, nothing applied.");
                            readOnlyLabel.setManaged(true);
                            readOnlyLabel.setVisible(true);
                        });
        planButton.setOnAction(e -> viewModel.plan());
        planButton.disableProperty().bind(viewModel.runningProperty());
        tooltip(
                planButton,
                "Read the table's description and one sample, and show what the migration"
                        + " would do and cost; writes nothing");
        Spinners.bind(
                sampleSpinner,
                viewModel.sampleSizeProperty(),
                1,
                1_000_000,
                "Items the plan reads (one Scan) to count the entities and the writes; more than"
                        + " the table holds reads all of it");
        Spinners.bind(
                concurrencySpinner,
                viewModel.concurrencyProperty(),
                1,
                64,
                "Scan segments, and so guarded writes, in flight at once");
        cleanupCheck.selectedProperty().bindBidirectional(viewModel.cleanupProperty());
        tooltip(
                cleanupCheck,
                "Once the proof passed, delete the indexes and remove the attributes the"
                        + " edited model no longer uses (guarded like the backfill)");
        resumeCheck.selectedProperty().bindBidirectional(viewModel.resumeProperty());
        showWhen(viewModel.resumableProperty(), resumeCheck);
        tooltip(
                resumeCheck,
                "An earlier run stopped before the end: go on from its journal, skipping"
                        + " what it did");
        applyButton.disableProperty().bind(viewModel.canApplyProperty().not());
        applyButton.setOnAction(e -> viewModel.apply());
        tooltip(
                applyButton,
                "Show the requests that create the new indexes and write the computed"
                        + " attributes (guarded UpdateItem), then send them once confirmed;"
                        + " catch up with other writers, then prove the result");
        confirmArea.textProperty().bind(viewModel.confirmationProperty());
        showWhen(viewModel.confirmationProperty().isNotEmpty(), confirmBox);
        confirmButton.setOnAction(e -> viewModel.confirm());
        tooltip(
                confirmButton,
                "Send the requests shown, with progress; Cancel stops between items");
        dropButton.setOnAction(e -> viewModel.dropConfirmation());
        tooltip(dropButton, "Send nothing");
        RunOnClusterDialog.offer(
                clusterButton,
                viewModel.canRunOnCluster(),
                viewModel.runningProperty(),
                viewModel::runOnCluster);
        tooltip(clusterButton, "Run this migration as a Spark job (docs/jobs.md)");
        cancelButton.disableProperty().bind(viewModel.runningProperty().not());
        cancelButton.setOnAction(e -> viewModel.cancel());
        tooltip(
                cancelButton,
                "Stop after the writes in flight; Apply again resumes from the journal");
        planArea.textProperty().bind(viewModel.planTextProperty());
        viewModel
                .planTextProperty()
                .addListener((obs, was, text) -> PlanSectionsView.fill(planSections, text));
        PlanSectionsView.fill(planSections, viewModel.planTextProperty().get());
        planArea.setPromptText(
                "Plan (dry run) reads a sample of the table and shows the plan here.");
        reportArea.textProperty().bind(viewModel.reportTextProperty());
        // a cluster job's report comes without a report object: show it as it arrives
        viewModel
                .reportTextProperty()
                .addListener(
                        (obs, was, text) -> {
                            if (text.startsWith(MigrationViewModel.JOB_REPORT)) {
                                tabs.getSelectionModel().select(reportTab);
                            }
                        });
        reportArea.setPromptText("Apply shows what was done here, and the proof.");
        viewModel
                .reportProperty()
                .addListener(
                        (obs, was, report) -> {
                            if (report != null) {
                                tabs.getSelectionModel().select(reportTab);
                            }
                        });
        viewModel
                .planProperty()
                .addListener(
                        (obs, was, plan) -> {
                            if (plan != null) {
                                tabs.getSelectionModel().select(planTab);
                            }
                        });
        progressBar.progressProperty().bind(viewModel.progressProperty());
        progressLabel.textProperty().bind(viewModel.progressTextProperty());
        problemLabel.textProperty().bind(viewModel.problemProperty());
        noteLabel.setText(
                "Deploy the application that writes the new attributes before migrating: what"
                        + " others write meanwhile is caught up, but only until the run ends.");
        closeButton.setOnAction(e -> root.getScene().getWindow().hide());
        tooltip(closeButton, "Close; a running migration is cancelled");
    }
}

package io.dynoscope.ui.drift;

import static io.dynoscope.ui.common.ViewBindings.column;
import static io.dynoscope.ui.common.ViewBindings.showWhen;
import static io.dynoscope.ui.common.ViewBindings.tooltip;

import io.dynoscope.core.drift.DenormalizationRule;
import io.dynoscope.ui.common.FileFolders;
import io.dynoscope.ui.common.Views;
import io.dynoscope.ui.common.job.RunOnClusterDialog;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.control.cell.CheckBoxTableCell;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.stage.FileChooser;

/** Binds the drift inspector panel to its view model; all logic stays in the view model. */
public final class DriftInspectorView {

    private final DriftInspectorViewModel viewModel;

    @FXML private BorderPane root;
    @FXML private ComboBox<DenormalizationRule> ruleChoice;
    @FXML private Button suggestButton;
    @FXML private MenuItem importItem;
    @FXML private MenuItem exportItem;
    @FXML private Button detectButton;
    @FXML private Button cancelButton;
    @FXML private Button clusterButton;
    @FXML private ProgressBar progressBar;
    @FXML private Label progressLabel;
    @FXML private Label costLabel;
    @FXML private Label messageLabel;
    @FXML private TableView<DriftInspectorViewModel.SourceRow> sourcesTable;
    @FXML private TableColumn<DriftInspectorViewModel.SourceRow, String> sourceKeyColumn;
    @FXML private TableColumn<DriftInspectorViewModel.SourceRow, String> sourceValueColumn;
    @FXML private TableColumn<DriftInspectorViewModel.SourceRow, Integer> sourceCopiesColumn;
    @FXML private TableColumn<DriftInspectorViewModel.SourceRow, Integer> sourceDriftedColumn;
    @FXML private TableView<DriftInspectorViewModel.CopyRow> copiesTable;
    @FXML private TableColumn<DriftInspectorViewModel.CopyRow, Boolean> selectedColumn;
    @FXML private TableColumn<DriftInspectorViewModel.CopyRow, String> copyKeyColumn;
    @FXML private TableColumn<DriftInspectorViewModel.CopyRow, String> copyValueColumn;
    @FXML private TableColumn<DriftInspectorViewModel.CopyRow, String> copySourceValueColumn;
    @FXML private TableColumn<DriftInspectorViewModel.CopyRow, String> copySourceKeyColumn;
    @FXML private Button selectAllButton;
    @FXML private Button selectNoneButton;
    @FXML private Spinner<Integer> concurrencySpinner;
    @FXML private Button previewButton;
    @FXML private Button propagateButton;
    @FXML private Label readsLabel;
    @FXML private Label guardLabel;
    @FXML private HBox progressBox;
    @FXML private SplitPane resultSplit;
    private final ListView<String> orphanList = new ListView<>();
    private final ListView<String> previewList = new ListView<>();
    private final ListView<String> reportList = new ListView<>();
    private final TabPane results = new TabPane();

    public DriftInspectorView(DriftInspectorViewModel viewModel) {
        this.viewModel = viewModel;
    }

    /** Loads the panel for {@code viewModel}. */
    public static Parent load(DriftInspectorViewModel viewModel) {
        return Views.load("DriftInspector.fxml", new DriftInspectorView(viewModel));
    }

    @FXML
    private void initialize() {
        ruleChoice.setItems(viewModel.rules());
        ruleChoice.valueProperty().bindBidirectional(viewModel.selectedRuleProperty());
        ruleChoice.setCellFactory(list -> new RuleCell());
        ruleChoice.setButtonCell(new RuleCell());
        costLabel.textProperty().bind(viewModel.costProperty());
        messageLabel.textProperty().bind(viewModel.messageProperty());
        messageLabel.managedProperty().bind(viewModel.messageProperty().isNotEmpty());
        progressBar.progressProperty().bind(viewModel.task().progressProperty());
        showWhen(viewModel.task().runningProperty(), progressBar);
        progressLabel.textProperty().bind(viewModel.task().progressTextProperty());
        var progressShown =
                viewModel
                        .task()
                        .runningProperty()
                        .or(viewModel.task().progressTextProperty().isNotEmpty());
        showWhen(progressShown, progressBox);
        readsLabel.textProperty().bind(viewModel.readsTextProperty());
        figures(readsLabel, viewModel.readFiguresProperty());
        figures(progressLabel, viewModel.resultFiguresProperty());
        tooltip(costLabel, "The requests detecting drift with this rule makes");
        costLabel.managedProperty().bind(viewModel.costProperty().isNotEmpty());

        sourcesTable.setItems(viewModel.sources());
        Label sourcesNote = new Label();
        sourcesNote.setId("sourcesNote");
        sourcesNote.setWrapText(true);
        sourcesNote.textProperty().bind(viewModel.sourcesNoteProperty());
        sourcesTable.setPlaceholder(sourcesNote);
        column(sourceKeyColumn, DriftInspectorViewModel.SourceRow::sourceKey);
        column(sourceValueColumn, DriftInspectorViewModel.SourceRow::value);
        column(sourceCopiesColumn, DriftInspectorViewModel.SourceRow::copies);
        column(sourceDriftedColumn, DriftInspectorViewModel.SourceRow::drifted);

        copiesTable.setItems(viewModel.copies());
        selectedColumn.setCellValueFactory(c -> c.getValue().selectedProperty());
        selectedColumn.setCellFactory(CheckBoxTableCell.forTableColumn(selectedColumn));
        column(copyKeyColumn, DriftInspectorViewModel.CopyRow::copyKey);
        column(copyValueColumn, DriftInspectorViewModel.CopyRow::copyValue);
        column(copySourceValueColumn, DriftInspectorViewModel.CopyRow::sourceValue);
        column(copySourceKeyColumn, DriftInspectorViewModel.CopyRow::sourceKey);

        bindResults();

        concurrencySpinner.setValueFactory(
                new SpinnerValueFactory.IntegerSpinnerValueFactory(
                        1, 64, viewModel.concurrencyProperty().get()));
        concurrencySpinner
                .valueProperty()
                .addListener((obs, old, value) -> viewModel.concurrencyProperty().set(value));

        var running = viewModel.task().runningProperty();
        suggestButton.setOnAction(e -> viewModel.suggestRules());
        suggestButton.disableProperty().bind(running);
        importItem.setOnAction(e -> importRules());
        exportItem.setOnAction(e -> exportRules());
        exportItem.disableProperty().bind(Bindings.isEmpty(viewModel.rules()));
        detectButton.setOnAction(e -> viewModel.detect());
        detectButton.disableProperty().bind(running.or(viewModel.selectedRuleProperty().isNull()));
        cancelButton.setOnAction(e -> viewModel.task().cancel());
        cancelButton.disableProperty().bind(running.not());
        RunOnClusterDialog.offer(
                clusterButton,
                viewModel.canRunOnCluster(),
                running.or(viewModel.selectedRuleProperty().isNull()),
                viewModel::runOnCluster);
        selectAllButton.setOnAction(e -> viewModel.selectAll(true));
        selectNoneButton.setOnAction(e -> viewModel.selectAll(false));
        previewButton.setOnAction(e -> viewModel.preview());
        previewButton.disableProperty().bind(running.or(viewModel.reportProperty().isNull()));
        propagateButton.setOnAction(e -> viewModel.propagate());
        String readOnly = viewModel.readOnlyReason();
        if (readOnly.isEmpty()) {
            propagateButton.disableProperty().bind(running.or(viewModel.planProperty().isNull()));
            guardLabel.setText(
                    "Propagation is guarded: a copy is written only if it still holds the stale"
                            + " value shown; a copy changed since is left alone.");
        } else {
            propagateButton.setDisable(true);
            String why = "Propagation is disabled: the connection is read-only (" + readOnly + ").";
            tooltip(propagateButton, why);
            guardLabel.setText(why);
        }
        // Esc stops what runs, as everywhere in the window
        root.addEventFilter(
                KeyEvent.KEY_PRESSED,
                e -> {
                    if (e.getCode() == KeyCode.ESCAPE && running.get()) {
                        viewModel.task().cancel();
                        e.consume();
                    }
                });
    }

    /** A tooltip with the exact figures behind a label's words, while there are some. */
    private static void figures(Label label, ReadOnlyStringProperty exact) {
        Tooltip tip = new Tooltip();
        tip.textProperty().bind(exact);
        exact.addListener((obs, old, now) -> label.setTooltip(now.isEmpty() ? null : tip));
    }

    /**
     * The preview, the propagation report and the orphans, as tabs below the copies — only while
     * one of them has lines, so that no empty box takes the copies' room. The tab that just got
     * lines comes to the front.
     */
    private void bindResults() {
        results.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        results.setMinHeight(70);
        resultTab(
                previewList,
                "previewList",
                viewModel.previewLines(),
                "Preview",
                "The update each ticked copy gets, stale value → source's value; nothing is"
                        + " written yet");
        resultTab(
                reportList,
                "reportList",
                viewModel.reportLines(),
                "Report",
                "What the propagation did to each copy");
        resultTab(
                orphanList,
                "orphanList",
                viewModel.orphans(),
                "Orphans",
                "Copies whose source no longer exists");
    }

    private void resultTab(
            ListView<String> list,
            String id,
            ObservableList<String> lines,
            String title,
            String tooltip) {
        list.setId(id);
        list.setItems(lines);
        tooltip(list, tooltip);
        Tab tab = new Tab(title, list);
        tab.setTooltip(new Tooltip(tooltip));
        lines.addListener(
                (ListChangeListener<String>)
                        change -> {
                            if (lines.isEmpty()) {
                                results.getTabs().remove(tab);
                            } else {
                                if (!results.getTabs().contains(tab)) {
                                    results.getTabs().add(tab);
                                }
                                results.getSelectionModel().select(tab);
                            }
                            showResults();
                        });
    }

    private void showResults() {
        boolean any = !results.getTabs().isEmpty();
        if (any && !resultSplit.getItems().contains(results)) {
            resultSplit.getItems().add(results);
            resultSplit.setDividerPositions(0.6);
        } else if (!any) {
            resultSplit.getItems().remove(results);
        }
    }

    private void importRules() {
        File file = FileFolders.showOpen(ruleFileChooser(), root.getScene().getWindow());
        if (file != null) {
            try {
                viewModel.importRules(Files.readString(file.toPath(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                viewModel.fileProblem("cannot read " + file + ": " + e.getMessage());
            }
        }
    }

    private void exportRules() {
        File file = FileFolders.showSave(ruleFileChooser(), root.getScene().getWindow());
        if (file != null) {
            try {
                Files.writeString(file.toPath(), viewModel.exportRules(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                viewModel.fileProblem("cannot write " + file + ": " + e.getMessage());
            }
        }
    }

    private static FileChooser ruleFileChooser() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Drift rules");
        chooser.getExtensionFilters()
                .add(new FileChooser.ExtensionFilter("Rule files (*.json)", "*.json"));
        return chooser;
    }

    /** Shows a rule by its name, with its lookup. */
    private static final class RuleCell extends ListCell<DenormalizationRule> {
        @Override
        protected void updateItem(DenormalizationRule rule, boolean empty) {
            super.updateItem(rule, empty);
            setText(
                    empty || rule == null
                            ? null
                            : rule.name() + "  [" + rule.copies().lookup() + "]");
        }
    }
}

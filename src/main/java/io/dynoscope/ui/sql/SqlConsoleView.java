package io.dynoscope.ui.sql;

import io.dynoscope.core.sql.ResultExport;
import io.dynoscope.service.sql.ScanWarning;
import io.dynoscope.service.sql.SqlWritePlan;
import io.dynoscope.ui.common.Views;
import java.io.File;
import java.io.IOException;
import java.util.List;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.BorderPane;
import javafx.stage.FileChooser;

/**
 * Binds the SQL console tab to its view model: the editor (Ctrl/Cmd+Enter runs the statement under
 * the caret, Esc cancels), the streaming result grid, the plan beside it (double-click or "Open"
 * sends a request to the expression builder), export, and the dialogs that ask before a Scan or a
 * write.
 */
public final class SqlConsoleView {

    private static final KeyCombination RUN =
            new KeyCodeCombination(KeyCode.ENTER, KeyCombination.SHORTCUT_DOWN);

    private final SqlConsoleViewModel viewModel;

    @FXML private BorderPane root;
    @FXML private TextArea editor;
    @FXML private Button runButton;
    @FXML private Button explainButton;
    @FXML private Button cancelButton;
    @FXML private Button exportCsvButton;
    @FXML private Button exportJsonButton;
    @FXML private Button openButton;
    @FXML private ProgressIndicator progress;
    @FXML private TableView<List<Object>> resultTable;
    @FXML private ListView<SqlConsoleViewModel.PlanEntry> planList;
    @FXML private Label statusLabel;
    @FXML private Label errorLabel;

    public SqlConsoleView(SqlConsoleViewModel viewModel) {
        this.viewModel = viewModel;
    }

    /** Loads the console for {@code viewModel}. */
    public static Parent load(SqlConsoleViewModel viewModel) {
        return Views.load("SqlConsole.fxml", new SqlConsoleView(viewModel));
    }

    @FXML
    private void initialize() {
        editor.textProperty().bindBidirectional(viewModel.statementProperty());
        editor.addEventFilter(
                KeyEvent.KEY_PRESSED,
                e -> {
                    if (RUN.match(e)) {
                        viewModel.runAt(editor.getCaretPosition());
                        e.consume();
                    }
                });
        root.addEventFilter(
                KeyEvent.KEY_PRESSED,
                e -> {
                    if (e.getCode() == KeyCode.ESCAPE && viewModel.runningProperty().get()) {
                        viewModel.cancel();
                        e.consume();
                    }
                });
        // a console opens ready to type into
        editor.sceneProperty()
                .addListener(
                        (obs, old, scene) -> {
                            if (scene != null) {
                                Platform.runLater(editor::requestFocus);
                            }
                        });
        runButton.setOnAction(e -> viewModel.runAt(editor.getCaretPosition()));
        explainButton.setOnAction(e -> viewModel.explainAt(editor.getCaretPosition()));
        cancelButton.setOnAction(e -> viewModel.cancel());
        cancelButton.disableProperty().bind(viewModel.runningProperty().not());
        runButton.disableProperty().bind(viewModel.runningProperty());
        explainButton.disableProperty().bind(viewModel.runningProperty());
        progress.visibleProperty().bind(viewModel.runningProperty());
        progress.managedProperty().bind(viewModel.runningProperty());
        exportCsvButton.setOnAction(e -> export(true));
        exportJsonButton.setOnAction(e -> export(false));
        statusLabel.textProperty().bind(viewModel.statusProperty());
        errorLabel.textProperty().bind(viewModel.errorProperty());
        // on a read-only connection Run still reads; the status says writes are refused
        Runnable readOnlyNote =
                () -> {
                    String reason = viewModel.readOnlyReasonProperty().get();
                    runButton.setTooltip(
                            new Tooltip(
                                    reason.isEmpty()
                                            ? "Run the statement under the caret (Ctrl/Cmd+Enter)"
                                            : "Run the SELECT under the caret (Ctrl/Cmd+Enter);"
                                                    + " INSERT, UPDATE and DELETE are refused: the"
                                                    + " connection is read-only ("
                                                    + reason
                                                    + ")"));
                };
        viewModel.readOnlyReasonProperty().addListener((o, old, now) -> readOnlyNote.run());
        readOnlyNote.run();

        planList.setItems(viewModel.plan());
        planList.setOnMouseClicked(
                e -> {
                    if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2) {
                        viewModel.open(planList.getSelectionModel().getSelectedItem());
                    }
                });
        openButton.setOnAction(e -> viewModel.open(planList.getSelectionModel().getSelectedItem()));
        openButton
                .disableProperty()
                .bind(
                        planList.getSelectionModel()
                                .selectedItemProperty()
                                .map(p -> !p.openable())
                                .orElse(true));

        resultTable.setItems(viewModel.rows());
        viewModel.columns().addListener((ListChangeListener<String>) c -> rebuildColumns());
        viewModel.setScanApproval(SqlConsoleView::confirmScan);
        viewModel.setWriteApproval(SqlConsoleView::confirmWrites);
    }

    private void rebuildColumns() {
        resultTable.getColumns().clear();
        List<String> labels = viewModel.columns();
        for (int i = 0; i < labels.size(); i++) {
            int index = i;
            TableColumn<List<Object>, String> column = new TableColumn<>(labels.get(i));
            column.setCellValueFactory(
                    cell ->
                            new ReadOnlyStringWrapper(
                                    ResultExport.text(
                                            index < cell.getValue().size()
                                                    ? cell.getValue().get(index)
                                                    : null)));
            column.setPrefWidth(140);
            resultTable.getColumns().add(column);
        }
    }

    private static boolean confirmScan(ScanWarning warning) {
        Alert alert =
                new Alert(
                        Alert.AlertType.CONFIRMATION,
                        warning.describe()
                                + "\n\nA Scan reads every item of the table. Run it anyway?",
                        ButtonType.OK,
                        ButtonType.CANCEL);
        alert.setHeaderText("This statement must Scan");
        return alert.showAndWait().filter(b -> b == ButtonType.OK).isPresent();
    }

    private static boolean confirmWrites(SqlWritePlan plan) {
        Alert alert =
                new Alert(
                        Alert.AlertType.CONFIRMATION,
                        plan.describe(),
                        ButtonType.OK,
                        ButtonType.CANCEL);
        alert.setHeaderText("Send these conditional writes?");
        return alert.showAndWait().filter(b -> b == ButtonType.OK).isPresent();
    }

    private void export(boolean csv) {
        FileChooser chooser = new FileChooser();
        chooser.setInitialFileName(csv ? "result.csv" : "result.jsonl");
        File file = chooser.showSaveDialog(root.getScene().getWindow());
        if (file == null) {
            return;
        }
        try {
            if (csv) {
                viewModel.exportCsv(file.toPath());
            } else {
                viewModel.exportJson(file.toPath());
            }
        } catch (IOException e) {
            new Alert(Alert.AlertType.ERROR, "Export failed: " + e.getMessage()).showAndWait();
        }
    }
}

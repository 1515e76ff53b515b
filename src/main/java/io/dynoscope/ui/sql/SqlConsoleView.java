package io.dynoscope.ui.sql;

import static io.dynoscope.ui.common.ViewBindings.showWhen;
import static io.dynoscope.ui.common.ViewBindings.tooltip;

import io.dynoscope.core.sql.ResultExport;
import io.dynoscope.service.sql.ScanWarning;
import io.dynoscope.service.sql.SqlWritePlan;
import io.dynoscope.ui.common.DialogService;
import io.dynoscope.ui.common.FileFolders;
import io.dynoscope.ui.common.Views;
import java.io.File;
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
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.StackPane;
import javafx.stage.FileChooser;

/**
 * Binds the SQL console tab to its view model: the editor ({@link SqlEditor}: Ctrl/Cmd+Enter runs
 * the statement under the caret or the selection, Ctrl/Cmd+Shift+Enter explains it, Ctrl/Cmd+Space
 * completes, Ctrl/Cmd+Up and Down step through the history, Esc cancels), the schema list beside
 * it, the error underlined in the text with its message below, the streaming result grid, the plan
 * (double-click or "Open" sends a request to the expression builder), export, and the dialogs that
 * ask before a Scan or a write.
 */
public final class SqlConsoleView {

    private static final KeyCombination RUN =
            new KeyCodeCombination(KeyCode.ENTER, KeyCombination.SHORTCUT_DOWN);
    private static final KeyCombination EXPLAIN =
            new KeyCodeCombination(
                    KeyCode.ENTER, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN);
    private static final KeyCombination OLDER =
            new KeyCodeCombination(KeyCode.UP, KeyCombination.SHORTCUT_DOWN);
    private static final KeyCombination NEWER =
            new KeyCodeCombination(KeyCode.DOWN, KeyCombination.SHORTCUT_DOWN);

    private final SqlConsoleViewModel viewModel;
    private final SqlEditor editor = new SqlEditor();

    @FXML private BorderPane root;
    @FXML private StackPane editorHolder;
    @FXML private Button runButton;
    @FXML private Button explainButton;
    @FXML private Button cancelButton;
    @FXML private Button exportCsvButton;
    @FXML private Button exportJsonButton;
    @FXML private Button openButton;
    @FXML private MenuButton historyButton;
    @FXML private ProgressIndicator progress;
    @FXML private TableView<List<Object>> resultTable;
    @FXML private ListView<SqlConsoleViewModel.PlanEntry> planList;
    @FXML private TreeView<SchemaEntry> schemaTree;
    @FXML private Label statusLabel;
    @FXML private Label errorLabel;
    @FXML private Label hintLabel;

    public SqlConsoleView(SqlConsoleViewModel viewModel) {
        this.viewModel = viewModel;
    }

    /** Loads the console for {@code viewModel}. */
    public static Parent load(SqlConsoleViewModel viewModel) {
        return Views.load("SqlConsole.fxml", new SqlConsoleView(viewModel));
    }

    @FXML
    private void initialize() {
        editorHolder.getChildren().add(editor.node());
        bindEditor();
        bindToolbar();
        bindPlan();
        bindSchema();
        resultTable.setItems(viewModel.rows());
        viewModel.columns().addListener((ListChangeListener<String>) c -> rebuildColumns());
        viewModel.setScanApproval(this::confirmScan);
        viewModel.setWriteApproval(this::confirmWrites);
        viewModel.loadSchema();
    }

    private void bindEditor() {
        editor.setText(viewModel.statementProperty().get());
        editor.area()
                .textProperty()
                .addListener((o, old, now) -> viewModel.statementProperty().set(now));
        viewModel.statementProperty().addListener((o, old, now) -> editor.setText(now));
        editor.setOnCompletionRequest(viewModel::complete);
        editor.area().addEventFilter(KeyEvent.KEY_PRESSED, this::editorKeys);
        root.addEventFilter(
                KeyEvent.KEY_PRESSED,
                e -> {
                    if (e.getCode() == KeyCode.ESCAPE
                            && viewModel.runningProperty().get()
                            && !editor.completionShowing()) {
                        viewModel.cancel();
                        e.consume();
                    }
                });
        // a console opens ready to type into
        editor.area()
                .sceneProperty()
                .addListener(
                        (obs, old, scene) -> {
                            if (scene != null) {
                                Platform.runLater(editor.area()::requestFocus);
                            }
                        });
        errorLabel.textProperty().bind(viewModel.errorProperty());
        viewModel
                .errorSpotProperty()
                .addListener(
                        (o, old, spot) -> {
                            if (spot == null) {
                                editor.clearError();
                            } else {
                                editor.showError(spot.from(), spot.to(), spot.message());
                            }
                        });
        hintLabel.textProperty().bind(viewModel.hintProperty());
    }

    private void editorKeys(KeyEvent e) {
        if (EXPLAIN.match(e)) {
            explain();
        } else if (RUN.match(e)) {
            run();
        } else if (OLDER.match(e) || NEWER.match(e)) {
            String statement =
                    OLDER.match(e) ? viewModel.olderStatement() : viewModel.newerStatement();
            if (statement != null) {
                editor.setText(statement);
                editor.area().moveTo(statement.length());
            }
        } else {
            return;
        }
        e.consume();
    }

    /** Runs the selection, or the statement under the caret; the keyboard stays in the editor. */
    private void run() {
        editor.hideCompletions();
        String selected = editor.area().getSelectedText();
        if (selected.isBlank()) {
            viewModel.runAt(editor.area().getCaretPosition());
        } else {
            viewModel.runSelection(editor.area().getSelection().getStart(), selected);
        }
        editor.area().requestFocus();
    }

    private void explain() {
        editor.hideCompletions();
        viewModel.explainAt(editor.area().getCaretPosition());
        editor.area().requestFocus();
    }

    private void bindToolbar() {
        runButton.setOnAction(e -> run());
        explainButton.setOnAction(e -> explain());
        cancelButton.setOnAction(e -> viewModel.cancel());
        cancelButton.disableProperty().bind(viewModel.runningProperty().not());
        runButton.disableProperty().bind(viewModel.runningProperty());
        explainButton.disableProperty().bind(viewModel.runningProperty());
        showWhen(viewModel.runningProperty(), progress);
        exportCsvButton.setOnAction(e -> export(true));
        exportJsonButton.setOnAction(e -> export(false));
        statusLabel.textProperty().bind(viewModel.statusProperty());
        Tooltip details = new Tooltip();
        details.textProperty().bind(viewModel.statusDetailsProperty());
        statusLabel.setTooltip(details);
        viewModel.history().addListener((ListChangeListener<String>) c -> rebuildHistory());
        rebuildHistory();
        // on a read-only connection Run still reads; its tooltip says writes are refused
        Runnable readOnlyNote =
                () -> {
                    String reason = viewModel.readOnlyReasonProperty().get();
                    tooltip(
                            runButton,
                            reason.isEmpty()
                                    ? "Run the statement under the caret, or the selection"
                                            + " (Ctrl/Cmd+Enter)"
                                    : "Run the SELECT under the caret (Ctrl/Cmd+Enter);"
                                            + " INSERT, UPDATE and DELETE are refused: the"
                                            + " connection is read-only ("
                                            + reason
                                            + ")");
                };
        viewModel.readOnlyReasonProperty().addListener((o, old, now) -> readOnlyNote.run());
        readOnlyNote.run();
    }

    private void rebuildHistory() {
        historyButton.getItems().clear();
        for (String statement : viewModel.history()) {
            String line = statement.replaceAll("\\s+", " ");
            MenuItem item = new MenuItem(line.length() > 90 ? line.substring(0, 89) + "…" : line);
            item.setMnemonicParsing(false);
            item.setOnAction(
                    e -> {
                        editor.setText(statement);
                        editor.area().moveTo(statement.length());
                        editor.area().requestFocus();
                    });
            historyButton.getItems().add(item);
        }
        historyButton.setDisable(viewModel.history().isEmpty());
    }

    private void bindPlan() {
        planList.setItems(viewModel.plan());
        // a request's line wraps at the pane's width: a long key condition is read whole
        planList.setCellFactory(list -> new PlanCell(list));
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
    }

    /** Tables and views, each opening to its columns; a double-click types the name. */
    private void bindSchema() {
        TreeItem<SchemaEntry> top = new TreeItem<>();
        schemaTree.setRoot(top);
        viewModel
                .schema()
                .addListener(
                        (ListChangeListener<SchemaEntry>)
                                c ->
                                        top.getChildren()
                                                .setAll(
                                                        viewModel.schema().stream()
                                                                .map(this::relationItem)
                                                                .toList()));
        schemaTree.setCellFactory(tree -> new SchemaCell());
        schemaTree.setOnMouseClicked(
                e -> {
                    TreeItem<SchemaEntry> item = schemaTree.getSelectionModel().getSelectedItem();
                    if (e.getClickCount() == 2 && item != null && item.getValue() != null) {
                        editor.area().replaceSelection(item.getValue().name());
                        editor.area().requestFocus();
                    }
                });
    }

    private TreeItem<SchemaEntry> relationItem(SchemaEntry relation) {
        TreeItem<SchemaEntry> item = new TreeItem<>(relation);
        item.getChildren().add(new TreeItem<>(new SchemaEntry("…", SchemaEntry.Kind.COLUMN, "")));
        item.expandedProperty()
                .addListener(
                        (o, old, open) -> {
                            if (open
                                    && item.getChildren().size() == 1
                                    && item.getChildren().get(0).getValue().name().equals("…")) {
                                viewModel.columnsOf(
                                        relation,
                                        columns ->
                                                item.getChildren()
                                                        .setAll(
                                                                columns.stream()
                                                                        .map(TreeItem::new)
                                                                        .toList()));
                            }
                        });
        return item;
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

    private boolean confirmScan(ScanWarning warning) {
        return ask(
                "This statement must Scan",
                warning.describe() + "\n\nA Scan reads every item of the table. Run it anyway?");
    }

    private boolean confirmWrites(SqlWritePlan plan) {
        return ask("Send these conditional writes?", plan.describe());
    }

    /** Asks over the console's window, in its theme (the question was light in the dark one). */
    private boolean ask(String header, String text) {
        Alert alert =
                new Alert(Alert.AlertType.CONFIRMATION, text, ButtonType.OK, ButtonType.CANCEL);
        alert.setHeaderText(header);
        if (root.getScene() != null) {
            DialogService.over(alert, root.getScene().getWindow());
        }
        return alert.showAndWait().filter(b -> b == ButtonType.OK).isPresent();
    }

    private void export(boolean csv) {
        FileChooser chooser = new FileChooser();
        chooser.setInitialFileName(csv ? "result.csv" : "result.jsonl");
        File file = FileFolders.showSave(chooser, root.getScene().getWindow());
        if (file == null) {
            return;
        }
        if (csv) {
            viewModel.exportCsv(file.toPath());
        } else {
            viewModel.exportJson(file.toPath());
        }
    }
}

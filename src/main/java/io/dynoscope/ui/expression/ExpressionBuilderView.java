package io.dynoscope.ui.expression;

import static io.dynoscope.ui.common.ViewBindings.copy;
import static io.dynoscope.ui.common.ViewBindings.explainDisabled;
import static io.dynoscope.ui.common.ViewBindings.rebuildOnRowChanges;
import static io.dynoscope.ui.common.ViewBindings.showWhen;
import static io.dynoscope.ui.common.ViewBindings.shownAs;
import static io.dynoscope.ui.common.ViewBindings.textField;
import static io.dynoscope.ui.common.ViewBindings.tooltip;

import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.core.expression.Row;
import io.dynoscope.core.expression.UpdateClause;
import io.dynoscope.core.expression.snippet.SnippetLanguage;
import io.dynoscope.ui.common.DialogService;
import io.dynoscope.ui.common.Views;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.StringProperty;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.fxml.FXML;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.geometry.Side;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputDialog;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * Binds the expression builder panel to its view model: the kind and index, a line of controls per
 * row (attribute with completion, operator or action, value), the live preview with a caret under
 * each problem's column, a tab per snippet language, and the paste-and-load form.
 */
public final class ExpressionBuilderView {

    private static final int MAX_COMPLETIONS = 8;

    private final ExpressionBuilderViewModel viewModel;

    @FXML private VBox root;
    @FXML private ChoiceBox<ExpressionKind> kindChoice;
    @FXML private Label indexLabel;
    @FXML private ComboBox<String> indexChoice;
    @FXML private CheckBox newestFirstCheck;
    @FXML private Label itemKeyLabel;
    @FXML private TextField itemKeyField;
    @FXML private Button runButton;
    @FXML private MenuButton savedMenu;
    @FXML private VBox rowsBox;
    @FXML private Button addRowButton;
    @FXML private Button clearButton;
    @FXML private VBox guardSection;
    @FXML private VBox guardRowsBox;
    @FXML private Button addGuardRowButton;
    @FXML private Label expressionLabel;
    @FXML private Label expressionText;
    @FXML private Label expressionMarker;
    @FXML private Button copyExpressionButton;
    @FXML private Label guardLabel;
    @FXML private Label guardText;
    @FXML private TextArea namesArea;
    @FXML private Button copyNamesButton;
    @FXML private TextArea valuesArea;
    @FXML private Button copyValuesButton;
    @FXML private Label problemsLabel;
    @FXML private TabPane snippetTabs;
    @FXML private TextField pasteExpressionField;
    @FXML private Label pasteMarker;
    @FXML private TextField pasteNamesField;
    @FXML private TextField pasteValuesField;
    @FXML private Button loadButton;
    @FXML private Label loadMessage;
    @FXML private Label pasteProblemsLabel;

    public ExpressionBuilderView(ExpressionBuilderViewModel viewModel) {
        this.viewModel = viewModel;
    }

    /** Loads the panel for a view model (FXML and controller). */
    public static Parent load(ExpressionBuilderViewModel viewModel) {
        return Views.load("ExpressionBuilder.fxml", new ExpressionBuilderView(viewModel));
    }

    @FXML
    private void initialize() {
        root.getStylesheets()
                .add(Views.stylesheet(ExpressionBuilderView.class, "ExpressionBuilder.css"));
        bindHeader();
        bindRows(viewModel.rows(), rowsBox, false);
        bindRows(viewModel.guardRows(), guardRowsBox, true);
        bindPreview();
        bindSnippets();
        bindPaste();
        savedMenu.setOnShowing(e -> fillSavedMenu());
        fillSavedMenu();
    }

    /** The saved expressions to open, "Save as…", and a submenu to forget one. */
    private void fillSavedMenu() {
        List<MenuItem> items = new ArrayList<>();
        Menu forget = new Menu("Forget");
        for (SavedExpression saved : viewModel.savedExpressions()) {
            MenuItem open = new MenuItem(saved.name() + "  (" + saved.expression() + ")");
            open.setMnemonicParsing(false);
            open.setOnAction(e -> viewModel.open(saved));
            items.add(open);
            MenuItem forgetOne = new MenuItem(saved.name());
            forgetOne.setMnemonicParsing(false);
            forgetOne.setOnAction(e -> viewModel.forget(saved));
            forget.getItems().add(forgetOne);
        }
        if (!items.isEmpty()) {
            items.add(new SeparatorMenuItem());
        }
        MenuItem saveAs = new MenuItem("Save as…");
        saveAs.setOnAction(e -> saveAs());
        items.add(saveAs);
        forget.setDisable(forget.getItems().isEmpty());
        items.add(forget);
        savedMenu.getItems().setAll(items);
    }

    private void saveAs() {
        TextInputDialog dialog = new TextInputDialog();
        dialog.setTitle("Save the expression");
        dialog.setHeaderText("Save what the builder holds for this table under a name");
        dialog.setContentText("Name");
        if (root.getScene() != null) {
            DialogService.over(dialog, root.getScene().getWindow());
        }
        dialog.showAndWait().ifPresent(viewModel::saveAs);
    }

    private void bindHeader() {
        kindChoice.getItems().setAll(ExpressionKind.values());
        kindChoice.setConverter(shownAs(ExpressionKind::parameterName));
        kindChoice.valueProperty().bindBidirectional(viewModel.kindProperty());
        indexChoice.setItems(viewModel.indexChoices());
        indexChoice.valueProperty().bindBidirectional(viewModel.indexProperty());
        newestFirstCheck.selectedProperty().bindBidirectional(viewModel.newestFirstProperty());
        itemKeyField.textProperty().bindBidirectional(viewModel.itemKeyProperty());

        BooleanBinding keyCondition =
                viewModel.kindProperty().isEqualTo(ExpressionKind.KEY_CONDITION);
        BooleanBinding reads =
                keyCondition
                        .or(viewModel.kindProperty().isEqualTo(ExpressionKind.FILTER))
                        .or(viewModel.kindProperty().isEqualTo(ExpressionKind.PROJECTION));
        BooleanBinding update = viewModel.kindProperty().isEqualTo(ExpressionKind.UPDATE);
        showWhen(keyCondition, newestFirstCheck);
        showWhen(reads, indexLabel, indexChoice);
        showWhen(reads.not(), itemKeyLabel, itemKeyField);
        showWhen(update, guardSection, guardLabel, guardText);
        runButton.setOnAction(e -> viewModel.run());
        runButton.disableProperty().bind(viewModel.canRunProperty().not());
        explainReadOnlyRun();
        addRowButton.setOnAction(e -> viewModel.addRow());
        clearButton.setOnAction(e -> viewModel.clear());
        addGuardRowButton.setOnAction(e -> viewModel.addGuardRow());
    }

    /**
     * A write built on a read-only connection cannot run: the Run button (and the bar around it,
     * since a disabled button shows no tooltip) says why.
     */
    private void explainReadOnlyRun() {
        explainDisabled(
                () -> {
                    String reason = viewModel.readOnlyReasonProperty().get();
                    return reason.isEmpty() || !viewModel.buildsWrite()
                            ? ""
                            : "Writes are disabled: the connection is read-only (" + reason + ")";
                },
                List.of(viewModel.readOnlyReasonProperty(), viewModel.kindProperty()),
                runButton.getParent(),
                runButton);
    }

    /** Rebuilds a row's controls when rows come or go; edits flow through the bound properties. */
    private void bindRows(ObservableList<BuilderRow> rows, VBox box, boolean guard) {
        Runnable rebuild =
                () -> {
                    box.getChildren().clear();
                    for (int i = 0; i < rows.size(); i++) {
                        box.getChildren().add(rowControls(rows.get(i), i, guard));
                    }
                    showRowProblems();
                };
        rebuildOnRowChanges(rows, rebuild);
        viewModel.kindProperty().addListener((o, before, now) -> rebuild.run());
    }

    private Node rowControls(BuilderRow row, int index, boolean guard) {
        String id = (guard ? "guard-" : "row-") + index;
        boolean update = !guard && viewModel.kindProperty().get() == ExpressionKind.UPDATE;
        boolean projection = !guard && viewModel.kindProperty().get() == ExpressionKind.PROJECTION;

        TextField attribute =
                rowField(
                        id + "-attribute",
                        "attribute",
                        10,
                        row.attributeProperty(),
                        "The attribute or path (a.b, list[0]); the loaded columns are suggested");
        completion(attribute);

        ChoiceBox<Row.Operator> operator = new ChoiceBox<>();
        operator.setId(id + "-operator");
        operator.getItems().setAll(Row.Operator.values());
        operator.setConverter(shownAs(Row.Operator::symbol));
        operator.valueProperty().bindBidirectional(row.operatorProperty());
        tooltip(operator, "How to compare the attribute with the value");

        ChoiceBox<UpdateClause.Keyword> action = new ChoiceBox<>();
        action.setId(id + "-action");
        action.getItems().setAll(UpdateClause.Keyword.values());
        action.valueProperty().bindBidirectional(row.actionProperty());
        tooltip(
                action,
                "SET a value, REMOVE the attribute, ADD to a number or set, DELETE from a set");

        TextField value =
                rowField(
                        id + "-value",
                        "value",
                        12,
                        row.valueProperty(),
                        "The value: 12 is a number, true a boolean, WS#acme or \"12\" a string,"
                                + " {\"SS\": [\"a\"]} a typed value");
        TextField upper =
                rowField(
                        id + "-upper",
                        "upper bound",
                        8,
                        row.upperProperty(),
                        "The upper bound of BETWEEN (included)");

        Button remove = new Button("−");
        remove.setId(id + "-remove");
        remove.setMinWidth(Region.USE_PREF_SIZE);
        remove.setOnAction(e -> viewModel.removeRow(row));
        tooltip(remove, "Remove this row");
        Label problem = new Label();
        problem.setId(id + "-problem");
        problem.getStyleClass().add("row-problem");
        problem.setWrapText(true);

        HBox controls = new HBox(6);
        controls.setAlignment(Pos.CENTER_LEFT);
        if (update) {
            controls.getChildren().addAll(action, attribute, value, remove);
            showWhen(row.actionProperty().isNotEqualTo(UpdateClause.Keyword.REMOVE), value);
        } else if (projection) {
            controls.getChildren().addAll(attribute, remove);
        } else {
            controls.getChildren().addAll(attribute, operator, value, upper, remove);
            var op = row.operatorProperty();
            showWhen(
                    op.isNotEqualTo(Row.Operator.ATTRIBUTE_EXISTS)
                            .and(op.isNotEqualTo(Row.Operator.ATTRIBUTE_NOT_EXISTS)),
                    value);
            showWhen(op.isEqualTo(Row.Operator.BETWEEN), upper);
        }
        // the row's problem goes below it, where it has the row's width to wrap in
        VBox line = new VBox(2, controls, problem);
        line.setUserData(new RowPlace(guard, index, problem));
        return line;
    }

    /** A text field of a row, bound to {@code text}, sharing the row's spare width. */
    private static TextField rowField(
            String id, String prompt, int columns, StringProperty text, String tip) {
        TextField field = textField(id, prompt, columns, text);
        tooltip(field, tip);
        HBox.setHgrow(field, Priority.SOMETIMES);
        return field;
    }

    private record RowPlace(boolean guard, int index, Label problem) {}

    /** A menu of known attributes under the attribute field as the person types. */
    private void completion(TextField field) {
        ContextMenu menu = new ContextMenu();
        field.textProperty()
                .addListener(
                        (o, before, text) -> {
                            if (!field.isFocused() || text == null || text.isEmpty()) {
                                menu.hide();
                                return;
                            }
                            List<String> offered =
                                    viewModel.completions(text).stream()
                                            .filter(name -> !name.equals(text))
                                            .limit(MAX_COMPLETIONS)
                                            .toList();
                            if (offered.isEmpty()) {
                                menu.hide();
                                return;
                            }
                            menu.getItems()
                                    .setAll(
                                            offered.stream()
                                                    .map(
                                                            name -> {
                                                                MenuItem item = new MenuItem(name);
                                                                item.setOnAction(
                                                                        e -> {
                                                                            field.setText(name);
                                                                            field.positionCaret(
                                                                                    name.length());
                                                                        });
                                                                return item;
                                                            })
                                                    .toList());
                            if (!menu.isShowing()
                                    && field.getScene() != null
                                    && field.getScene().getWindow() != null) {
                                menu.show(field, Side.BOTTOM, 0, 0);
                            }
                        });
        field.focusedProperty()
                .addListener(
                        (o, before, focused) -> {
                            if (!focused) {
                                menu.hide();
                            }
                        });
    }

    private void bindPreview() {
        expressionLabel
                .textProperty()
                .bind(viewModel.kindProperty().map(ExpressionKind::parameterName));
        expressionText.textProperty().bind(viewModel.expressionTextProperty());
        guardText.textProperty().bind(viewModel.guardTextProperty());
        namesArea.textProperty().bind(viewModel.namesJsonProperty());
        valuesArea.textProperty().bind(viewModel.valuesJsonProperty());
        copyExpressionButton.setOnAction(e -> copy(viewModel.expressionTextProperty().get()));
        copyNamesButton.setOnAction(e -> copy(viewModel.namesJsonProperty().get()));
        copyValuesButton.setOnAction(e -> copy(viewModel.valuesJsonProperty().get()));
        viewModel
                .problems()
                .addListener(
                        (ListChangeListener<ExpressionBuilderViewModel.Problem>)
                                c -> showProblems());
        showProblems();
    }

    private void showProblems() {
        List<ExpressionBuilderViewModel.Problem> problems = viewModel.problems();
        ExpressionKind kind = viewModel.kindProperty().get();
        expressionMarker.setText(
                marker(
                        problems.stream()
                                .filter(p -> p.expression().orElse(null) == kind && !p.guard())
                                .map(ExpressionBuilderViewModel.Problem::column)
                                .toList()));
        problemsLabel.setText(
                problems.stream()
                        .map(ExpressionBuilderView::describe)
                        .collect(Collectors.joining("\n")));
        showRowProblems();
    }

    private void showRowProblems() {
        for (VBox box : List.of(rowsBox, guardRowsBox)) {
            for (Node line : box.getChildren()) {
                RowPlace place = (RowPlace) line.getUserData();
                String text =
                        viewModel.problems().stream()
                                .filter(p -> p.row() == place.index() && p.guard() == place.guard())
                                .map(ExpressionBuilderViewModel.Problem::message)
                                .collect(Collectors.joining("; "));
                place.problem().setText(text);
            }
        }
    }

    private static String describe(ExpressionBuilderViewModel.Problem p) {
        String where =
                p.row() >= 0 ? (p.guard() ? "condition row " : "row ") + (p.row() + 1) + ", " : "";
        return p.column() > 0
                ? where + "column " + p.column() + ": " + p.message()
                : (where.isEmpty() ? "" : where) + p.message();
    }

    /**
     * A line with a caret under each column, to sit under the expression in the same monospace
     * font.
     */
    static String marker(List<Integer> columns) {
        StringBuilder out = new StringBuilder();
        columns.stream()
                .filter(c -> c > 0)
                .distinct()
                .sorted()
                .forEach(
                        column -> {
                            while (out.length() < column - 1) {
                                out.append(' ');
                            }
                            if (out.length() == column - 1) {
                                out.append('^');
                            }
                        });
        return out.toString();
    }

    private void bindSnippets() {
        for (SnippetLanguage language : SnippetLanguage.values()) {
            TextArea code = new TextArea();
            code.setId("snippet-" + language.id());
            code.setEditable(false);
            code.getStyleClass().add("code");
            code.textProperty().bind(viewModel.snippetProperty(language));
            tooltip(code, "The request as " + language.title() + " code, ready to run");
            Button copy = new Button("Copy");
            copy.setOnAction(e -> copy(code.getText()));
            tooltip(copy, "Copy the " + language.title() + " snippet");
            BorderPane pane = new BorderPane(code);
            pane.setBottom(copy);
            BorderPane.setMargin(copy, new Insets(4, 0, 0, 0));
            Tab tab = new Tab(language.title(), pane);
            tab.setTooltip(new Tooltip("The request as " + language.title() + " code"));
            snippetTabs.getTabs().add(tab);
        }
    }

    private void bindPaste() {
        loadButton.setOnAction(
                e -> {
                    List<ExpressionBuilderViewModel.Problem> problems =
                            viewModel.load(
                                    pasteExpressionField.getText(),
                                    pasteNamesField.getText(),
                                    pasteValuesField.getText());
                    pasteMarker.setText(
                            marker(
                                    problems.stream()
                                            .map(ExpressionBuilderViewModel.Problem::column)
                                            .toList()));
                    pasteProblemsLabel.setText(
                            problems.stream()
                                    .map(ExpressionBuilderView::describe)
                                    .collect(Collectors.joining("\n")));
                });
        loadMessage.textProperty().bind(viewModel.messageProperty());
    }
}

package io.dynoscope.ui.item;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.ItemDiff;
import io.dynoscope.core.item.ItemFields.Field;
import io.dynoscope.ui.common.Views;
import io.dynoscope.ui.item.ItemInspectorViewModel.EditFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.collections.FXCollections;
import javafx.fxml.FXML;
import javafx.geometry.Bounds;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.RadioButton;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;

/**
 * The controller of {@code ItemInspector.fxml}: binds the controls to an {@link
 * ItemInspectorViewModel} and forwards the user's actions to it. Load it with {@link
 * #load(ItemInspectorViewModel)}, or with an {@link FXMLLoader} whose controller factory returns
 * {@code new ItemInspectorView(viewModel)}.
 */
public final class ItemInspectorView {

    /**
     * The TextArea's inset from its edge to its first character (border, padding and content
     * inset).
     */
    private static final double TEXT_INSET = 7;

    private final ItemInspectorViewModel viewModel;

    @FXML private Label titleLabel;
    @FXML private Button editButton;
    @FXML private Button newButton;
    @FXML private Button duplicateButton;
    @FXML private Button deleteButton;
    @FXML private TabPane viewTabs;
    @FXML private TreeView<AttributeNode> attributeTree;
    @FXML private Button copyValueButton;
    @FXML private TextArea plainJsonArea;
    @FXML private TextArea dynamoJsonArea;
    @FXML private VBox editorPane;
    @FXML private Label editKindLabel;
    @FXML private ToggleGroup formatGroup;
    @FXML private RadioButton dynamoJsonFormat;
    @FXML private RadioButton plainJsonFormat;
    @FXML private StackPane editorStack;
    @FXML private TextArea editArea;
    @FXML private ToggleButton formToggle;
    @FXML private ScrollPane formPane;
    @FXML private VBox formBox;
    private List<Node> formInputs = List.of();
    @FXML private Label errorLabel;
    @FXML private ListView<ItemDiff.Change> diffList;
    @FXML private Button reviewButton;
    @FXML private Button saveButton;
    @FXML private Label statusLabel;
    @FXML private Label failureLabel;

    private boolean syncingFormat;

    public ItemInspectorView(ItemInspectorViewModel viewModel) {
        this.viewModel = Objects.requireNonNull(viewModel, "viewModel");
    }

    /** Loads the inspector panel for a view model. */
    public static Parent load(ItemInspectorViewModel viewModel) {
        return Views.load("ItemInspector.fxml", new ItemInspectorView(viewModel));
    }

    @FXML
    private void initialize() {
        titleLabel.textProperty().bind(viewModel.titleProperty());
        plainJsonArea.textProperty().bind(viewModel.plainJsonProperty());
        dynamoJsonArea.textProperty().bind(viewModel.dynamoJsonProperty());
        statusLabel.textProperty().bind(viewModel.statusProperty());
        failureLabel.textProperty().bind(viewModel.failureProperty());

        var noItem = viewModel.shownItemProperty().isNull();
        var locked = viewModel.editingProperty().or(viewModel.busyProperty());
        editButton.disableProperty().bind(noItem.or(locked));
        duplicateButton.disableProperty().bind(noItem.or(locked));
        deleteButton.disableProperty().bind(noItem.or(locked));
        newButton.disableProperty().bind(viewModel.tableProperty().isNull().or(locked));
        copyValueButton
                .disableProperty()
                .bind(attributeTree.getSelectionModel().selectedItemProperty().isNull());

        viewTabs.visibleProperty().bind(viewModel.editingProperty().not());
        editorPane.visibleProperty().bind(viewModel.editingProperty());
        editorPane.managedProperty().bind(viewModel.editingProperty());
        editKindLabel
                .textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () -> {
                                    var kind = viewModel.editKindProperty().get();
                                    if (kind == null) {
                                        return "";
                                    }
                                    return switch (kind) {
                                        case EDIT -> "Editing";
                                        case CREATE -> "New item";
                                        case DUPLICATE -> "Duplicate: give the copy a new key";
                                    };
                                },
                                viewModel.editKindProperty()));

        editArea.textProperty().bindBidirectional(viewModel.editTextProperty());
        // the form edits the same text, one scalar at a time; nested values and lists included
        formPane.visibleProperty().bind(formToggle.selectedProperty());
        editArea.visibleProperty().bind(formToggle.selectedProperty().not());
        errorLabel
                .visibleProperty()
                .addListener(
                        (obs, old, shown) -> {
                            if (shown && formToggle.isSelected()) {
                                errorLabel.setVisible(false);
                            }
                        });
        viewModel.formFieldsProperty().addListener((obs, old, fields) -> buildForm());
        viewModel.editProblemProperty().addListener((obs, old, problem) -> buildForm());
        formToggle.selectedProperty().addListener((obs, old, selected) -> buildForm());
        plainJsonFormat.disableProperty().bind(viewModel.plainJsonEditableProperty().not());
        formatGroup
                .selectedToggleProperty()
                .addListener(
                        (obs, old, now) -> {
                            if (syncingFormat || now == null) {
                                return;
                            }
                            EditFormat wanted =
                                    now == plainJsonFormat
                                            ? EditFormat.PLAIN_JSON
                                            : EditFormat.DYNAMO_JSON;
                            if (!viewModel.switchFormat(wanted)) {
                                selectFormat(viewModel.editFormatProperty().get());
                            }
                        });
        viewModel.editFormatProperty().addListener((obs, old, now) -> selectFormat(now));

        reviewButton.disableProperty().bind(viewModel.busyProperty());
        saveButton
                .disableProperty()
                .bind(viewModel.stagedDiffProperty().isNull().or(viewModel.busyProperty()));
        diffList.setCellFactory(list -> new ChangeCell());
        viewModel
                .stagedDiffProperty()
                .addListener(
                        (obs, old, diff) ->
                                diffList.setItems(
                                        FXCollections.observableArrayList(
                                                diff == null ? List.of() : diff.changes())));
        diffList.setPlaceholder(new Label("Review the changes before saving."));

        viewModel.editProblemProperty().addListener((obs, old, problem) -> placeError(problem));
        editArea.scrollTopProperty()
                .addListener((obs, old, now) -> placeError(viewModel.editProblemProperty().get()));
        editArea.scrollLeftProperty()
                .addListener((obs, old, now) -> placeError(viewModel.editProblemProperty().get()));

        attributeTree.setRoot(new TreeItem<>());
        attributeTree.setCellFactory(tree -> new AttributeCell());
        showTree(viewModel.treeProperty().get());
        viewModel.treeProperty().addListener((obs, old, nodes) -> showTree(nodes));

        viewModel
                .conflictProperty()
                .addListener(
                        (obs, old, conflict) -> {
                            if (conflict != null) {
                                showConflict(conflict);
                            }
                        });
        viewModel
                .pendingDeleteProperty()
                .addListener(
                        (obs, old, items) -> {
                            if (items != null) {
                                confirmDelete(items.size());
                            }
                        });
    }

    // ---- actions ---------------------------------------------------------------------------

    @FXML
    private void edit() {
        viewModel.startEdit();
    }

    @FXML
    private void create() {
        viewModel.startCreate();
    }

    @FXML
    private void duplicate() {
        viewModel.startDuplicate();
    }

    @FXML
    private void delete() {
        viewModel.requestDelete();
    }

    @FXML
    private void review() {
        viewModel.stage();
    }

    @FXML
    private void save() {
        viewModel.save();
    }

    @FXML
    private void cancel() {
        viewModel.cancelEdit();
    }

    @FXML
    private void copyValue() {
        TreeItem<AttributeNode> selected = attributeTree.getSelectionModel().getSelectedItem();
        if (selected != null && selected.getValue() != null) {
            copy(selected.getValue().copyText());
        }
    }

    @FXML
    private void copyPlainJson() {
        copy(viewModel.plainJsonProperty().get());
    }

    @FXML
    private void copyDynamoJson() {
        copy(viewModel.dynamoJsonProperty().get());
    }

    private static void copy(String text) {
        ClipboardContent content = new ClipboardContent();
        content.putString(text);
        Clipboard.getSystemClipboard().setContent(content);
    }

    // ---- presentation ----------------------------------------------------------------------

    private void selectFormat(EditFormat format) {
        syncingFormat = true;
        try {
            formatGroup.selectToggle(
                    format == EditFormat.PLAIN_JSON ? plainJsonFormat : dynamoJsonFormat);
        } finally {
            syncingFormat = false;
        }
    }

    private void showTree(List<AttributeNode> nodes) {
        attributeTree
                .getRoot()
                .getChildren()
                .setAll(nodes.stream().map(ItemInspectorView::treeItem).toList());
    }

    private static TreeItem<AttributeNode> treeItem(AttributeNode node) {
        TreeItem<AttributeNode> item = new TreeItem<>(node);
        item.getChildren()
                .setAll(node.children().stream().map(ItemInspectorView::treeItem).toList());
        return item;
    }

    /**
     * One row per scalar: its path, its type, and a field that writes back through the view model.
     */
    private void buildForm() {
        if (!formToggle.isSelected()) {
            return;
        }
        formBox.getChildren().clear();
        EditProblem problem = viewModel.editProblemProperty().get();
        if (problem != null) {
            Label error = new Label(problem.describe());
            error.getStyleClass().add("error-text");
            error.setWrapText(true);
            formBox.getChildren().add(error);
        }
        List<Field> fields = viewModel.formFieldsProperty().get();
        List<Node> inputs = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            Field field = fields.get(i);
            int index = i;
            Label name = new Label(field.path());
            name.setMinWidth(120);
            name.setPrefWidth(140);
            Label type = new Label(field.type().descriptor());
            type.getStyleClass().add("type-badge");
            type.setMinWidth(36);
            Node input;
            if (field.type() == AttributeValue.Type.BOOL) {
                CheckBox check = new CheckBox();
                check.setSelected(Boolean.parseBoolean(field.text()));
                check.setOnAction(
                        e -> commitForm(field, Boolean.toString(check.isSelected()), index));
                input = check;
            } else {
                TextField text =
                        new TextField(
                                field.type() == AttributeValue.Type.NULL ? "NULL" : field.text());
                text.setId("form-" + field.path());
                text.setEditable(field.editable() && field.type() != AttributeValue.Type.NULL);
                text.setOnAction(e -> commitForm(field, text.getText(), index + 1));
                text.focusedProperty()
                        .addListener(
                                (obs, was, focused) -> {
                                    if (!focused
                                            && !text.getText().equals(field.text())
                                            && text.isEditable()) {
                                        commitForm(field, text.getText(), -1);
                                    }
                                });
                if (problem != null && field.path().equals(problem.path())) {
                    text.setStyle("-fx-border-color: -ds-error;");
                }
                HBox.setHgrow(text, Priority.ALWAYS);
                input = text;
            }
            inputs.add(input);
            HBox row = new HBox(6, name, type, input);
            row.setAlignment(Pos.CENTER_LEFT);
            formBox.getChildren().add(row);
        }
        formInputs = inputs;
    }

    /**
     * Writes a field back (after the current event, since it rebuilds the form) and moves on to the
     * next one.
     */
    private void commitForm(Field field, String text, int focusNext) {
        Platform.runLater(
                () -> {
                    viewModel.setFormValue(field, text);
                    if (focusNext >= 0 && focusNext < formInputs.size()) {
                        formInputs.get(focusNext).requestFocus();
                    }
                });
    }

    /**
     * Puts the error label just below the line and column the problem is at, and the caret there.
     */
    private void placeError(EditProblem problem) {
        if (problem == null) {
            errorLabel.setVisible(false);
            errorLabel.setText("");
            return;
        }
        errorLabel.setText(problem.describe());
        errorLabel.setVisible(true);
        errorLabel.setMaxWidth(Math.max(160, editorStack.getWidth() - 2 * TEXT_INSET));
        errorLabel.autosize();
        Text probe = new Text("Xg");
        probe.setFont(editArea.getFont());
        Bounds glyphs = probe.getLayoutBounds();
        double lineHeight = glyphs.getHeight();
        double charWidth = glyphs.getWidth() / 2;
        int line = Math.max(problem.line(), 1);
        double x =
                TEXT_INSET
                        + Math.max(problem.column() - 1, 0) * charWidth
                        - editArea.getScrollLeft();
        double lineTop = TEXT_INSET + (line - 1) * lineHeight - editArea.getScrollTop();
        double y = lineTop + lineHeight;
        if (y + errorLabel.getHeight() > editorStack.getHeight()) {
            // No room below the line in error: show the label above it, so it never covers that
            // line.
            y = lineTop - errorLabel.getHeight();
        }
        double maxX = Math.max(0, editorStack.getWidth() - errorLabel.getWidth());
        double maxY = Math.max(0, editorStack.getHeight() - errorLabel.getHeight());
        errorLabel.relocate(Math.min(Math.max(x, 0), maxX), Math.min(Math.max(y, 0), maxY));
        if (problem.line() > 0) {
            editArea.positionCaret(offsetOf(editArea.getText(), problem.line(), problem.column()));
        }
    }

    private static int offsetOf(String text, int line, int column) {
        int offset = 0;
        for (int l = 1; l < line && offset < text.length(); offset++) {
            if (text.charAt(offset) == '\n') {
                l++;
            }
        }
        return Math.min(text.length(), offset + Math.max(column - 1, 0));
    }

    private void showConflict(Conflict conflict) {
        ConflictDialog dialog =
                new ConflictDialog(
                        conflict,
                        editArea.getScene() == null ? null : editArea.getScene().getWindow());
        dialog.resultProperty()
                .addListener(
                        (obs, old, choice) -> {
                            if (choice == null) {
                                return;
                            }
                            switch (choice) {
                                case KEEP_THEIRS -> viewModel.keepTheirs();
                                case OVERWRITE_WITH_MINE -> viewModel.overwriteWithMine();
                                case KEEP_EDITING -> viewModel.keepEditing();
                            }
                        });
        dialog.show();
    }

    private void confirmDelete(int count) {
        String table =
                viewModel.tableProperty().get() == null
                        ? ""
                        : viewModel.tableProperty().get().name();
        Alert alert =
                new Alert(
                        Alert.AlertType.CONFIRMATION,
                        "Each item is deleted only if it still holds the values you saw; items changed since are kept.",
                        ButtonType.OK,
                        ButtonType.CANCEL);
        alert.setTitle("Delete items");
        alert.setHeaderText(
                "Delete "
                        + count
                        + (count == 1 ? " item" : " items")
                        + " from table '"
                        + table
                        + "'?");
        if (editArea.getScene() != null) {
            alert.initOwner(editArea.getScene().getWindow());
        }
        alert.resultProperty()
                .addListener(
                        (obs, old, answer) -> {
                            if (answer == ButtonType.OK) {
                                viewModel.confirmDelete();
                            } else if (answer != null) {
                                viewModel.cancelDelete();
                            }
                        });
        alert.show();
    }

    /** A line of the item tree: name, type badge and value summary. */
    private static final class AttributeCell extends TreeCell<AttributeNode> {
        private final Label name = new Label();
        private final Label type = new Label();
        private final Label summary = new Label();
        private final HBox line = new HBox(6, name, type, summary);

        AttributeCell() {
            type.getStyleClass().add("type-badge");
        }

        @Override
        protected void updateItem(AttributeNode node, boolean empty) {
            super.updateItem(node, empty);
            setText(null);
            if (empty || node == null) {
                setGraphic(null);
                return;
            }
            name.setText(node.name());
            type.setText(node.type());
            summary.setText(node.summary());
            summary.getStyleClass().removeAll("value-null", "value-number");
            if ("NULL".equals(node.type())) {
                summary.getStyleClass().add("value-null");
            } else if ("N".equals(node.type())) {
                summary.getStyleClass().add("value-number");
            }
            setGraphic(line);
        }
    }

    /** A line of the diff: + added, - removed, ~ changed (old → new). */
    private static final class ChangeCell extends ListCell<ItemDiff.Change> {
        @Override
        protected void updateItem(ItemDiff.Change change, boolean empty) {
            super.updateItem(change, empty);
            getStyleClass().removeAll("diff-added", "diff-removed", "diff-changed");
            if (empty || change == null) {
                setText(null);
                return;
            }
            String name = change.attribute();
            switch (change.kind()) {
                case ADDED -> {
                    setText("+ " + name + "  " + AttributeNode.of(name, change.after()).summary());
                    getStyleClass().add("diff-added");
                }
                case REMOVED -> {
                    setText("- " + name + "  " + AttributeNode.of(name, change.before()).summary());
                    getStyleClass().add("diff-removed");
                }
                case CHANGED -> {
                    setText(
                            "~ "
                                    + name
                                    + "  "
                                    + AttributeNode.of(name, change.before()).summary()
                                    + "  \u2192  "
                                    + AttributeNode.of(name, change.after()).summary());
                    getStyleClass().add("diff-changed");
                }
            }
        }
    }
}

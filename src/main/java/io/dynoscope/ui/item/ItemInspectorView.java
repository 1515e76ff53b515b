package io.dynoscope.ui.item;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.ItemDiff;
import io.dynoscope.core.item.ItemFields.Field;
import io.dynoscope.ui.common.Views;
import io.dynoscope.ui.item.ItemEditor.EditFormat;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javafx.beans.binding.Bindings;
import javafx.collections.FXCollections;
import javafx.fxml.FXML;
import javafx.geometry.Bounds;
import javafx.geometry.Pos;
import javafx.scene.Parent;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.Toggle;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;

/**
 * The controller of {@code ItemInspector.fxml}: binds the controls to an {@link
 * ItemInspectorViewModel} (its editor and save flow) and forwards the user's actions to it. Load it
 * with {@link #load(ItemInspectorViewModel)}.
 */
public final class ItemInspectorView {

    /**
     * The TextArea's inset from its edge to its first character (border, padding and content
     * inset).
     */
    private static final double TEXT_INSET = 7;

    /**
     * A value longer than this (a string, a 38-digit number, binary as base64) is edited in a
     * wrapping area of several lines.
     */
    private static final int LONG_VALUE_CHARS = 32;

    /** The most keys a delete confirmation lists before saying how many more. */
    private static final int MAX_KEYS_LISTED = 12;

    private final ItemInspectorViewModel viewModel;
    private final ItemEditor editor;
    private final ItemSaveFlow saves;

    @FXML private VBox root;
    @FXML private Label titleLabel;
    @FXML private Label sizeLabel;
    @FXML private FlowPane itemActions;
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
    @FXML private ToggleGroup viewGroup;
    @FXML private ToggleButton formToggle;
    @FXML private ToggleButton dynamoJsonFormat;
    @FXML private ToggleButton plainJsonFormat;
    @FXML private StackPane editorStack;
    @FXML private TextArea editArea;
    @FXML private ScrollPane formPane;
    @FXML private VBox formBox;
    @FXML private Label errorLabel;
    @FXML private VBox diffSection;
    @FXML private ListView<ItemDiff.Change> diffList;
    @FXML private Button reviewButton;
    @FXML private Button saveButton;
    @FXML private Label statusLabel;
    @FXML private Label failureLabel;

    /** The form's inputs by field path, while the fields keep their paths and types. */
    private final Map<String, Control> formInputs = new LinkedHashMap<>();

    private final Label formError = new Label();
    private List<String> formShape = List.of();
    private boolean fillingForm;
    private boolean syncingView;

    public ItemInspectorView(ItemInspectorViewModel viewModel) {
        this.viewModel = Objects.requireNonNull(viewModel, "viewModel");
        this.editor = viewModel.editor();
        this.saves = viewModel.saves();
    }

    /**
     * On a read-only connection the write buttons say why they are disabled (a disabled button
     * shows its tooltip on a hover of its container, so the actions' row carries it too).
     */
    private Tooltip readOnlyTip;

    private void explainReadOnly() {
        List<Button> writes = List.of(editButton, newButton, duplicateButton, deleteButton);
        Map<Button, Tooltip> usual = new HashMap<>();
        writes.forEach(b -> usual.put(b, b.getTooltip()));
        Runnable show =
                () -> {
                    String reason = viewModel.readOnlyReasonProperty().get();
                    Tooltip why =
                            reason.isEmpty()
                                    ? null
                                    : new Tooltip(
                                            "Disabled: the connection is read-only ("
                                                    + reason
                                                    + ")");
                    writes.forEach(b -> b.setTooltip(why == null ? usual.get(b) : why));
                    if (readOnlyTip != null) {
                        Tooltip.uninstall(itemActions, readOnlyTip);
                    }
                    readOnlyTip = why;
                    if (why != null) {
                        Tooltip.install(itemActions, why);
                    }
                };
        viewModel.readOnlyReasonProperty().addListener((o, old, now) -> show.run());
        show.run();
    }

    /** Loads the inspector panel for a view model. */
    public static Parent load(ItemInspectorViewModel viewModel) {
        return Views.load("ItemInspector.fxml", new ItemInspectorView(viewModel));
    }

    @FXML
    private void initialize() {
        titleLabel.textProperty().bind(viewModel.titleProperty());
        titleLabel.setTooltip(new Tooltip("The key of the item shown"));
        sizeLabel.textProperty().bind(viewModel.sizeProperty());
        sizeLabel.visibleProperty().bind(viewModel.sizeProperty().isNotEmpty());
        sizeLabel.managedProperty().bind(viewModel.sizeProperty().isNotEmpty());
        plainJsonArea.textProperty().bind(viewModel.plainJsonProperty());
        dynamoJsonArea.textProperty().bind(viewModel.dynamoJsonProperty());
        statusLabel.textProperty().bind(saves.statusProperty());
        failureLabel.textProperty().bind(saves.failureProperty());

        var noItem = viewModel.shownItemProperty().isNull();
        var editing = editor.editingProperty();
        var readOnly = viewModel.readOnlyReasonProperty().isNotEmpty();
        var locked = editing.or(saves.busyProperty()).or(readOnly);
        editButton.disableProperty().bind(noItem.or(locked));
        duplicateButton.disableProperty().bind(noItem.or(locked));
        deleteButton.disableProperty().bind(noItem.or(locked));
        newButton.disableProperty().bind(viewModel.tableProperty().isNull().or(locked));
        explainReadOnly();
        // while editing, the editor takes the room of the item's buttons
        itemActions.visibleProperty().bind(editing.not());
        itemActions.managedProperty().bind(editing.not());
        copyValueButton
                .disableProperty()
                .bind(attributeTree.getSelectionModel().selectedItemProperty().isNull());

        viewTabs.visibleProperty().bind(editing.not());
        editorPane.visibleProperty().bind(editing);
        editorPane.managedProperty().bind(editing);
        editKindLabel
                .textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () -> {
                                    var kind = editor.editKindProperty().get();
                                    if (kind == null) {
                                        return "";
                                    }
                                    return switch (kind) {
                                        case EDIT -> "Editing";
                                        case CREATE -> "New item";
                                        case DUPLICATE -> "Duplicate: give the copy a new key";
                                    };
                                },
                                editor.editKindProperty()));

        editArea.textProperty().bindBidirectional(editor.editTextProperty());
        bindViewChoice();
        bindForm();

        reviewButton.disableProperty().bind(saves.busyProperty());
        saveButton
                .disableProperty()
                .bind(editor.stagedDiffProperty().isNull().or(saves.busyProperty()));
        diffList.setCellFactory(list -> new ChangeCell());
        diffSection.visibleProperty().bind(editor.stagedDiffProperty().isNotNull());
        diffSection.managedProperty().bind(editor.stagedDiffProperty().isNotNull());
        editor.stagedDiffProperty().addListener((obs, old, diff) -> showDiff(diff));
        diffList.setPlaceholder(new Label("Nothing changed."));

        editor.editProblemProperty().addListener((obs, old, problem) -> placeError(problem));
        editArea.scrollTopProperty()
                .addListener((obs, old, now) -> placeError(editor.editProblemProperty().get()));
        editArea.scrollLeftProperty()
                .addListener((obs, old, now) -> placeError(editor.editProblemProperty().get()));

        attributeTree.setRoot(new TreeItem<>());
        attributeTree.setCellFactory(tree -> new AttributeCell());
        showTree(viewModel.treeProperty().get());
        viewModel.treeProperty().addListener((obs, old, nodes) -> showTree(nodes));

        saves.conflictProperty()
                .addListener(
                        (obs, old, conflict) -> {
                            if (conflict != null) {
                                showConflict(conflict);
                            }
                        });
        saves.pendingDeleteProperty()
                .addListener(
                        (obs, old, items) -> {
                            if (items != null) {
                                confirmDelete(items.size(), saves.pendingDeleteKeys());
                            }
                        });
        installKeys();
    }

    /**
     * One row of three: the form, or the text as DynamoDB JSON or plain JSON. Choosing a format
     * converts the text (refused, with the reason shown, when plain JSON would lose values).
     */
    private void bindViewChoice() {
        plainJsonFormat.disableProperty().bind(editor.plainJsonEditableProperty().not());
        viewGroup
                .selectedToggleProperty()
                .addListener(
                        (obs, old, now) -> {
                            if (syncingView) {
                                return;
                            }
                            if (now == null) {
                                // a segmented choice always has one segment chosen
                                selectView(old);
                                return;
                            }
                            if (now != formToggle) {
                                EditFormat wanted =
                                        now == plainJsonFormat
                                                ? EditFormat.PLAIN_JSON
                                                : EditFormat.DYNAMO_JSON;
                                if (!editor.switchFormat(wanted)) {
                                    selectView(old);
                                }
                            }
                        });
        editor.editFormatProperty()
                .addListener(
                        (obs, old, now) -> {
                            if (!formToggle.isSelected()) {
                                selectView(formatToggle(now));
                            }
                        });
        // a new edit opens on its text, with the caret in it (Esc cancels from there)
        editor.editingProperty()
                .addListener(
                        (obs, was, is) -> {
                            if (is) {
                                selectView(formatToggle(editor.editFormatProperty().get()));
                                editArea.requestFocus();
                            }
                        });
    }

    private Toggle formatToggle(EditFormat format) {
        return format == EditFormat.PLAIN_JSON ? plainJsonFormat : dynamoJsonFormat;
    }

    private void selectView(Toggle toggle) {
        syncingView = true;
        try {
            viewGroup.selectToggle(toggle);
        } finally {
            syncingView = false;
        }
    }

    /** Esc cancels the edit; Ctrl/Cmd+S reviews, and once reviewed, saves. */
    private void installKeys() {
        KeyCombination saveKeys = new KeyCodeCombination(KeyCode.S, KeyCombination.SHORTCUT_DOWN);
        root.addEventFilter(
                KeyEvent.KEY_PRESSED,
                e -> {
                    if (!editor.editingProperty().get()) {
                        return;
                    }
                    if (e.getCode() == KeyCode.ESCAPE) {
                        viewModel.cancelEdit();
                        e.consume();
                    } else if (saveKeys.match(e)) {
                        if (editor.stagedDiffProperty().get() == null) {
                            editor.stage();
                        } else {
                            saves.save();
                        }
                        e.consume();
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
        editor.stage();
    }

    @FXML
    private void save() {
        saves.save();
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

    /** The review: what saving writes, one line per attribute, as high as its lines. */
    private void showDiff(ItemDiff diff) {
        List<ItemDiff.Change> changes = diff == null ? List.of() : diff.changes();
        diffList.setItems(FXCollections.observableArrayList(changes));
        diffList.setPrefHeight(Math.min(6, Math.max(1, changes.size())) * 24 + 4);
    }

    // ---- the form ----------------------------------------------------------------------------

    private void bindForm() {
        formError.getStyleClass().add("error-text");
        formError.setWrapText(true);
        formError.setId("formError");
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
        editor.formFieldsProperty().addListener((obs, old, fields) -> showForm());
        editor.editProblemProperty().addListener((obs, old, problem) -> showForm());
        formToggle.selectedProperty().addListener((obs, old, selected) -> showForm());
    }

    /**
     * Shows the editor's fields: builds the form when the fields' paths or types changed, and
     * otherwise only brings the values up to date — never the one being typed in, so a field
     * commits as the user types without losing its caret.
     */
    private void showForm() {
        if (!formToggle.isSelected()) {
            return;
        }
        List<Field> fields = editor.formFieldsProperty().get();
        List<String> shape =
                fields.stream()
                        .map(f -> f.path() + '\u0000' + f.type() + '\u0000' + f.editable())
                        .toList();
        if (!shape.equals(formShape)) {
            buildForm(fields);
            formShape = shape;
        } else {
            fillForm(fields);
        }
        EditProblem problem = editor.editProblemProperty().get();
        formError.setText(problem == null ? "" : problem.describe());
        formError.setVisible(problem != null);
        formError.setManaged(problem != null);
        formInputs.forEach(
                (path, input) -> {
                    input.getStyleClass().remove("field-problem");
                    if (problem != null && path.equals(problem.path())) {
                        input.getStyleClass().add("field-problem");
                    }
                });
    }

    /**
     * One block per scalar: its path and type on a line, and below it the value at the form's full
     * width — several wrapping lines for a long string — committed to the editor as it is typed.
     */
    private void buildForm(List<Field> fields) {
        formBox.getChildren().setAll(formError);
        formInputs.clear();
        for (Field field : fields) {
            Label name = new Label(field.path());
            name.getStyleClass().add("form-name");
            name.setWrapText(true);
            Label type = new Label(field.type().descriptor());
            type.getStyleClass().add("type-badge");
            type.setMinWidth(Region.USE_PREF_SIZE);
            HBox heading = new HBox(6, name, type);
            heading.setAlignment(Pos.BASELINE_LEFT);
            Control input = formInput(field);
            input.setMaxWidth(Double.MAX_VALUE);
            formInputs.put(field.path(), input);
            formBox.getChildren().add(new VBox(2, heading, input));
        }
    }

    private Control formInput(Field field) {
        if (field.type() == AttributeValue.Type.BOOL) {
            CheckBox check = new CheckBox("true");
            check.setId("form-" + field.path());
            check.setSelected(Boolean.parseBoolean(field.text()));
            check.setOnAction(
                    e -> editor.setFormValue(field, Boolean.toString(check.isSelected())));
            check.setTooltip(new Tooltip(field.path() + " (BOOL): checked is true"));
            return check;
        }
        boolean editable = field.editable() && field.type() != AttributeValue.Type.NULL;
        String text = field.type() == AttributeValue.Type.NULL ? "NULL" : field.text();
        TextInputControl input;
        if (field.type() != AttributeValue.Type.NULL
                && field.editable()
                && (text.length() > LONG_VALUE_CHARS || text.contains("\n"))) {
            TextArea area = new TextArea(text);
            area.setWrapText(true);
            area.setPrefRowCount(Math.min(8, Math.max(2, text.length() / 30 + 1)));
            input = area;
        } else {
            TextField line = new TextField(text);
            line.setOnAction(e -> focusAfter(field.path()));
            input = line;
        }
        input.setId("form-" + field.path());
        input.setEditable(editable);
        input.setTooltip(
                new Tooltip(
                        field.path()
                                + " ("
                                + field.type().descriptor()
                                + ")"
                                + (editable
                                        ? ": changes count as you type"
                                        : field.type() == AttributeValue.Type.NULL
                                                ? ": NULL has no value; change its type in JSON"
                                                : ": sets are edited as JSON")));
        input.textProperty()
                .addListener(
                        (obs, old, now) -> {
                            if (!fillingForm && input.isEditable()) {
                                editor.setFormValue(field, now);
                            }
                        });
        return input;
    }

    /** Brings the inputs up to date with the editor's values, except the one being typed in. */
    private void fillForm(List<Field> fields) {
        fillingForm = true;
        try {
            for (Field field : fields) {
                Control input = formInputs.get(field.path());
                if (input == null || input.isFocused()) {
                    continue;
                }
                if (input instanceof CheckBox check) {
                    check.setSelected(Boolean.parseBoolean(field.text()));
                } else if (input instanceof TextInputControl text
                        && field.type() != AttributeValue.Type.NULL
                        && !text.getText().equals(field.text())) {
                    text.setText(field.text());
                }
            }
        } finally {
            fillingForm = false;
        }
    }

    private void focusAfter(String path) {
        List<String> paths = new ArrayList<>(formInputs.keySet());
        int next = paths.indexOf(path) + 1;
        if (next > 0 && next < paths.size()) {
            formInputs.get(paths.get(next)).requestFocus();
        } else {
            reviewButton.requestFocus();
        }
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
                                case KEEP_THEIRS -> saves.keepTheirs();
                                case OVERWRITE_WITH_MINE -> saves.overwriteWithMine();
                                case KEEP_EDITING -> saves.keepEditing();
                            }
                        });
        dialog.show();
    }

    /** Asks before deleting, naming the key of every item that would go. */
    private void confirmDelete(int count, List<String> keys) {
        String table =
                viewModel.tableProperty().get() == null
                        ? ""
                        : viewModel.tableProperty().get().name();
        StringBuilder listed = new StringBuilder();
        keys.stream().limit(MAX_KEYS_LISTED).forEach(key -> listed.append(key).append('\n'));
        if (keys.size() > MAX_KEYS_LISTED) {
            listed.append("… and ").append(keys.size() - MAX_KEYS_LISTED).append(" more\n");
        }
        Label keyList = new Label(listed.toString().strip());
        keyList.setId("deleteKeys");
        keyList.getStyleClass().add("json-area");
        Label rule =
                new Label(
                        "Each item is deleted only if it still holds the values you saw;"
                                + " items changed since are kept.");
        rule.setWrapText(true);
        VBox content = new VBox(8, keyList, rule);
        content.setPrefWidth(440);
        Alert alert = new Alert(Alert.AlertType.CONFIRMATION, "", ButtonType.OK, ButtonType.CANCEL);
        alert.getDialogPane().setContent(content);
        alert.setTitle("Delete items");
        alert.setHeaderText(
                "Delete "
                        + count
                        + (count == 1 ? " item" : " items")
                        + " from table '"
                        + table
                        + "'?");
        ((Button) alert.getDialogPane().lookupButton(ButtonType.OK))
                .setTooltip(new Tooltip("Delete the items listed"));
        ((Button) alert.getDialogPane().lookupButton(ButtonType.CANCEL))
                .setTooltip(new Tooltip("Delete nothing (Esc)"));
        if (editArea.getScene() != null) {
            alert.initOwner(editArea.getScene().getWindow());
        }
        alert.resultProperty()
                .addListener(
                        (obs, old, answer) -> {
                            if (answer == ButtonType.OK) {
                                saves.confirmDelete();
                            } else if (answer != null) {
                                saves.cancelDelete();
                            }
                        });
        alert.show();
    }

    /** A line of the item tree: name, type badge and value summary. */
    private final class AttributeCell extends TreeCell<AttributeNode> {
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
            boolean topLevel =
                    getTreeItem() != null && getTreeItem().getParent() == getTreeView().getRoot();
            summary.setTooltip(
                    viewModel
                            .valueNote(node.name(), node.value(), topLevel)
                            .map(Tooltip::new)
                            .orElse(null));
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

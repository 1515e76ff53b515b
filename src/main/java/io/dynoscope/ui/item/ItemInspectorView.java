package io.dynoscope.ui.item;

import static io.dynoscope.ui.common.ViewBindings.copy;
import static io.dynoscope.ui.common.ViewBindings.explainDisabled;
import static io.dynoscope.ui.common.ViewBindings.showWhen;
import static io.dynoscope.ui.common.ViewBindings.tooltip;

import io.dynoscope.core.item.ItemDiff;
import io.dynoscope.ui.common.DialogService;
import io.dynoscope.ui.common.Views;
import io.dynoscope.ui.item.ItemEditor.EditFormat;
import java.util.List;
import java.util.Objects;
import javafx.collections.FXCollections;
import javafx.fxml.FXML;
import javafx.geometry.Bounds;
import javafx.scene.Parent;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.Toggle;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.FlowPane;
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

    private boolean syncingView;
    private ItemForm form;

    public ItemInspectorView(ItemInspectorViewModel viewModel) {
        this.viewModel = Objects.requireNonNull(viewModel, "viewModel");
        this.editor = viewModel.editor();
        this.saves = viewModel.saves();
    }

    /** On a read-only connection the write buttons, and the row that holds them, say why. */
    private void explainReadOnly() {
        var reason = viewModel.readOnlyReasonProperty();
        explainDisabled(
                () ->
                        reason.get().isEmpty()
                                ? ""
                                : "Disabled: the connection is read-only (" + reason.get() + ")",
                List.of(reason),
                itemActions,
                editButton,
                newButton,
                duplicateButton,
                deleteButton);
    }

    /** Loads the inspector panel for a view model. */
    public static Parent load(ItemInspectorViewModel viewModel) {
        return Views.load("ItemInspector.fxml", new ItemInspectorView(viewModel));
    }

    @FXML
    private void initialize() {
        titleLabel.textProperty().bind(viewModel.titleProperty());
        tooltip(titleLabel, "The key of the item shown");
        sizeLabel.textProperty().bind(viewModel.sizeProperty());
        showWhen(viewModel.sizeProperty().isNotEmpty(), sizeLabel);
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
        showWhen(editing.not(), itemActions);
        copyValueButton
                .disableProperty()
                .bind(attributeTree.getSelectionModel().selectedItemProperty().isNull());

        viewTabs.visibleProperty().bind(editing.not());
        showWhen(editing, editorPane);
        editKindLabel
                .textProperty()
                .bind(
                        editor.editKindProperty()
                                .map(
                                        kind ->
                                                switch (kind) {
                                                    case EDIT -> "Editing";
                                                    case CREATE -> "New item";
                                                    case DUPLICATE ->
                                                            "Duplicate: give the copy a new key";
                                                })
                                .orElse(""));

        editArea.textProperty().bindBidirectional(editor.editTextProperty());
        bindViewChoice();
        form = new ItemForm(editor, formToggle, formPane, formBox, reviewButton);
        form.bind();
        editArea.visibleProperty().bind(formToggle.selectedProperty().not());
        errorLabel
                .visibleProperty()
                .addListener(
                        (obs, old, shown) -> {
                            if (shown && formToggle.isSelected()) {
                                errorLabel.setVisible(false);
                            }
                        });

        reviewButton.disableProperty().bind(saves.busyProperty());
        saveButton
                .disableProperty()
                .bind(editor.stagedDiffProperty().isNull().or(saves.busyProperty()));
        diffList.setCellFactory(list -> new DiffLineCell());
        showWhen(editor.stagedDiffProperty().isNotNull(), diffSection);
        editor.stagedDiffProperty().addListener((obs, old, diff) -> showDiff(diff));
        diffList.setPlaceholder(new Label("Nothing changed."));

        editor.editProblemProperty().addListener((obs, old, problem) -> placeError(problem));
        editArea.scrollTopProperty()
                .addListener((obs, old, now) -> placeError(editor.editProblemProperty().get()));
        editArea.scrollLeftProperty()
                .addListener((obs, old, now) -> placeError(editor.editProblemProperty().get()));

        attributeTree.setRoot(new TreeItem<>());
        attributeTree.setCellFactory(tree -> new AttributeTreeCell(viewModel));
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
        // a new edit opens on the form, with the caret in its first value (Esc cancels from
        // there); the JSON is one click away
        editor.editingProperty()
                .addListener(
                        (obs, was, is) -> {
                            if (is) {
                                selectView(formToggle);
                                form.show();
                                form.focusFirstValue(viewModel.tableProperty().get());
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
            DialogService.over(alert, editArea.getScene().getWindow());
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
}

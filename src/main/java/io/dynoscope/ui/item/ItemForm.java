package io.dynoscope.ui.item;

import static io.dynoscope.ui.common.ViewBindings.tooltip;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.ItemFields.Field;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The inspector's form: one block per scalar of the item being edited — its path and type, and its
 * value at the form's full width — committed to the {@link ItemEditor} as it is typed, with the
 * edit's problem named above the values and its field marked.
 */
final class ItemForm {

    /**
     * A value longer than this (a string, a 38-digit number, binary as base64) is edited in a
     * wrapping area of several lines.
     */
    private static final int LONG_VALUE_CHARS = 32;

    private final ItemEditor editor;
    private final ToggleButton formToggle;
    private final ScrollPane formPane;
    private final VBox formBox;
    private final Node afterLast;

    /** The form's inputs by field path, while the fields keep their paths and types. */
    private final Map<String, Control> formInputs = new LinkedHashMap<>();

    private final Label formError = new Label();
    private List<String> formShape = List.of();
    private boolean fillingForm;

    /**
     * @param formToggle shows the form while selected
     * @param afterLast where Enter in the last value goes (the review button)
     */
    ItemForm(
            ItemEditor editor,
            ToggleButton formToggle,
            ScrollPane formPane,
            VBox formBox,
            Node afterLast) {
        this.editor = editor;
        this.formToggle = formToggle;
        this.formPane = formPane;
        this.formBox = formBox;
        this.afterLast = afterLast;
    }

    void bind() {
        formError.getStyleClass().add("error-text");
        formError.setWrapText(true);
        formError.setId("formError");
        formPane.visibleProperty().bind(formToggle.selectedProperty());
        editor.formFieldsProperty().addListener((obs, old, fields) -> show());
        editor.editProblemProperty().addListener((obs, old, problem) -> show());
        formToggle.selectedProperty().addListener((obs, old, selected) -> show());
    }

    /**
     * Shows the editor's fields: builds the form when the fields' paths or types changed, and
     * otherwise only brings the values up to date — never the one being typed in, so a field
     * commits as the user types without losing its caret.
     */
    void show() {
        if (!formToggle.isSelected()) {
            return;
        }
        List<Field> fields = editor.formFieldsProperty().get();
        List<String> shape =
                fields.stream()
                        .map(f -> f.path() + '\u0000' + f.type() + '\u0000' + f.editable())
                        .toList();
        if (!shape.equals(formShape)) {
            build(fields);
            formShape = shape;
        } else {
            fill(fields);
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
    private void build(List<Field> fields) {
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
            Control input = input(field);
            input.setMaxWidth(Double.MAX_VALUE);
            formInputs.put(field.path(), input);
            formBox.getChildren().add(new VBox(2, heading, input));
        }
    }

    private Control input(Field field) {
        if (field.type() == AttributeValue.Type.BOOL) {
            CheckBox check = new CheckBox("true");
            check.setId("form-" + field.path());
            check.setSelected(Boolean.parseBoolean(field.text()));
            check.setOnAction(
                    e -> editor.setFormValue(field, Boolean.toString(check.isSelected())));
            tooltip(check, field.path() + " (BOOL): checked is true");
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
        tooltip(
                input,
                field.path()
                        + " ("
                        + field.type().descriptor()
                        + ")"
                        + (editable
                                ? ": changes count as you type"
                                : field.type() == AttributeValue.Type.NULL
                                        ? ": NULL has no value; change its type in JSON"
                                        : ": sets are edited as JSON"));
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
    private void fill(List<Field> fields) {
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

    /**
     * The caret goes to the first value to change: of an edit, the first that is not a key (a key
     * cannot change); of a new item or a duplicate, its key.
     */
    void focusFirstValue(InspectedTable table) {
        boolean keysFixed = editor.editKindProperty().get() == ItemEditor.EditKind.EDIT;
        formInputs.entrySet().stream()
                .filter(
                        e ->
                                !keysFixed
                                        || table == null
                                        || !table.info().keySchema().isKeyAttribute(e.getKey()))
                .map(Map.Entry::getValue)
                .filter(input -> !(input instanceof TextInputControl text) || text.isEditable())
                .findFirst()
                .ifPresentOrElse(Control::requestFocus, formPane::requestFocus);
    }

    private void focusAfter(String path) {
        List<String> paths = new ArrayList<>(formInputs.keySet());
        int next = paths.indexOf(path) + 1;
        if (next > 0 && next < paths.size()) {
            formInputs.get(paths.get(next)).requestFocus();
        } else {
            afterLast.requestFocus();
        }
    }
}

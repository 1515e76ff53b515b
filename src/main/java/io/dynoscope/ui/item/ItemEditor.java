package io.dynoscope.ui.item;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemDiff;
import io.dynoscope.core.item.ItemFields;
import io.dynoscope.core.item.ItemFields.Field;
import io.dynoscope.core.item.ItemFormatException;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.ItemRules;
import io.dynoscope.core.item.KeySchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableValue;

/**
 * The item inspector's editor: the edited item as text (DynamoDB JSON or plain JSON) and as form
 * fields, and the checks that stage an edit for review — it parses, its keys have the table's
 * types, an edit keeps its key — before anything can be sent. It sends nothing itself: {@link
 * ItemSaveFlow} writes what it staged.
 */
public final class ItemEditor {

    /** What the open editor will do on save. */
    public enum EditKind {
        EDIT,
        CREATE,
        DUPLICATE
    }

    /** The text format of the editor. */
    public enum EditFormat {
        DYNAMO_JSON,
        PLAIN_JSON
    }

    private final ObservableValue<InspectedTable> table;
    private final ReadOnlyBooleanWrapper editing = new ReadOnlyBooleanWrapper(this, "editing");
    private final ReadOnlyObjectWrapper<EditKind> editKind =
            new ReadOnlyObjectWrapper<>(this, "editKind");
    private final ReadOnlyObjectWrapper<EditFormat> editFormat =
            new ReadOnlyObjectWrapper<>(this, "editFormat", EditFormat.DYNAMO_JSON);
    private final ReadOnlyBooleanWrapper plainJsonEditable =
            new ReadOnlyBooleanWrapper(this, "plainJsonEditable");
    private final StringProperty editText = new SimpleStringProperty(this, "editText", "");
    private final ReadOnlyObjectWrapper<EditProblem> editProblem =
            new ReadOnlyObjectWrapper<>(this, "editProblem");
    private final ReadOnlyObjectWrapper<List<Field>> formFields =
            new ReadOnlyObjectWrapper<>(this, "formFields", List.of());
    private final ReadOnlyObjectWrapper<ItemDiff> stagedDiff =
            new ReadOnlyObjectWrapper<>(this, "stagedDiff");

    /** The version the open edit is conditioned on; null when creating or duplicating. */
    private Item base;

    /**
     * The parsed and checked edit, or null when the text has not been staged since it last changed.
     */
    private Item staged;

    /**
     * @param table the table the edited item belongs to (its keys are checked against it)
     */
    ItemEditor(ObservableValue<InspectedTable> table) {
        this.table = Objects.requireNonNull(table, "table");
        editText.addListener(
                (obs, old, text) -> {
                    // any change of the text needs a new review
                    staged = null;
                    stagedDiff.set(null);
                    // the form follows the text: whenever the text parses, its scalars are the
                    // form's fields
                    Item parsed = quietParse();
                    if (parsed != null) {
                        formFields.set(ItemFields.of(parsed));
                    }
                });
    }

    // ---- state -------------------------------------------------------------------------------

    public ReadOnlyBooleanProperty editingProperty() {
        return editing.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<EditKind> editKindProperty() {
        return editKind.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<EditFormat> editFormatProperty() {
        return editFormat.getReadOnlyProperty();
    }

    /**
     * Whether the edit can be written as plain JSON: not when it has binary values or sets, which
     * plain JSON would lose.
     */
    public ReadOnlyBooleanProperty plainJsonEditableProperty() {
        return plainJsonEditable.getReadOnlyProperty();
    }

    /** The text being edited, in {@link #editFormatProperty() the edit format}. */
    public StringProperty editTextProperty() {
        return editText;
    }

    /** Why the edit cannot be sent and where, or null. */
    public ReadOnlyObjectProperty<EditProblem> editProblemProperty() {
        return editProblem.getReadOnlyProperty();
    }

    /**
     * The editor's item as form fields (scalars, nested ones included); the last ones that parsed
     * while the text does not.
     */
    public ReadOnlyObjectProperty<List<Field>> formFieldsProperty() {
        return formFields.getReadOnlyProperty();
    }

    /** The reviewed changes a save would write, or null when the edit is not staged. */
    public ReadOnlyObjectProperty<ItemDiff> stagedDiffProperty() {
        return stagedDiff.getReadOnlyProperty();
    }

    /** The version the edit is conditioned on; null when creating or duplicating. */
    Item base() {
        return base;
    }

    /** The staged edit, or null when the text changed since it was last staged. */
    Item staged() {
        return staged;
    }

    // ---- opening and closing -----------------------------------------------------------------

    /** Opens the editor on {@code content}, conditioned on {@code seen} (null: a new item). */
    void open(EditKind kind, Item seen, Item content) {
        base = seen;
        editProblem.set(null);
        editKind.set(kind);
        editFormat.set(EditFormat.DYNAMO_JSON);
        plainJsonEditable.set(plainJsonCanHold(content));
        editText.set(ItemJson.DYNAMODB.writePretty(content));
        staged = null;
        stagedDiff.set(null);
        editing.set(true);
    }

    /** Goes on editing the same text, now conditioned on {@code newBase} (after a conflict). */
    void rebase(EditKind kind, Item newBase) {
        base = newBase;
        editKind.set(kind);
        staged = null;
        stagedDiff.set(null);
    }

    void close() {
        editing.set(false);
        editKind.set(null);
        base = null;
        staged = null;
        editProblem.set(null);
        stagedDiff.set(null);
    }

    /** Reports a problem found while sending what was staged. */
    void problem(String message) {
        editProblem.set(new EditProblem(message, "", 0, 0));
    }

    // ---- editing -----------------------------------------------------------------------------

    /**
     * Switches the editor to another format, converting the text; refused (with a problem) when the
     * text does not parse or when plain JSON would lose binary values or sets.
     */
    public boolean switchFormat(EditFormat format) {
        if (!editing.get() || format == editFormat.get()) {
            return true;
        }
        Item parsed = parse();
        if (parsed == null) {
            return false;
        }
        if (format == EditFormat.PLAIN_JSON && !plainJsonCanHold(parsed)) {
            problem(
                    "the item has binary values or sets, which plain JSON cannot hold;"
                            + " edit it as DynamoDB JSON");
            return false;
        }
        editProblem.set(null);
        editFormat.set(format);
        editText.set(write(parsed));
        return true;
    }

    /**
     * Sets one form field from text, read as the field's type, and writes the result back into the
     * editor text (the form commits as the user types). A wrong value is reported with the field's
     * path and changes nothing.
     */
    public boolean setFormValue(Field field, String text) {
        if (!editing.get()) {
            return false;
        }
        Item current = parse();
        if (current == null) {
            return false;
        }
        Item edited;
        try {
            edited = ItemFields.with(current, field, text);
        } catch (IllegalArgumentException e) {
            editProblem.set(new EditProblem(e.getMessage(), field.path(), 0, 0));
            return false;
        }
        editProblem.set(null);
        editText.set(write(edited));
        return true;
    }

    /**
     * Parses and checks the edited text and, when it is sound, exposes the per-attribute diff for
     * review. Returns false, with {@link #editProblemProperty() a problem} saying where, otherwise.
     * Sends nothing.
     */
    public boolean stage() {
        InspectedTable t = table.getValue();
        if (!editing.get() || t == null) {
            return false;
        }
        staged = null;
        stagedDiff.set(null);
        Item parsed = parse();
        if (parsed == null) {
            return false;
        }
        KeySchema keys = t.info().keySchema();
        List<ItemRules.Problem> problems =
                new ArrayList<>(ItemRules.check(parsed, keys, t.info().keyAttributeTypes()));
        if (base != null) {
            problems.addAll(0, ItemRules.checkKeyUnchanged(keys, base, parsed));
        }
        if (!problems.isEmpty()) {
            ItemRules.Problem first = problems.get(0);
            String message =
                    first.toString()
                            + (problems.size() == 1
                                    ? ""
                                    : " (and " + (problems.size() - 1) + " more)");
            int[] at = locate(editText.get(), first.attribute());
            editProblem.set(new EditProblem(message, first.attribute(), at[0], at[1]));
            return false;
        }
        editProblem.set(null);
        staged = parsed;
        stagedDiff.set(ItemDiff.between(base, parsed));
        return true;
    }

    // ---- internals ---------------------------------------------------------------------------

    private String write(Item item) {
        return editFormat.get() == EditFormat.PLAIN_JSON
                ? ItemJson.PLAIN.writePretty(item)
                : ItemJson.DYNAMODB.writePretty(item);
    }

    private Item read() {
        return editFormat.get() == EditFormat.PLAIN_JSON
                ? ItemJson.PLAIN.readItem(editText.get())
                : ItemJson.DYNAMODB.readItem(editText.get());
    }

    private Item quietParse() {
        try {
            return read();
        } catch (ItemFormatException | NullPointerException e) {
            return null;
        }
    }

    /** Parses the editor text; on failure sets the problem and returns null. */
    private Item parse() {
        try {
            return read();
        } catch (ItemFormatException e) {
            editProblem.set(new EditProblem(e.reason(), e.path(), e.line(), e.column()));
            return null;
        }
    }

    private static boolean plainJsonCanHold(Item item) {
        return item.attributes().values().stream().allMatch(ItemEditor::plainJsonCanHold);
    }

    private static boolean plainJsonCanHold(AttributeValue value) {
        return switch (value.type()) {
            case B, SS, NS, BS -> false;
            case M ->
                    ((AttributeValue.MapValue) value)
                            .entries().values().stream().allMatch(ItemEditor::plainJsonCanHold);
            case L ->
                    ((AttributeValue.ListValue) value)
                            .elements().stream().allMatch(ItemEditor::plainJsonCanHold);
            default -> true;
        };
    }

    /**
     * The 1-based line and column of a top-level attribute's name in the edited text, or {0, 0}.
     */
    private static int[] locate(String text, String attribute) {
        if (attribute.isEmpty()) {
            return new int[] {0, 0};
        }
        Matcher m = Pattern.compile("\"" + Pattern.quote(attribute) + "\"\\s*:").matcher(text);
        if (!m.find()) {
            return new int[] {0, 0};
        }
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < m.start(); i++) {
            if (text.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return new int[] {line, m.start() - lineStart + 1};
    }
}

package io.dynoscope.ui.item;

import io.dynoscope.core.expression.GuardedWrite;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.DynamoJson;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemDiff;
import io.dynoscope.core.item.ItemFields;
import io.dynoscope.core.item.ItemFields.Field;
import io.dynoscope.core.item.ItemFormatException;
import io.dynoscope.core.item.ItemRules;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.item.PlainJson;
import io.dynoscope.service.write.ItemChange;
import io.dynoscope.service.write.ItemWrites;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.ErrorMessages;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The item inspector and editor: shows the selected item as a tree, plain JSON and DynamoDB JSON,
 * and edits, creates, duplicates and deletes items with writes conditioned on what the user saw.
 *
 * <p>An edit is parsed and checked before anything is sent ({@link #stage()}), and the user reviews
 * the per-attribute diff. When the item changed in the meantime the write is refused and the
 * inspector exposes a {@link Conflict} with both versions; nothing is overwritten until the user
 * chooses. Saved and deleted items are published to {@link #addItemChangeListener item-change
 * listeners}.
 */
public final class ItemInspectorViewModel {

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

    private final BackgroundWork work;
    private final ObjectProperty<InspectedTable> table = new SimpleObjectProperty<>(this, "table");
    private final ObjectProperty<Item> item = new SimpleObjectProperty<>(this, "item");
    private final ReadOnlyObjectWrapper<Item> shownItem =
            new ReadOnlyObjectWrapper<>(this, "shownItem");

    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper(this, "title", "");
    private final ReadOnlyObjectWrapper<List<AttributeNode>> tree =
            new ReadOnlyObjectWrapper<>(this, "tree", List.of());
    private final ReadOnlyStringWrapper plainJson =
            new ReadOnlyStringWrapper(this, "plainJson", "");
    private final ReadOnlyStringWrapper dynamoJson =
            new ReadOnlyStringWrapper(this, "dynamoJson", "");

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
    private final ReadOnlyObjectWrapper<Conflict> conflict =
            new ReadOnlyObjectWrapper<>(this, "conflict");
    private final ReadOnlyObjectWrapper<List<Item>> pendingDelete =
            new ReadOnlyObjectWrapper<>(this, "pendingDelete");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ReadOnlyStringWrapper failure = new ReadOnlyStringWrapper(this, "failure", "");
    private final List<Consumer<ItemChange>> itemChangeListeners = new CopyOnWriteArrayList<>();

    /** The version the open edit is conditioned on; null when creating or duplicating. */
    private Item base;

    /**
     * The parsed and checked edit, or null when the text has not been staged since it last changed.
     */
    private Item staged;

    public ItemInspectorViewModel(BackgroundWork work) {
        this.work = Objects.requireNonNull(work, "work");
        // the form follows the text: whenever the text parses, its scalars are the form's fields
        editText.addListener(
                (obs, old, text) -> {
                    Item parsed = quietParse();
                    if (parsed != null) {
                        formFields.set(ItemFields.of(parsed));
                    }
                });
        item.addListener(
                (obs, old, now) -> {
                    leaveEditor();
                    pendingDelete.set(null);
                    shownItem.set(now);
                    refreshDisplay();
                });
        table.addListener(
                (obs, old, now) -> {
                    leaveEditor();
                    pendingDelete.set(null);
                    refreshDisplay();
                });
        editText.addListener(
                (obs, old, now) -> {
                    staged = null;
                    stagedDiff.set(null);
                });
    }

    // ---- inputs ----------------------------------------------------------------------------

    /** The table the item belongs to; set it before the item. */
    public ObjectProperty<InspectedTable> tableProperty() {
        return table;
    }

    /**
     * The item to inspect (the grid's selection), or null; may be bound. A new item closes an open
     * editor.
     */
    public ObjectProperty<Item> itemProperty() {
        return item;
    }

    /**
     * The item the inspector shows and acts on: the {@link #itemProperty() input}, or what the
     * inspector has saved (or found changed) since, until the input changes again.
     */
    public ReadOnlyObjectProperty<Item> shownItemProperty() {
        return shownItem.getReadOnlyProperty();
    }

    /** The text being edited, in {@link #editFormatProperty() the edit format}. */
    public StringProperty editTextProperty() {
        return editText;
    }

    // ---- outputs ---------------------------------------------------------------------------

    /** The item's key, e.g. {@code WS#acme / META}. */
    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<List<AttributeNode>> treeProperty() {
        return tree.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty plainJsonProperty() {
        return plainJson.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty dynamoJsonProperty() {
        return dynamoJson.getReadOnlyProperty();
    }

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

    /** Why the edit cannot be sent and where, or null. */
    public ReadOnlyObjectProperty<EditProblem> editProblemProperty() {
        return editProblem.getReadOnlyProperty();
    }

    /**
     * The reviewed changes that {@link #save()} would write, or null when the edit is not staged.
     */
    public ReadOnlyObjectProperty<ItemDiff> stagedDiffProperty() {
        return stagedDiff.getReadOnlyProperty();
    }

    /** A refused save waiting for the user's choice, or null. */
    public ReadOnlyObjectProperty<Conflict> conflictProperty() {
        return conflict.getReadOnlyProperty();
    }

    /** Items the user asked to delete, waiting for confirmation, or null. */
    public ReadOnlyObjectProperty<List<Item>> pendingDeleteProperty() {
        return pendingDelete.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** What the last action did, for the user. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** The last server error, with operation, table and AWS's message; empty when none. */
    public ReadOnlyStringProperty failureProperty() {
        return failure.getReadOnlyProperty();
    }

    /**
     * Called on the UI thread with every item this inspector saved or deleted, or found changed.
     */
    public void addItemChangeListener(Consumer<ItemChange> listener) {
        itemChangeListeners.add(Objects.requireNonNull(listener));
    }

    public void removeItemChangeListener(Consumer<ItemChange> listener) {
        itemChangeListeners.remove(listener);
    }

    // ---- opening and closing the editor ----------------------------------------------------

    /** Opens the editor on the selected item as DynamoDB JSON. */
    public void startEdit() {
        Item current = shownItem.get();
        if (current == null || table.get() == null) {
            return;
        }
        openEditor(EditKind.EDIT, current, current);
    }

    /**
     * Opens the editor on a new item holding only the key attributes: the partition key of the
     * selected item when there is one (a new item in the same item collection), empty values
     * otherwise.
     */
    public void startCreate() {
        InspectedTable t = table.get();
        if (t == null) {
            return;
        }
        KeySchema keys = t.info().keySchema();
        Map<String, AttributeValue> template = new LinkedHashMap<>();
        Item selected = shownItem.get();
        AttributeValue partition =
                selected == null ? null : selected.attributes().get(keys.partitionKey());
        template.put(
                keys.partitionKey(),
                partition != null ? partition : emptyKeyValue(t, keys.partitionKey()));
        keys.sortKey().ifPresent(sortKey -> template.put(sortKey, emptyKeyValue(t, sortKey)));
        openEditor(EditKind.CREATE, null, Item.of(template));
    }

    /**
     * Opens the editor on a copy of the selected item, to be saved under a key the user changes.
     */
    public void startDuplicate() {
        Item current = shownItem.get();
        if (current == null || table.get() == null) {
            return;
        }
        openEditor(EditKind.DUPLICATE, null, current);
    }

    /** Closes the editor without writing. */
    public void cancelEdit() {
        leaveEditor();
        status.set("Edit discarded; nothing was written.");
    }

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
            editProblem.set(
                    new EditProblem(
                            "the item has binary values or sets, which plain JSON cannot hold;"
                                    + " edit it as DynamoDB JSON",
                            "",
                            0,
                            0));
            return false;
        }
        editProblem.set(null);
        editFormat.set(format);
        editText.set(
                format == EditFormat.PLAIN_JSON
                        ? PlainJson.writePretty(parsed)
                        : DynamoJson.writePretty(parsed));
        return true;
    }

    // ---- staging and saving ----------------------------------------------------------------

    /**
     * Parses and checks the edited text and, when it is sound, exposes the per-attribute diff for
     * review. Returns false, with {@link #editProblemProperty() a problem} saying where, otherwise.
     * Sends nothing.
     */
    public boolean stage() {
        InspectedTable t = table.get();
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

    /**
     * Writes the edit, staging it first if needed, conditioned on the version the user saw. Returns
     * the running work, or empty when nothing was sent (a problem, or nothing changed).
     */
    public Optional<BackgroundWork.Handle> save() {
        if (!editing.get() || busy.get() || conflict.get() != null) {
            return Optional.empty();
        }
        if (staged == null && !stage()) {
            return Optional.empty();
        }
        if (base != null && stagedDiff.get().isEmpty()) {
            status.set("Nothing changed, so nothing was written.");
            return Optional.empty();
        }
        KeySchema keys = table.get().info().keySchema();
        GuardedWrite.Plan plan;
        try {
            plan =
                    base == null
                            ? GuardedWrite.create(keys, staged)
                            : GuardedWrite.edit(keys, base, staged);
        } catch (IllegalArgumentException e) {
            editProblem.set(new EditProblem(e.getMessage(), "", 0, 0));
            return Optional.empty();
        }
        return Optional.of(send(plan, base, staged));
    }

    // ---- conflicts -------------------------------------------------------------------------

    /** Discards the user's version and shows the current one. */
    public void keepTheirs() {
        Conflict c = conflict.get();
        if (c == null) {
            return;
        }
        InspectedTable t = table.get();
        leaveEditor();
        if (showsItemWithKeyOf(c.mine())) {
            show(c.current());
        }
        publish(
                c.current() == null
                        ? new ItemChange.Deleted(t.name(), t.info().keySchema().keyOf(c.mine()))
                        : new ItemChange.Saved(t.name(), c.current()));
        status.set(
                c.current() == null
                        ? "Your edit was discarded; the item no longer exists."
                        : "Your edit was discarded; showing the current version.");
    }

    /**
     * Writes the user's version over the current one, conditioned on the current version the user
     * has now seen in the conflict; if that changed too, a new conflict is exposed.
     */
    public Optional<BackgroundWork.Handle> overwriteWithMine() {
        Conflict c = conflict.get();
        if (c == null || busy.get()) {
            return Optional.empty();
        }
        if (c.current() != null && c.mineOverCurrent().isEmpty()) {
            leaveEditor();
            if (showsItemWithKeyOf(c.mine())) {
                show(c.current());
            }
            status.set("The current version already matches yours; nothing was written.");
            return Optional.empty();
        }
        KeySchema keys = table.get().info().keySchema();
        GuardedWrite.Plan plan;
        try {
            plan =
                    c.current() == null
                            ? GuardedWrite.create(keys, c.mine())
                            : GuardedWrite.edit(keys, c.current(), c.mine());
        } catch (IllegalArgumentException e) {
            keepEditing();
            failure.set("Cannot overwrite: " + e.getMessage());
            return Optional.empty();
        }
        conflict.set(null);
        return Optional.of(send(plan, c.current(), c.mine()));
    }

    /**
     * Closes the conflict and goes back to the editor; an edit now applies to the current version
     * the user saw in the conflict (or becomes a create when the item is gone).
     */
    public void keepEditing() {
        Conflict c = conflict.get();
        if (c == null) {
            return;
        }
        EditKind kind =
                editKind.get() != null
                        ? editKind.get()
                        : c.seen() == null ? EditKind.CREATE : EditKind.EDIT;
        Item newBase = kind == EditKind.EDIT ? c.current() : null;
        if (kind == EditKind.EDIT && newBase == null) {
            kind = EditKind.CREATE;
        }
        if (editing.get()) {
            conflict.set(null);
            base = newBase;
            editKind.set(kind);
            staged = null;
            stagedDiff.set(null);
        } else {
            // The selection moved on while the save ran: reopen the user's version rather than lose
            // it.
            openEditor(kind, newBase, c.mine());
        }
        status.set("Still editing; saving will be checked against the version you just saw.");
    }

    // ---- deleting --------------------------------------------------------------------------

    /** Asks to delete the selected item; the view confirms with {@link #confirmDelete()}. */
    public void requestDelete() {
        if (shownItem.get() != null) {
            requestDelete(List.of(shownItem.get()));
        }
    }

    /**
     * Asks to delete these items (a multi-selection in the grid); the view confirms with {@link
     * #confirmDelete()}.
     */
    public void requestDelete(List<Item> items) {
        if (table.get() != null && !items.isEmpty()) {
            pendingDelete.set(List.copyOf(items));
        }
    }

    public void cancelDelete() {
        pendingDelete.set(null);
    }

    public Optional<BackgroundWork.Handle> confirmDelete() {
        List<Item> items = pendingDelete.get();
        pendingDelete.set(null);
        return items == null ? Optional.empty() : Optional.of(deleteItems(items));
    }

    /**
     * Deletes each item only if it still holds every value it had when seen; reports how many were
     * deleted and how many had changed meanwhile (those are kept, and published as they are now).
     */
    public BackgroundWork.Handle deleteItems(List<Item> items) {
        InspectedTable t = Objects.requireNonNull(table.get(), "no table");
        List<Item> seen = List.copyOf(items);
        busy.set(true);
        failure.set("");
        return work.submit(
                "Delete items from " + t.name(),
                cancellation -> t.writes().deleteSeen(seen, cancellation),
                report -> {
                    busy.set(false);
                    Item shown = shownItem.get();
                    if (shown != null
                            && report.deleted().contains(t.info().keySchema().keyOf(shown))) {
                        show(null);
                    }
                    report.changes().forEach(this::publish);
                    status.set(report.summary());
                    if (!report.failures().isEmpty()) {
                        failure.set(report.failures().get(0));
                    }
                },
                error -> {
                    busy.set(false);
                    failure.set(ErrorMessages.describe(error));
                });
    }

    // ---- internals -------------------------------------------------------------------------

    private BackgroundWork.Handle send(GuardedWrite.Plan plan, Item seen, Item mine) {
        InspectedTable t = table.get();
        Item shownAtSend = shownItem.get();
        busy.set(true);
        failure.set("");
        return work.submit(
                "Save item in " + t.name(),
                cancellation -> t.writes().save(plan, mine),
                result -> {
                    busy.set(false);
                    if (result instanceof ItemWrites.SaveOutcome.Saved saved) {
                        // Show the saved item unless the user has selected another one meanwhile.
                        if (shownItem.get() == shownAtSend) {
                            leaveEditor();
                            show(saved.item());
                        }
                        publish(new ItemChange.Saved(t.name(), saved.item()));
                        status.set("Saved.");
                    } else {
                        conflict.set(
                                new Conflict(
                                        seen,
                                        mine,
                                        ((ItemWrites.SaveOutcome.Refused) result).current()));
                        status.set("The item changed since you saw it; nothing was written.");
                    }
                },
                error -> {
                    busy.set(false);
                    failure.set(ErrorMessages.describe(error));
                });
    }

    /**
     * Shows an item the inspector wrote or found, leaving the input (the grid's selection) alone.
     */
    private void show(Item shown) {
        shownItem.set(shown);
        refreshDisplay();
    }

    private boolean showsItemWithKeyOf(Item other) {
        Item shown = shownItem.get();
        if (shown == null) {
            return true;
        }
        KeySchema keys = table.get().info().keySchema();
        return keys.keyOf(other).equals(keys.keyOf(shown));
    }

    private void openEditor(EditKind kind, Item seen, Item content) {
        base = seen;
        staged = null;
        conflict.set(null);
        editProblem.set(null);
        status.set("");
        editKind.set(kind);
        editFormat.set(EditFormat.DYNAMO_JSON);
        plainJsonEditable.set(plainJsonCanHold(content));
        editText.set(DynamoJson.writePretty(content));
        stagedDiff.set(null);
        editing.set(true);
    }

    private void leaveEditor() {
        editing.set(false);
        editKind.set(null);
        base = null;
        staged = null;
        conflict.set(null);
        editProblem.set(null);
        stagedDiff.set(null);
    }

    /**
     * The editor's item as form fields (scalars, nested ones included); empty while the text does
     * not parse.
     */
    public ReadOnlyObjectProperty<List<Field>> formFieldsProperty() {
        return formFields.getReadOnlyProperty();
    }

    /**
     * Sets one form field from text, read as the field's type, and writes the result back into the
     * editor text. A wrong value is reported with the field's path and changes nothing.
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
        stagedDiff.set(null);
        editText.set(
                editFormat.get() == EditFormat.PLAIN_JSON
                        ? PlainJson.writePretty(edited)
                        : DynamoJson.writePretty(edited));
        return true;
    }

    private Item quietParse() {
        try {
            return editFormat.get() == EditFormat.PLAIN_JSON
                    ? PlainJson.readItem(editText.get())
                    : DynamoJson.readItem(editText.get());
        } catch (ItemFormatException | NullPointerException e) {
            return null;
        }
    }

    /** Parses the editor text; on failure sets the problem and returns null. */
    private Item parse() {
        try {
            return editFormat.get() == EditFormat.PLAIN_JSON
                    ? PlainJson.readItem(editText.get())
                    : DynamoJson.readItem(editText.get());
        } catch (ItemFormatException e) {
            editProblem.set(new EditProblem(e.reason(), e.path(), e.line(), e.column()));
            return null;
        }
    }

    private void refreshDisplay() {
        Item current = shownItem.get();
        InspectedTable t = table.get();
        if (current == null) {
            title.set("");
            tree.set(List.of());
            plainJson.set("");
            dynamoJson.set("");
            return;
        }
        title.set(t == null ? "" : t.info().keySchema().keyOf(current).text());
        tree.set(AttributeNode.of(current));
        plainJson.set(PlainJson.writePretty(current));
        dynamoJson.set(DynamoJson.writePretty(current));
    }

    private void publish(ItemChange change) {
        for (Consumer<ItemChange> listener : itemChangeListeners) {
            listener.accept(change);
        }
    }

    private static AttributeValue emptyKeyValue(InspectedTable t, String keyAttribute) {
        String type = t.info().keyAttributeTypes().getOrDefault(keyAttribute, "S");
        return switch (type) {
            case "N" -> AttributeValue.n(0);
            case "B" -> AttributeValue.b(new byte[0]);
            default -> AttributeValue.s("");
        };
    }

    private static boolean plainJsonCanHold(Item item) {
        return item.attributes().values().stream()
                .allMatch(ItemInspectorViewModel::plainJsonCanHold);
    }

    private static boolean plainJsonCanHold(AttributeValue value) {
        return switch (value.type()) {
            case B, SS, NS, BS -> false;
            case M ->
                    ((AttributeValue.MapValue) value)
                            .entries().values().stream()
                                    .allMatch(ItemInspectorViewModel::plainJsonCanHold);
            case L ->
                    ((AttributeValue.ListValue) value)
                            .elements().stream().allMatch(ItemInspectorViewModel::plainJsonCanHold);
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

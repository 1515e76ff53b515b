package io.dynoscope.ui.item;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.EpochTime;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.ItemSize;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.item.ValueText;
import io.dynoscope.service.write.ItemChange;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.item.ItemEditor.EditKind;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The item inspector: shows the selected item as a tree, plain JSON and DynamoDB JSON, and opens
 * the {@link #editor() editor} on it to edit, create or duplicate an item; the {@link #saves() save
 * flow} writes the edit conditioned on what the user saw, exposes a {@link Conflict} when the item
 * changed meanwhile, and deletes. Saved and deleted items are published to {@link
 * #addItemChangeListener item-change listeners}.
 */
public final class ItemInspectorViewModel {

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
    private final ReadOnlyStringWrapper size = new ReadOnlyStringWrapper(this, "size", "");
    private Clock clock = Clock.systemUTC();
    // the last item selected: what the inspector says is about it
    private Item saidOf;
    private final ReadOnlyStringWrapper readOnlyReason =
            new ReadOnlyStringWrapper(this, "readOnlyReason", "");
    private final List<Consumer<ItemChange>> itemChangeListeners = new CopyOnWriteArrayList<>();
    private final ItemEditor editor;
    private final ItemSaveFlow saves;

    public ItemInspectorViewModel(BackgroundWork work) {
        Objects.requireNonNull(work, "work");
        this.editor = new ItemEditor(table);
        this.saves =
                new ItemSaveFlow(
                        work,
                        editor,
                        table,
                        shownItem.getReadOnlyProperty(),
                        this::show,
                        this::publish);
        item.addListener(
                (obs, old, now) -> {
                    leaveEditor();
                    saves.forgetDelete();
                    forgetWhatWasSaidOfAnother(now);
                    shownItem.set(now);
                    refreshDisplay();
                });
        table.addListener(
                (obs, old, now) -> {
                    readOnlyReason.set(now == null ? "" : now.readOnlyReason().orElse(""));
                    leaveEditor();
                    saves.forgetDelete();
                    refreshDisplay();
                });
    }

    /** The open editor: text, form, format, problems and the staged diff. */
    public ItemEditor editor() {
        return editor;
    }

    /** Saving, conflicts and deleting. */
    public ItemSaveFlow saves() {
        return saves;
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

    /**
     * The item's size against DynamoDB's 400 KB item limit: {@code 1.2 KB of 400 KB (0.3%)}, by
     * DynamoDB's item-size rules ({@link ItemSize}).
     */
    public ReadOnlyStringProperty sizeProperty() {
        return size.getReadOnlyProperty();
    }

    /**
     * What a value of the shown item means as a time: the date of an epoch number, and for the
     * table's TTL attribute (a top-level attribute) the time left.
     */
    public Optional<String> valueNote(String attribute, AttributeValue value, boolean topLevel) {
        InspectedTable t = table.get();
        boolean ttl =
                topLevel
                        && t != null
                        && t.info().ttlAttribute().map(attribute::equals).orElse(false);
        return EpochTime.note(value, ttl, clock.instant());
    }

    /** The clock TTLs count from (tests fix it). */
    void setClock(Clock value) {
        this.clock = value;
    }

    /**
     * Why the table's connection refuses writes (Edit, New, Duplicate and Delete are then
     * disabled), or empty when it is writable.
     */
    public ReadOnlyStringProperty readOnlyReasonProperty() {
        return readOnlyReason.getReadOnlyProperty();
    }

    /**
     * Called on the UI thread with every item this inspector saved or deleted, or found changed.
     */
    public void addItemChangeListener(Consumer<ItemChange> listener) {
        itemChangeListeners.add(Objects.requireNonNull(listener));
    }

    // ---- opening and closing the editor ----------------------------------------------------

    /** Opens the editor on the selected item as DynamoDB JSON. */
    public void startEdit() {
        openOnShown(EditKind.EDIT);
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
        openOnShown(EditKind.DUPLICATE);
    }

    /** An edit is of the shown item as seen; a duplicate starts from it, as a new item. */
    private void openOnShown(EditKind kind) {
        Item current = shownItem.get();
        if (current != null && table.get() != null) {
            openEditor(kind, kind == EditKind.EDIT ? current : null, current);
        }
    }

    /** Closes the editor without writing. */
    public void cancelEdit() {
        leaveEditor();
        saves.say("Edit discarded; nothing was written.");
    }

    /**
     * Asks to delete the shown item; the view confirms with {@link ItemSaveFlow#confirmDelete()}.
     */
    public void requestDelete() {
        if (shownItem.get() != null) {
            saves.requestDelete(List.of(shownItem.get()));
        }
    }

    // ---- internals -------------------------------------------------------------------------

    /** Opens the editor, unless it is open already: an edit in progress is never replaced. */
    private void openEditor(EditKind kind, Item seen, Item content) {
        if (editor.editingProperty().get()) {
            return;
        }
        if (!readOnlyReason.get().isEmpty()) {
            saves.say(ItemSaveFlow.readOnlyMessage(readOnlyReason.get()));
            return;
        }
        saves.dropConflict();
        saves.say("");
        editor.open(kind, seen, content);
    }

    /**
     * What the inspector said of one item ("Your edit was discarded…", a failure) goes when another
     * item is selected; a moment without a selection (the grid showing its rows anew after a save)
     * keeps it.
     */
    private void forgetWhatWasSaidOfAnother(Item next) {
        if (next == null) {
            return;
        }
        InspectedTable t = table.get();
        KeySchema keys = t == null ? null : t.info().keySchema();
        if (saidOf == null || keys == null || !keys.keyOf(next).equals(keys.keyOf(saidOf))) {
            saves.say("");
            saves.clearFailure();
        }
        saidOf = next;
    }

    private void leaveEditor() {
        editor.close();
        saves.dropConflict();
    }

    /**
     * Shows an item the inspector wrote or found, leaving the input (the grid's selection) alone.
     */
    private void show(Item shown) {
        shownItem.set(shown);
        refreshDisplay();
    }

    private void refreshDisplay() {
        Item current = shownItem.get();
        InspectedTable t = table.get();
        if (current == null) {
            title.set("");
            tree.set(List.of());
            plainJson.set("");
            dynamoJson.set("");
            size.set("");
            return;
        }
        title.set(t == null ? "" : t.info().keySchema().keyOf(current).text());
        tree.set(AttributeNode.of(current));
        plainJson.set(ItemJson.PLAIN.writePretty(current));
        dynamoJson.set(ItemJson.DYNAMODB.writePretty(current));
        long bytes = ItemSize.of(current);
        size.set(
                ValueText.bytes(bytes)
                        + " of 400 KB ("
                        + String.format(
                                Locale.ROOT, "%.1f%%", 100.0 * bytes / ItemSize.MAX_ITEM_BYTES)
                        + ")");
    }

    private void publish(ItemChange change) {
        itemChangeListeners.forEach(listener -> listener.accept(change));
    }

    private static AttributeValue emptyKeyValue(InspectedTable t, String keyAttribute) {
        return switch (t.info().keyType(keyAttribute)) {
            case N -> AttributeValue.n(0);
            case B -> AttributeValue.b(new byte[0]);
            case S -> AttributeValue.s("");
        };
    }
}

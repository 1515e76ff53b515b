package io.dynoscope.ui.item;

import io.dynoscope.core.expression.GuardedWrite;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.item.ValueText;
import io.dynoscope.service.store.WriteOutcome;
import io.dynoscope.service.write.ItemChange;
import io.dynoscope.service.write.ItemWrites;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.ErrorMessages;
import io.dynoscope.ui.item.ItemEditor.EditKind;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableValue;

/**
 * The item inspector's writes: saving what the {@link ItemEditor} staged, conditioned on the
 * version the user saw; the {@link Conflict} when the item changed meanwhile, until the user
 * chooses; and deleting the items the user saw, after confirming which. The writes themselves are
 * {@link ItemWrites}' (the service layer); this holds what the user sees of them.
 */
public final class ItemSaveFlow {

    private final BackgroundWork work;
    private final ItemEditor editor;
    private final ObservableValue<InspectedTable> table;
    private final ObservableValue<Item> shownItem;
    private final Consumer<Item> show;
    private final Consumer<ItemChange> publish;

    private final ReadOnlyObjectWrapper<Conflict> conflict =
            new ReadOnlyObjectWrapper<>(this, "conflict");
    private final ReadOnlyObjectWrapper<List<Item>> pendingDelete =
            new ReadOnlyObjectWrapper<>(this, "pendingDelete");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ReadOnlyStringWrapper failure = new ReadOnlyStringWrapper(this, "failure", "");
    private final ReadOnlyObjectWrapper<Written> lastWrite =
            new ReadOnlyObjectWrapper<>(this, "lastWrite");

    /**
     * A write the inspector sent, and the write capacity it consumed (a refused write consumes some
     * too).
     *
     * @param what what was written, in a few words: {@code Saved WS#acme / META}
     */
    public record Written(String what, double consumedCapacity) {}

    /**
     * @param shownItem the item the inspector shows (a save shows what it wrote through {@code
     *     show})
     * @param publish where every item saved, deleted or found changed goes (the grid)
     */
    ItemSaveFlow(
            BackgroundWork work,
            ItemEditor editor,
            ObservableValue<InspectedTable> table,
            ObservableValue<Item> shownItem,
            Consumer<Item> show,
            Consumer<ItemChange> publish) {
        this.work = Objects.requireNonNull(work, "work");
        this.editor = editor;
        this.table = table;
        this.shownItem = shownItem;
        this.show = show;
        this.publish = publish;
    }

    /** A refused save waiting for the user's choice, or null. */
    public ReadOnlyObjectProperty<Conflict> conflictProperty() {
        return conflict.getReadOnlyProperty();
    }

    /** Items the user asked to delete, waiting for confirmation, or null. */
    public ReadOnlyObjectProperty<List<Item>> pendingDeleteProperty() {
        return pendingDelete.getReadOnlyProperty();
    }

    /** The keys of the items waiting to be deleted, as a person reads them. */
    public List<String> pendingDeleteKeys() {
        List<Item> items = pendingDelete.get();
        InspectedTable t = table.getValue();
        if (items == null || t == null) {
            return List.of();
        }
        KeySchema keys = t.info().keySchema();
        return items.stream().map(item -> keys.keyOf(item).text()).toList();
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

    /** The last write this inspector sent, with its cost, or null before the first. */
    public ReadOnlyObjectProperty<Written> lastWriteProperty() {
        return lastWrite.getReadOnlyProperty();
    }

    /** Forgets a conflict waiting for the user (the edit it belongs to closed or restarts). */
    void dropConflict() {
        conflict.set(null);
    }

    /** Tells the user what the inspector did. */
    void say(String what) {
        status.set(what);
    }

    /**
     * Forgets what the last action did, when another action starts; a conflict waiting for the user
     * keeps its words.
     */
    public void forgetStatus() {
        if (conflict.get() == null && !busy.get()) {
            status.set("");
        }
    }

    /** Forgets the last server error (another item is selected). */
    void clearFailure() {
        failure.set("");
    }

    /** Forgets a pending delete (the selection moved on). */
    void forgetDelete() {
        pendingDelete.set(null);
    }

    // ---- saving ------------------------------------------------------------------------------

    /**
     * Writes the edit, staging it first if needed, conditioned on the version the user saw. Returns
     * the running work, or empty when nothing was sent (a problem, or nothing changed).
     */
    public Optional<BackgroundWork.Handle> save() {
        if (!editor.editingProperty().get() || busy.get() || conflict.get() != null) {
            return Optional.empty();
        }
        if (editor.staged() == null && !editor.stage()) {
            return Optional.empty();
        }
        Item base = editor.base();
        Item staged = editor.staged();
        if (base != null && editor.stagedDiffProperty().get().isEmpty()) {
            status.set("Nothing changed, so nothing was written.");
            return Optional.empty();
        }
        KeySchema keys = table.getValue().info().keySchema();
        GuardedWrite.Plan plan;
        try {
            plan =
                    base == null
                            ? GuardedWrite.create(keys, staged)
                            : GuardedWrite.edit(keys, base, staged);
        } catch (IllegalArgumentException e) {
            editor.problem(e.getMessage());
            return Optional.empty();
        }
        return Optional.of(send(plan, base, staged));
    }

    // ---- conflicts ---------------------------------------------------------------------------

    /** Discards the user's version and shows the current one. */
    public void keepTheirs() {
        Conflict c = conflict.get();
        if (c == null) {
            return;
        }
        InspectedTable t = table.getValue();
        leaveEditor();
        if (showsItemWithKeyOf(c.mine())) {
            show.accept(c.current());
        }
        publish.accept(
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
                show.accept(c.current());
            }
            status.set("The current version already matches yours; nothing was written.");
            return Optional.empty();
        }
        KeySchema keys = table.getValue().info().keySchema();
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
        EditKind kind = editor.editKindProperty().get();
        if (kind == null) {
            kind = c.seen() == null ? EditKind.CREATE : EditKind.EDIT;
        }
        Item newBase = kind == EditKind.EDIT ? c.current() : null;
        if (kind == EditKind.EDIT && newBase == null) {
            kind = EditKind.CREATE;
        }
        conflict.set(null);
        if (editor.editingProperty().get()) {
            editor.rebase(kind, newBase);
        } else {
            // The selection moved on while the save ran: reopen the user's version rather than lose
            // it.
            editor.open(kind, newBase, c.mine());
        }
        status.set("Still editing; saving will be checked against the version you just saw.");
    }

    // ---- deleting ----------------------------------------------------------------------------

    /**
     * Asks to delete these items (the shown one, or a multi-selection in the grid); the view
     * confirms with {@link #confirmDelete()}.
     */
    public void requestDelete(List<Item> items) {
        Optional<String> readOnly =
                table.getValue() == null ? Optional.empty() : table.getValue().readOnlyReason();
        if (readOnly.isPresent()) {
            say(readOnlyMessage(readOnly.get()));
            return;
        }
        if (table.getValue() != null && !items.isEmpty()) {
            pendingDelete.set(List.copyOf(items));
        }
    }

    /** What the inspector says when a write is asked of a read-only connection. */
    static String readOnlyMessage(String reason) {
        return "Nothing can be written: the connection is read-only (" + reason + ").";
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
        InspectedTable t = Objects.requireNonNull(table.getValue(), "no table");
        List<Item> seen = List.copyOf(items);
        busy.set(true);
        failure.set("");
        return work.submit(
                "Delete items from " + t.name(),
                cancellation -> t.writes().deleteSeen(seen, cancellation),
                report -> {
                    busy.set(false);
                    Item shown = shownItem.getValue();
                    if (shown != null
                            && report.deleted().contains(t.info().keySchema().keyOf(shown))) {
                        show.accept(null);
                    }
                    report.changes().forEach(publish);
                    status.set(report.summary() + " " + units(report.consumedCapacity()));
                    lastWrite.set(
                            new Written(
                                    "Deleted "
                                            + report.deleted().size()
                                            + " of "
                                            + seen.size()
                                            + (seen.size() == 1 ? " item" : " items"),
                                    report.consumedCapacity()));
                    if (!report.failures().isEmpty()) {
                        failure.set(report.failures().get(0));
                    }
                },
                error -> {
                    busy.set(false);
                    failure.set(ErrorMessages.describe(error));
                });
    }

    // ---- internals ---------------------------------------------------------------------------

    private BackgroundWork.Handle send(GuardedWrite.Plan plan, Item seen, Item mine) {
        InspectedTable t = table.getValue();
        Item shownAtSend = shownItem.getValue();
        busy.set(true);
        failure.set("");
        return work.submit(
                "Save item in " + t.name(),
                cancellation -> t.writes().save(plan, mine),
                result -> {
                    busy.set(false);
                    if (result instanceof ItemWrites.SaveOutcome.Saved saved) {
                        // Show the saved item unless the user has selected another one meanwhile.
                        if (shownItem.getValue() == shownAtSend) {
                            leaveEditor();
                            show.accept(saved.item());
                        }
                        publish.accept(new ItemChange.Saved(t.name(), saved.item()));
                        status.set(
                                "Saved "
                                        + units(saved.consumedCapacity())
                                        + "."
                                        + collectionNote(saved.itemCollection()));
                        lastWrite.set(
                                new Written(
                                        "Saved " + t.info().keySchema().keyOf(mine).text(),
                                        saved.consumedCapacity()));
                    } else {
                        conflict.set(
                                new Conflict(
                                        seen,
                                        mine,
                                        ((ItemWrites.SaveOutcome.Refused) result).current()));
                        status.set("The item changed since you saw it; nothing was written.");
                        lastWrite.set(
                                new Written(
                                        "Refused (the item changed) "
                                                + t.info().keySchema().keyOf(mine).text(),
                                        result.consumedCapacity()));
                    }
                },
                error -> {
                    busy.set(false);
                    failure.set(ErrorMessages.describe(error));
                });
    }

    private void leaveEditor() {
        editor.close();
        conflict.set(null);
    }

    /**
     * What DynamoDB estimated the written item's collection to weigh (tables with an LSI), against
     * the 10 GB it refuses writes at; a warning from 8 GB.
     */
    static String collectionNote(Optional<WriteOutcome.ItemCollectionSize> estimate) {
        if (estimate.isEmpty()) {
            return "";
        }
        WriteOutcome.ItemCollectionSize size = estimate.get();
        String note =
                String.format(
                        Locale.ROOT,
                        " Its item collection holds about %s–%s GB of the 10 GB an LSI allows.",
                        ValueText.capacityUnits(size.lowerGb()),
                        ValueText.capacityUnits(size.upperGb()));
        return size.upperGb() >= WARN_COLLECTION_GB
                ? note + " Close to the limit: writes to it fail at 10 GB (shard the key)."
                : note;
    }

    private static final double WARN_COLLECTION_GB = 8;

    /** Write capacity in brackets: {@code (1 WCU)}, {@code (2.5 WCU)}. */
    private static String units(double capacity) {
        return "(" + ValueText.capacityUnits(capacity) + " WCU)";
    }

    private boolean showsItemWithKeyOf(Item other) {
        Item shown = shownItem.getValue();
        if (shown == null) {
            return true;
        }
        KeySchema keys = table.getValue().info().keySchema();
        return keys.keyOf(other).equals(keys.keyOf(shown));
    }
}

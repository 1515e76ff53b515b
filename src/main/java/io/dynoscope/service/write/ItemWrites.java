package io.dynoscope.service.write;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.GuardedWrite;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.RepositoryException;
import io.dynoscope.service.store.UpdateSpec;
import io.dynoscope.service.store.WriteOutcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The writes a person makes to the items of one table: saving an edit, a new item or a duplicate,
 * deleting the items they saw, and running an UpdateItem or DeleteItem they built. Every write is
 * conditioned on what the person saw (or on the condition they wrote), and a refusal is an outcome
 * with the item as it is now, never an overwrite. Methods block: call them off the UI thread.
 */
public final class ItemWrites {

    private final DynamoRepository repository;
    private final String table;
    private final KeySchema keys;

    public ItemWrites(DynamoRepository repository, String table, KeySchema keys) {
        this.repository = Objects.requireNonNull(repository, "repository");
        this.table = Objects.requireNonNull(table, "table");
        this.keys = Objects.requireNonNull(keys, "keys");
    }

    /** How a save ended, and the write capacity it consumed. */
    public sealed interface SaveOutcome {

        double consumedCapacity();

        /**
         * Written; {@code item} is the item as it is now; {@code itemCollection} DynamoDB's
         * estimate of its item collection's size, which it gives for a table with an LSI.
         */
        record Saved(
                Item item,
                double consumedCapacity,
                Optional<WriteOutcome.ItemCollectionSize> itemCollection)
                implements SaveOutcome {}

        /**
         * Refused because the item changed since it was seen; {@code current} is it now, or null
         * when it no longer exists.
         */
        record Refused(Item current, double consumedCapacity) implements SaveOutcome {}
    }

    /**
     * Sends a planned save ({@link GuardedWrite#edit} or {@link GuardedWrite#create}); on refusal
     * reads the item as it is now (consistently).
     *
     * @param mine the item the person wants to see saved
     */
    public SaveOutcome save(GuardedWrite.Plan plan, Item mine) {
        WriteOutcome outcome;
        if (plan instanceof GuardedWrite.Update update) {
            outcome =
                    repository.updateItem(
                            UpdateSpec.guarded(table, update.key(), update.guarded()));
        } else if (plan instanceof GuardedWrite.Put put) {
            outcome = repository.putItem(table, put.item(), put.condition());
        } else {
            throw new IllegalArgumentException("a save is an update or a put, not " + plan);
        }
        if (outcome instanceof WriteOutcome.Written written) {
            // The update changed only the diffed attributes of the item as it was, unseen ones too.
            Item saved =
                    plan instanceof GuardedWrite.Update update && written.oldItem() != null
                            ? update.diff().applyTo(written.oldItem())
                            : mine;
            return new SaveOutcome.Saved(
                    saved, outcome.consumedCapacity(), written.itemCollection());
        }
        return new SaveOutcome.Refused(current(keys.keyOf(mine)), outcome.consumedCapacity());
    }

    /**
     * What a (multi-)delete did: deleted, refused because the item changed since it was seen, or
     * failed; each item's change, for the views; and the write capacity the deletes consumed.
     */
    public record DeleteReport(
            List<Key> deleted,
            List<Key> changedMeanwhile,
            List<String> failures,
            List<ItemChange> changes,
            double consumedCapacity) {
        public DeleteReport {
            deleted = List.copyOf(deleted);
            changedMeanwhile = List.copyOf(changedMeanwhile);
            failures = List.copyOf(failures);
            changes = List.copyOf(changes);
        }

        /** One sentence for the status line. */
        public String summary() {
            int asked = deleted.size() + changedMeanwhile.size() + failures.size();
            StringBuilder text =
                    new StringBuilder(
                            "Deleted "
                                    + deleted.size()
                                    + (asked == deleted.size() ? "" : " of " + asked)
                                    + (asked == 1 ? " item" : " items"));
            if (!changedMeanwhile.isEmpty()) {
                text.append("; ")
                        .append(changedMeanwhile.size())
                        .append(
                                changedMeanwhile.size() == 1
                                        ? " had changed since you saw it and was kept"
                                        : " had changed since you saw them and were kept");
            }
            if (!failures.isEmpty()) {
                text.append("; ")
                        .append(failures.size())
                        .append(" failed: ")
                        .append(failures.get(0));
            }
            return text.append('.').toString();
        }
    }

    /**
     * Deletes each item only while it still holds every value it had when seen; an item that
     * changed meanwhile is kept and reported as it is now. Stops between items when cancelled.
     */
    public DeleteReport deleteSeen(List<Item> seen, Cancellation cancellation) {
        List<Key> deleted = new ArrayList<>();
        List<Key> changed = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        List<ItemChange> changes = new ArrayList<>();
        double capacity = 0;
        for (Item one : seen) {
            if (cancellation.isCancelled()) {
                break;
            }
            try {
                GuardedWrite.Delete plan = GuardedWrite.delete(keys, one);
                WriteOutcome outcome = repository.deleteItem(table, plan.key(), plan.condition());
                capacity += outcome.consumedCapacity();
                if (outcome instanceof WriteOutcome.ConditionFailed refused) {
                    changed.add(plan.key());
                    // Not every engine returns the item with a failed condition (dynalite does
                    // not).
                    Item current =
                            refused.currentItem() != null
                                    ? refused.currentItem()
                                    : current(plan.key());
                    changes.add(
                            current == null
                                    ? new ItemChange.Deleted(table, plan.key())
                                    : new ItemChange.Saved(table, current));
                } else {
                    deleted.add(plan.key());
                    changes.add(new ItemChange.Deleted(table, plan.key()));
                }
            } catch (RepositoryException | IllegalArgumentException e) {
                failures.add(e.getMessage());
            }
        }
        return new DeleteReport(deleted, changed, failures, changes, capacity);
    }

    /**
     * Puts an item as the person gave it, under their condition (null for none); a refused
     * condition is the outcome, and nothing is written.
     */
    public WriteOutcome put(Item item, CompiledExpression condition) {
        return repository.putItem(table, item, condition);
    }

    /** Puts a new item, refused when an item with its key exists. */
    public WriteOutcome putNew(Item item) {
        GuardedWrite.Put plan = GuardedWrite.create(keys, item);
        return repository.putItem(table, plan.item(), plan.condition());
    }

    /** How a write the person built ended, and the change it made (null when refused). */
    public record BuiltWrite(WriteOutcome outcome, ItemChange change) {}

    /**
     * Runs an UpdateItem the person built and confirmed; reads the item back when it was written.
     */
    public BuiltWrite update(UpdateSpec update) {
        WriteOutcome outcome = repository.updateItem(update);
        if (!(outcome instanceof WriteOutcome.Written)) {
            return new BuiltWrite(outcome, null);
        }
        Item now = current(update.key());
        return new BuiltWrite(
                outcome,
                now == null
                        ? new ItemChange.Deleted(table, update.key())
                        : new ItemChange.Saved(table, now));
    }

    /** Runs a DeleteItem the person built and confirmed; {@code condition} may be null. */
    public BuiltWrite delete(Key key, CompiledExpression condition) {
        WriteOutcome outcome = repository.deleteItem(table, key, condition);
        return new BuiltWrite(
                outcome,
                outcome instanceof WriteOutcome.Written
                        ? new ItemChange.Deleted(table, key)
                        : null);
    }

    private Item current(Key key) {
        return repository.getItem(table, key, true).item().orElse(null);
    }
}

package io.dynoscope.service.store;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.GuardedUpdate;
import io.dynoscope.core.item.Key;
import java.util.Objects;

/**
 * An UpdateItem: the update expression and an optional condition, each with its placeholders.
 *
 * @param condition the condition, or null for none
 * @param oldItemAskedBack whether a written update returns the item as it was (and the item
 *     collection's size); a refused one always returns the item that refused it
 */
public record UpdateSpec(
        String table,
        Key key,
        CompiledExpression update,
        CompiledExpression condition,
        boolean oldItemAskedBack) {
    public UpdateSpec {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(update, "update");
    }

    public UpdateSpec(
            String table, Key key, CompiledExpression update, CompiledExpression condition) {
        this(table, key, update, condition, true);
    }

    /**
     * The same update, asking nothing back when it is written: a backfill writing thousands of
     * items has no use for their old copies, and sending each back costs the engine and the
     * network.
     */
    public UpdateSpec withoutOldItem() {
        return new UpdateSpec(table, key, update, condition, false);
    }

    /** The UpdateItem of a guarded update. */
    public static UpdateSpec guarded(String table, Key key, GuardedUpdate guarded) {
        return new UpdateSpec(table, key, guarded.update(), guarded.condition());
    }
}

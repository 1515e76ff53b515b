package io.dynoscope.repository;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.GuardedUpdate;
import io.dynoscope.core.item.Key;
import java.util.Objects;

/**
 * An UpdateItem: the update expression and an optional condition, each with its placeholders.
 *
 * @param condition the condition, or null for none
 */
public record UpdateSpec(
        String table, Key key, CompiledExpression update, CompiledExpression condition) {
    public UpdateSpec {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(update, "update");
    }

    /** The UpdateItem of a guarded update. */
    public static UpdateSpec guarded(String table, Key key, GuardedUpdate guarded) {
        return new UpdateSpec(table, key, guarded.update(), guarded.condition());
    }
}

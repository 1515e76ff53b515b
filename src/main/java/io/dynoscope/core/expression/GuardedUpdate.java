package io.dynoscope.core.expression;

import io.dynoscope.core.item.AttributeValue;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * An UpdateItem that only applies while a condition holds, e.g. the denormalization propagation
 * {@code SET #an = :an} guarded by {@code #an = :an_old}. Both were compiled together, so their
 * placeholders agree.
 */
public record GuardedUpdate(CompiledExpression update, CompiledExpression condition) {

    public GuardedUpdate {
        Objects.requireNonNull(update, "update");
        Objects.requireNonNull(condition, "condition");
    }

    /** The request's names map: what both expressions use. */
    public Map<String, String> names() {
        Map<String, String> names = new LinkedHashMap<>(update.names());
        names.putAll(condition.names());
        return names;
    }

    /** The request's values map: what both expressions use. */
    public Map<String, AttributeValue> values() {
        Map<String, AttributeValue> values = new LinkedHashMap<>(update.values());
        values.putAll(condition.values());
        return values;
    }
}

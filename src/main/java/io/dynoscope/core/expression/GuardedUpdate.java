package io.dynoscope.core.expression;

import io.dynoscope.core.item.AttributeValue;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An UpdateItem that only applies while a condition holds, e.g. the denormalization propagation
 * {@code SET #an = :new} guarded by {@code #an = :old}. Both expressions share the two maps, as
 * they do in the request.
 */
public record GuardedUpdate(
        String updateExpression,
        String conditionExpression,
        Map<String, String> names,
        Map<String, AttributeValue> values) {

    public GuardedUpdate {
        names = Collections.unmodifiableMap(new LinkedHashMap<>(names));
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }
}

package io.dynoscope.core.expression;

import io.dynoscope.core.item.AttributeValue;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An expression ready to send: its text and the {@code ExpressionAttributeNames} and {@code
 * ExpressionAttributeValues} it needs, in the order the placeholders first appear.
 */
public record CompiledExpression(
        ExpressionKind kind,
        String text,
        Map<String, String> names,
        Map<String, AttributeValue> values) {

    public CompiledExpression {
        names = Collections.unmodifiableMap(new LinkedHashMap<>(names));
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }
}

package io.dynoscope.repository;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Key;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * An UpdateItem: the update expression, an optional condition, and the placeholder maps both share.
 *
 * @param conditionExpression the condition, or null for none
 */
public record UpdateSpec(
        String table,
        Key key,
        String updateExpression,
        String conditionExpression,
        Map<String, String> names,
        Map<String, AttributeValue> values) {
    public UpdateSpec {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(updateExpression, "updateExpression");
        names = Collections.unmodifiableMap(new LinkedHashMap<>(names == null ? Map.of() : names));
        values =
                Collections.unmodifiableMap(
                        new LinkedHashMap<>(values == null ? Map.of() : values));
    }
}

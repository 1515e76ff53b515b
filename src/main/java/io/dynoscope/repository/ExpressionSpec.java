package io.dynoscope.repository;

import io.dynoscope.core.item.AttributeValue;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * An expression as DynamoDB takes it: the text plus its {@code #name} and {@code :value} maps.
 * Several expressions of one request (update + condition, key condition + filter) have their maps
 * merged by the repository, so placeholders must agree where they are shared.
 */
public record ExpressionSpec(
        String expression, Map<String, String> names, Map<String, AttributeValue> values) {

    public ExpressionSpec {
        Objects.requireNonNull(expression, "expression");
        names = Collections.unmodifiableMap(new LinkedHashMap<>(names == null ? Map.of() : names));
        values =
                Collections.unmodifiableMap(
                        new LinkedHashMap<>(values == null ? Map.of() : values));
    }

    public static ExpressionSpec of(String expression) {
        return new ExpressionSpec(expression, Map.of(), Map.of());
    }
}

package io.dynoscope.core.expression;

import io.dynoscope.core.item.AttributeValue;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The one form an expression takes on its way to DynamoDB: its text and the {@code
 * ExpressionAttributeNames} and {@code ExpressionAttributeValues} it uses, in the order the
 * placeholders first appear. The expressions of one request (key condition + filter, update +
 * condition) each carry their own maps; the repository merges them into the request's two maps and
 * refuses a placeholder that stands for two different things.
 */
public record CompiledExpression(
        String text, Map<String, String> names, Map<String, AttributeValue> values) {

    public CompiledExpression {
        Objects.requireNonNull(text, "text");
        names = Collections.unmodifiableMap(new LinkedHashMap<>(names == null ? Map.of() : names));
        values =
                Collections.unmodifiableMap(
                        new LinkedHashMap<>(values == null ? Map.of() : values));
    }

    /** An expression without placeholders, or whose maps come with another expression. */
    public static CompiledExpression of(String text) {
        return new CompiledExpression(text, Map.of(), Map.of());
    }

    /**
     * The text with only the entries of {@code names} and {@code values} it uses: DynamoDB rejects
     * a request whose maps hold a placeholder that none of its expressions uses.
     */
    public static CompiledExpression using(
            String text, Map<String, String> names, Map<String, AttributeValue> values) {
        Map<String, String> usedNames = new LinkedHashMap<>();
        Map<String, AttributeValue> usedValues = new LinkedHashMap<>();
        for (String placeholder : Placeholders.usedIn(text)) {
            if (placeholder.startsWith("#") && names.containsKey(placeholder)) {
                usedNames.put(placeholder, names.get(placeholder));
            } else if (placeholder.startsWith(":") && values.containsKey(placeholder)) {
                usedValues.put(placeholder, values.get(placeholder));
            }
        }
        return new CompiledExpression(text, usedNames, usedValues);
    }
}

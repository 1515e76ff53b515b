package io.dynoscope.repository;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.service.store.RepositoryException;
import io.dynoscope.service.store.RepositoryException.Kind;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The {@code #name} and {@code :value} maps of one request, merged from its expressions. The same
 * placeholder may appear in several expressions only if it stands for the same thing.
 */
final class Placeholders {
    private final String operation;
    private final String table;
    private final Map<String, String> names = new LinkedHashMap<>();
    private final Map<String, AttributeValue> values = new LinkedHashMap<>();
    private final Map<String, io.dynoscope.core.item.AttributeValue> givenValues =
            new LinkedHashMap<>();

    Placeholders(String operation, String table) {
        this.operation = operation;
        this.table = table;
    }

    /** The operation whose request these placeholders are for. */
    String operation() {
        return operation;
    }

    void add(CompiledExpression expression) {
        if (expression != null) {
            expression.names().forEach(this::name);
            expression.values().forEach(this::value);
        }
    }

    void name(String placeholder, String attribute) {
        String previous = names.putIfAbsent(placeholder, attribute);
        if (previous != null && !previous.equals(attribute)) {
            throw conflict(placeholder, "'" + previous + "'", "'" + attribute + "'");
        }
    }

    void value(String placeholder, io.dynoscope.core.item.AttributeValue value) {
        var previous = givenValues.putIfAbsent(placeholder, value);
        if (previous == null) {
            values.put(placeholder, SdkConversions.toSdk(value));
        } else if (!previous.equals(value)) {
            throw conflict(placeholder, previous.toString(), value.toString());
        }
    }

    private RepositoryException conflict(String placeholder, String first, String second) {
        return new RepositoryException(
                Kind.VALIDATION,
                operation,
                table,
                "placeholder "
                        + placeholder
                        + " stands for both "
                        + first
                        + " and "
                        + second
                        + "; give them different placeholders",
                null);
    }

    /** The names map, or null (left out of the request) when empty. */
    Map<String, String> namesOrNull() {
        return names.isEmpty() ? null : names;
    }

    /** The values map, or null (left out of the request) when empty. */
    Map<String, AttributeValue> valuesOrNull() {
        return values.isEmpty() ? null : values;
    }

    /** Sets the maps on a request, leaving out empty ones (DynamoDB rejects empty maps). */
    void applyTo(
            Consumer<Map<String, String>> setNames,
            Consumer<Map<String, AttributeValue>> setValues) {
        if (!names.isEmpty()) {
            setNames.accept(names);
        }
        if (!values.isEmpty()) {
            setValues.accept(values);
        }
    }
}

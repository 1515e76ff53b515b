package io.dynoscope.core.transfer;

import io.dynoscope.core.item.AttributeValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which attribute, of which type, each input column (CSV) or input attribute (JSON lines) becomes.
 * One rule a column, written {@code COLUMN=ATTRIBUTE:TYPE}; the attribute defaults to the column's
 * name ({@code price:N}), the type to the input's own ({@code id=pk}); {@code COLUMN=-} leaves the
 * column out. Columns without a rule keep their name; key attributes take the table's key type.
 */
public final class ColumnMapping {

    /** What a column becomes. */
    public sealed interface Target {}

    /**
     * The column becomes {@code attribute}; of {@code type} when given, else as read (for CSV, a
     * cell holding DynamoDB JSON becomes that value and any other cell a string).
     */
    public record Attribute(String attribute, Optional<AttributeValue.Type> type)
            implements Target {}

    /** The column is left out. */
    public record Skip() implements Target {}

    private static final ColumnMapping NONE = new ColumnMapping(Map.of());

    private final Map<String, Target> rules;

    private ColumnMapping(Map<String, Target> rules) {
        this.rules = rules;
    }

    public static ColumnMapping none() {
        return NONE;
    }

    public static ColumnMapping of(Map<String, Target> rules) {
        return new ColumnMapping(new LinkedHashMap<>(rules));
    }

    /**
     * Reads rules such as {@code id=pk:S}, {@code price:N}, {@code tags:SS}, {@code notes=-}.
     *
     * @throws IllegalArgumentException naming the rule that cannot be read
     */
    public static ColumnMapping parse(List<String> specs) {
        Map<String, Target> rules = new LinkedHashMap<>();
        for (String spec : specs) {
            String column;
            Target target;
            int equals = spec.indexOf('=');
            String rest;
            if (equals >= 0) {
                column = spec.substring(0, equals);
                rest = spec.substring(equals + 1);
            } else {
                column = null;
                rest = spec;
            }
            if (rest.equals("-") && column != null) {
                target = new Skip();
            } else {
                Optional<AttributeValue.Type> type = Optional.empty();
                String attribute = rest;
                int colon = rest.lastIndexOf(':');
                if (colon >= 0) {
                    type = Optional.of(type(rest.substring(colon + 1), spec));
                    attribute = rest.substring(0, colon);
                }
                if (column == null) {
                    column = attribute;
                }
                if (attribute.isEmpty()) {
                    attribute = column;
                }
                target = new Attribute(attribute, type);
            }
            if (column.isEmpty()) {
                throw new IllegalArgumentException(
                        "mapping '" + spec + "' names no column; write COLUMN=ATTRIBUTE:TYPE");
            }
            if (rules.put(column, target) != null) {
                throw new IllegalArgumentException("column '" + column + "' is mapped twice");
            }
        }
        return new ColumnMapping(rules);
    }

    private static AttributeValue.Type type(String text, String spec) {
        try {
            return AttributeValue.Type.fromDescriptor(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("mapping '" + spec + "': " + e.getMessage(), e);
        }
    }

    /** The rule for a column, if one was given. */
    public Optional<Target> rule(String column) {
        return Optional.ofNullable(rules.get(column));
    }

    /** The columns that have a rule, in the order given. */
    public List<String> columns() {
        return new ArrayList<>(rules.keySet());
    }

    public boolean isEmpty() {
        return rules.isEmpty();
    }

    /** The rules as they would be typed, for the journal and messages. */
    @Override
    public String toString() {
        List<String> specs = new ArrayList<>();
        rules.forEach(
                (column, target) ->
                        specs.add(
                                column
                                        + "="
                                        + (target instanceof Attribute a
                                                ? a.attribute()
                                                        + a.type()
                                                                .map(t -> ":" + t.descriptor())
                                                                .orElse("")
                                                : "-")));
        return String.join(",", specs);
    }
}

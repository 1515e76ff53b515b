package io.dynoscope.core.expression;

import io.dynoscope.core.item.AttributeValue;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One line of the expression builder for a key condition, filter or condition: an attribute, an
 * operator and its values. Rows are joined with AND.
 *
 * @param path the attribute the row tests
 * @param operator what it tests
 * @param values the values compared with, as many as the operator takes
 * @param valueNames the {@code :placeholder} names for the values (without the colon), or empty to
 *     let the compiler name them after the attribute
 */
public record Row(
        AttributePath path,
        Operator operator,
        List<AttributeValue> values,
        List<String> valueNames) {

    /** What a row can test. */
    public enum Operator {
        EQ("="),
        NE("<>"),
        LT("<"),
        LE("<="),
        GT(">"),
        GE(">="),
        BETWEEN("BETWEEN"),
        IN("IN"),
        BEGINS_WITH("begins_with"),
        CONTAINS("contains"),
        ATTRIBUTE_EXISTS("attribute_exists"),
        ATTRIBUTE_NOT_EXISTS("attribute_not_exists"),
        ATTRIBUTE_TYPE("attribute_type");

        private final String symbol;

        Operator(String symbol) {
            this.symbol = symbol;
        }

        /** The comparator, keyword or function name as written in an expression. */
        public String symbol() {
            return symbol;
        }

        boolean accepts(int count) {
            return switch (this) {
                case ATTRIBUTE_EXISTS, ATTRIBUTE_NOT_EXISTS -> count == 0;
                case BETWEEN -> count == 2;
                case IN -> count >= 1;
                default -> count == 1;
            };
        }
    }

    public Row {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(operator, "operator");
        values = List.copyOf(values);
        valueNames = valueNames.stream().map(Placeholders::bareValueName).toList();
        if (!operator.accepts(values.size())) {
            throw new IllegalArgumentException(
                    operator.symbol() + " cannot take " + values.size() + " value(s)");
        }
        if (!valueNames.isEmpty() && valueNames.size() != values.size()) {
            throw new IllegalArgumentException(
                    "name every value or none: "
                            + values.size()
                            + " values, "
                            + valueNames.size()
                            + " names");
        }
    }

    /** A row on a top-level attribute, with default value names. */
    public static Row of(String attribute, Operator operator, AttributeValue... values) {
        return of(AttributePath.of(attribute), operator, values);
    }

    /** A row on any path, with default value names. */
    public static Row of(AttributePath path, Operator operator, AttributeValue... values) {
        return new Row(path, operator, Arrays.asList(values), List.of());
    }

    /** This row with its values' placeholders named, e.g. {@code named("p")} for {@code :p}. */
    public Row named(String... names) {
        return new Row(path, operator, values, Arrays.asList(names));
    }

    /** This row with default value names. */
    public Row withDefaultNames() {
        return new Row(path, operator, values, List.of());
    }
}

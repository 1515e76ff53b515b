package io.dynoscope.core.sql;

import java.util.List;
import java.util.Objects;

/**
 * One conjunct of a WHERE clause that compares a column with literals, as the SQL engine hands it
 * to a table: the candidate for a key condition or a filter. Values are String, BigDecimal or
 * Boolean.
 *
 * @param column the column's position in its relation
 */
public record ColumnPredicate(int column, Operator operator, List<Object> values) {

    /** The comparisons a predicate can make. */
    public enum Operator {
        EQ,
        NE,
        LT,
        LE,
        GT,
        GE,
        /** Two values, both bounds included. */
        BETWEEN,
        /** One or more values. */
        IN,
        /** {@code LIKE 'prefix%'}. */
        BEGINS_WITH,
        /** {@code IS NOT NULL}: no values. */
        NOT_NULL
    }

    public ColumnPredicate {
        Objects.requireNonNull(operator, "operator");
        values = List.copyOf(values);
    }

    public static ColumnPredicate of(int column, Operator operator, Object... values) {
        return new ColumnPredicate(column, operator, List.of(values));
    }
}

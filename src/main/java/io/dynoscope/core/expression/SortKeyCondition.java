package io.dynoscope.core.expression;

import io.dynoscope.core.item.AttributeValue;
import java.util.Objects;

/** The optional sort-key part of a Query's key condition. {@code upper} is only used by BETWEEN. */
public record SortKeyCondition(Operator operator, AttributeValue value, AttributeValue upper) {

    /** The comparisons DynamoDB allows on a sort key. */
    public enum Operator {
        EQ("=", Row.Operator.EQ),
        LT("<", Row.Operator.LT),
        LE("<=", Row.Operator.LE),
        GT(">", Row.Operator.GT),
        GE(">=", Row.Operator.GE),
        BETWEEN("between", Row.Operator.BETWEEN),
        BEGINS_WITH("begins_with", Row.Operator.BEGINS_WITH);

        private final String label;
        private final Row.Operator row;

        Operator(String label, Row.Operator row) {
            this.label = label;
            this.row = row;
        }

        /** How the operator reads in a form: {@code =}, {@code between}, {@code begins_with}. */
        @Override
        public String toString() {
            return label;
        }

        Row.Operator row() {
            return row;
        }
    }

    public SortKeyCondition {
        Objects.requireNonNull(operator, "operator");
        Objects.requireNonNull(value, "value");
        if ((operator == Operator.BETWEEN) != (upper != null)) {
            throw new IllegalArgumentException(
                    "BETWEEN takes two values; the other operators take one");
        }
    }

    public static SortKeyCondition of(Operator operator, AttributeValue value) {
        return new SortKeyCondition(operator, value, null);
    }

    public static SortKeyCondition between(AttributeValue lower, AttributeValue upper) {
        return new SortKeyCondition(Operator.BETWEEN, lower, upper);
    }

    public static SortKeyCondition beginsWith(String prefix) {
        return new SortKeyCondition(Operator.BEGINS_WITH, AttributeValue.s(prefix), null);
    }
}

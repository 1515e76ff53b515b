package io.dynoscope.core.expression;

import io.dynoscope.core.collection.KeyOrder;
import io.dynoscope.core.item.AttributeValue;
import java.util.Arrays;
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

    /**
     * Whether an item with this sort key value meets the condition, in DynamoDB's key order; a
     * value of another type never does.
     */
    public boolean admits(AttributeValue sortKey) {
        if (sortKey.type() != value.type()) {
            return false;
        }
        int compared = KeyOrder.compare(sortKey, value);
        return switch (operator) {
            case EQ -> compared == 0;
            case LT -> compared < 0;
            case LE -> compared <= 0;
            case GT -> compared > 0;
            case GE -> compared >= 0;
            case BETWEEN -> compared >= 0 && KeyOrder.compare(sortKey, upper) <= 0;
            case BEGINS_WITH -> beginsWith(sortKey, value);
        };
    }

    /**
     * Whether a Query that reads in this direction ({@code forward}: ascending) has gone past every
     * key this condition admits once it reaches {@code sortKey}: no later item of the Query can
     * meet it. A value of another type says nothing (false).
     */
    public boolean isBehind(AttributeValue sortKey, boolean forward) {
        if (sortKey.type() != value.type() || admits(sortKey)) {
            return false;
        }
        int compared = KeyOrder.compare(sortKey, value);
        if (forward) {
            return switch (operator) {
                case EQ, LE, LT, BEGINS_WITH -> compared >= 0;
                case BETWEEN -> KeyOrder.compare(sortKey, upper) > 0;
                case GT, GE -> false;
            };
        }
        return switch (operator) {
            case EQ, GE, GT, BETWEEN, BEGINS_WITH -> compared <= 0;
            case LE, LT -> false;
        };
    }

    private static boolean beginsWith(AttributeValue sortKey, AttributeValue prefix) {
        if (sortKey instanceof AttributeValue.Str s && prefix instanceof AttributeValue.Str p) {
            return s.value().startsWith(p.value());
        }
        if (sortKey instanceof AttributeValue.Bin b && prefix instanceof AttributeValue.Bin p) {
            byte[] bytes = b.bytes();
            byte[] start = p.bytes();
            return bytes.length >= start.length
                    && Arrays.equals(bytes, 0, start.length, start, 0, start.length);
        }
        return false;
    }
}

package io.dynoscope.core.sql;

import io.dynoscope.core.expression.Row;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Checks a condition row on a key attribute against an item, as DynamoDB would: for conditions a
 * Query cannot send (DynamoDB takes no key attribute in a filter) but a PartiQL statement states.
 * Key attributes are strings, numbers or binary; a value of another type never matches.
 */
public final class KeyRowMatcher {

    private KeyRowMatcher() {}

    /** Whether the item's attribute at the row's (top-level) path satisfies the row. */
    public static boolean matches(Item item, Row row) {
        AttributeValue actual = item.attributes().get(row.path().attribute());
        if (actual == null) {
            return row.operator() == Row.Operator.ATTRIBUTE_NOT_EXISTS
                    || row.operator() == Row.Operator.NE;
        }
        return switch (row.operator()) {
            case ATTRIBUTE_EXISTS -> true;
            case ATTRIBUTE_NOT_EXISTS -> false;
            case EQ -> actual.equals(row.values().get(0));
            case NE -> !actual.equals(row.values().get(0));
            case IN -> row.values().contains(actual);
            case LT -> compare(actual, row.values().get(0)) < 0;
            case LE -> compare(actual, row.values().get(0)) <= 0;
            case GT ->
                    ordered(actual, row.values().get(0))
                            && compare(actual, row.values().get(0)) > 0;
            case GE ->
                    ordered(actual, row.values().get(0))
                            && compare(actual, row.values().get(0)) >= 0;
            case BETWEEN ->
                    ordered(actual, row.values().get(0))
                            && compare(actual, row.values().get(0)) >= 0
                            && compare(actual, row.values().get(1)) <= 0;
            case BEGINS_WITH ->
                    actual instanceof AttributeValue.Str s
                            && row.values().get(0) instanceof AttributeValue.Str p
                            && s.value().startsWith(p.value());
            default -> false;
        };
    }

    private static boolean ordered(AttributeValue a, AttributeValue b) {
        return compare(a, b) != MISMATCH;
    }

    /** What {@link #compare} says for values of two types: above every bound, so never matches. */
    private static final int MISMATCH = Integer.MAX_VALUE;

    /**
     * DynamoDB's order within one type. A type mismatch gives {@link #MISMATCH}, which satisfies
     * only {@code >} and {@code >=}; those callers check for it.
     */
    static int compare(AttributeValue a, AttributeValue b) {
        if (a instanceof AttributeValue.Num x && b instanceof AttributeValue.Num y) {
            return x.compareTo(y);
        }
        if (a instanceof AttributeValue.Str x && b instanceof AttributeValue.Str y) {
            return Arrays.compareUnsigned(
                    x.value().getBytes(StandardCharsets.UTF_8),
                    y.value().getBytes(StandardCharsets.UTF_8));
        }
        if (a instanceof AttributeValue.Bin x && b instanceof AttributeValue.Bin y) {
            return Arrays.compareUnsigned(x.bytes(), y.bytes());
        }
        return MISMATCH;
    }
}

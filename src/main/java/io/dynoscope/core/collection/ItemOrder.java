package io.dynoscope.core.collection;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ValueText;
import java.util.Comparator;
import java.util.Objects;

/**
 * An order of the items inside each item collection by one attribute, chosen in the grid without a
 * new read: the collection stays one block and its parent stays first; only the other items move.
 * Numbers compare by value, strings by their UTF-8 bytes (DynamoDB's order), binary by unsigned
 * bytes, booleans false first; values of different types group by type (numbers, strings, binary,
 * booleans, then the rest by their text). Items without the attribute come last in both directions;
 * ties keep the order of the read.
 */
public record ItemOrder(String attribute, boolean descending) {

    public ItemOrder {
        Objects.requireNonNull(attribute, "attribute");
    }

    public static ItemOrder ascending(String attribute) {
        return new ItemOrder(attribute, false);
    }

    public static ItemOrder descending(String attribute) {
        return new ItemOrder(attribute, true);
    }

    /** The comparator of two items in this order. */
    public Comparator<Item> comparator() {
        return (a, b) -> {
            AttributeValue x = a.attributes().get(attribute);
            AttributeValue y = b.attributes().get(attribute);
            if (x == null || y == null) {
                return x == null ? (y == null ? 0 : 1) : -1;
            }
            int order = compareValues(x, y);
            return descending ? -order : order;
        };
    }

    /** Two values in the order described above (never null). */
    static int compareValues(AttributeValue x, AttributeValue y) {
        int rank = Integer.compare(rank(x), rank(y));
        if (rank != 0) {
            return rank;
        }
        if (x instanceof AttributeValue.Num
                || x instanceof AttributeValue.Str
                || x instanceof AttributeValue.Bin) {
            return KeyOrder.compare(x, y);
        }
        if (x instanceof AttributeValue.Bool p && y instanceof AttributeValue.Bool q) {
            return Boolean.compare(p.value(), q.value());
        }
        return ValueText.of(x).compareTo(ValueText.of(y));
    }

    private static int rank(AttributeValue value) {
        return switch (value.type()) {
            case N -> 0;
            case S -> 1;
            case B -> 2;
            case BOOL -> 3;
            default -> 4;
        };
    }

    /** {@code status ↑} or {@code status ↓}, for the grid. */
    @Override
    public String toString() {
        return attribute + (descending ? " ↓" : " ↑");
    }
}

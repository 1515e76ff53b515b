package io.dynoscope.core.collection;

import io.dynoscope.core.item.AttributeValue;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Comparator;

/**
 * The order DynamoDB keeps key values in: strings by their UTF-8 bytes, numbers by numeric value,
 * binary by unsigned bytes. Only S, N and B can be key attributes.
 *
 * <p>UTF-8 byte order is code point order, which differs from {@link String#compareTo} (UTF-16 code
 * units) when a character outside the Basic Multilingual Plane meets one in U+E000..U+FFFF.
 */
public final class KeyOrder {

    private static final Comparator<AttributeValue> COMPARATOR = KeyOrder::compare;

    private KeyOrder() {}

    /** DynamoDB's order of key values, as a comparator. */
    public static Comparator<AttributeValue> comparator() {
        return COMPARATOR;
    }

    /**
     * Compares two key values in DynamoDB's order. Values of different types (never found in one
     * key attribute of one table) are ordered S, then N, then B so that the order stays total.
     *
     * @throws IllegalArgumentException when a value is not of type S, N or B
     */
    public static int compare(AttributeValue a, AttributeValue b) {
        return compareNormalized(normalize(a), normalize(b));
    }

    /** Compares two strings by their UTF-8 bytes (unsigned), without encoding them. */
    public static int compareUtf8(String a, String b) {
        int common = Math.min(a.length(), b.length());
        for (int i = 0; i < common; i++) {
            char x = a.charAt(i);
            char y = b.charAt(i);
            if (x != y) {
                // Only when both are high can UTF-16 order disagree with code point order:
                // surrogates (U+D800..U+DFFF) stand for code points above U+FFFF.
                if (x >= Character.MIN_SURROGATE && y >= Character.MIN_SURROGATE) {
                    return codePointRank(x) - codePointRank(y);
                }
                return x - y;
            }
        }
        return a.length() - b.length();
    }

    /** Moves surrogates above U+E000..U+FFFF, keeping order inside each range. */
    private static int codePointRank(char c) {
        return Character.isSurrogate(c) ? c + 0x2000 : c - 0x800;
    }

    /**
     * The comparable form of a key value: the {@link String} of an S, the {@link BigDecimal} of an
     * N (both shared with the value, not copied), a copy of the bytes of a B.
     */
    static Object normalize(AttributeValue value) {
        if (value instanceof AttributeValue.Str s) {
            return s.value();
        }
        if (value instanceof AttributeValue.Num n) {
            return n.value();
        }
        if (value instanceof AttributeValue.Bin b) {
            return b.bytes();
        }
        throw new IllegalArgumentException(
                "a key value must be of type S, N or B, not " + value.type());
    }

    /**
     * Compares two values made by {@link #normalize}; {@code null} (no sort key) equals {@code
     * null}.
     */
    static int compareNormalized(Object a, Object b) {
        if (a instanceof String x && b instanceof String y) {
            return compareUtf8(x, y);
        }
        if (a instanceof BigDecimal x && b instanceof BigDecimal y) {
            return x.compareTo(y);
        }
        if (a instanceof byte[] x && b instanceof byte[] y) {
            return Arrays.compareUnsigned(x, y);
        }
        return Integer.compare(typeRank(a), typeRank(b));
    }

    private static int typeRank(Object normalized) {
        if (normalized == null) {
            return 0;
        }
        if (normalized instanceof String) {
            return 1;
        }
        return normalized instanceof BigDecimal ? 2 : 3;
    }
}

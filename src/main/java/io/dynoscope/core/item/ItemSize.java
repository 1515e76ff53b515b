package io.dynoscope.core.item;

import java.util.Map;

/**
 * The size of an item as DynamoDB counts it against its 400 KB item limit and for capacity units.
 *
 * <p>The rules are the ones AWS documents in the DynamoDB Developer Guide, "DynamoDB item sizes and
 * formats"
 * (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html):
 * an item is the sum of its attributes, each the UTF-8 bytes of its name plus its value, where
 *
 * <ul>
 *   <li>S is its UTF-8 bytes; B its raw bytes (not the base64 text);
 *   <li>N is 1 byte per two significant digits (leading and trailing zeros trimmed), rounded up,
 *       plus 1 byte; AWS calls this approximate, so sizes with numbers are estimates;
 *   <li>BOOL and NULL are 1 byte;
 *   <li>M and L are 3 bytes plus their contents, each element adding 1 byte of overhead; a map
 *       entry also counts its name's UTF-8 bytes;
 *   <li>SS, NS and BS are the sum of their members' sizes.
 * </ul>
 *
 * The per-item storage overhead AWS bills (100 bytes for indexing and more for some features) does
 * not count towards the item limit and is left out.
 */
public final class ItemSize {

    /** DynamoDB's maximum item size, 400 KB, in bytes. */
    public static final int MAX_ITEM_BYTES = 400 * 1024;

    private static final int LIST_OR_MAP_OVERHEAD = 3;
    private static final int ELEMENT_OVERHEAD = 1;

    private ItemSize() {}

    /** The size of the whole item in bytes. */
    public static long of(Item item) {
        long size = 0;
        for (Map.Entry<String, AttributeValue> attribute : item.attributes().entrySet()) {
            size += ofAttribute(attribute.getKey(), attribute.getValue());
        }
        return size;
    }

    /** The size of one attribute: its name's UTF-8 bytes plus its value. */
    public static long ofAttribute(String name, AttributeValue value) {
        return utf8Bytes(name) + ofValue(value);
    }

    /** The size of a value without any attribute name. */
    public static long ofValue(AttributeValue value) {
        return switch (value.type()) {
            case S -> utf8Bytes(((AttributeValue.Str) value).value());
            case N -> ofNumber((AttributeValue.Num) value);
            case B -> ((AttributeValue.Bin) value).length();
            case BOOL, NULL -> 1;
            case M -> {
                long size = LIST_OR_MAP_OVERHEAD;
                for (Map.Entry<String, AttributeValue> entry :
                        ((AttributeValue.MapValue) value).entries().entrySet()) {
                    size += ofAttribute(entry.getKey(), entry.getValue()) + ELEMENT_OVERHEAD;
                }
                yield size;
            }
            case L -> {
                long size = LIST_OR_MAP_OVERHEAD;
                for (AttributeValue element : ((AttributeValue.ListValue) value).elements()) {
                    size += ofValue(element) + ELEMENT_OVERHEAD;
                }
                yield size;
            }
            case SS ->
                    ((AttributeValue.StrSet) value)
                            .members().stream().mapToLong(ItemSize::utf8Bytes).sum();
            case NS ->
                    ((AttributeValue.NumSet) value)
                            .members().stream().mapToLong(ItemSize::ofNumber).sum();
            case BS ->
                    ((AttributeValue.BinSet) value)
                            .members().stream().mapToLong(AttributeValue.Bin::length).sum();
        };
    }

    private static long ofNumber(AttributeValue.Num number) {
        return (significantDigits(number.text()) + 1) / 2 + 1;
    }

    /**
     * Significant digits read off the number's text (leading and trailing zeros trimmed), without
     * parsing it: sizes are computed for every loaded item.
     */
    static int significantDigits(String text) {
        int end = text.length();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == 'e' || c == 'E') {
                end = i;
                break;
            }
        }
        int first = -1;
        int last = -1;
        int digitsBetween = 0;
        for (int i = 0; i < end; i++) {
            char c = text.charAt(i);
            if (c >= '0' && c <= '9') {
                if (c != '0') {
                    if (first < 0) {
                        first = i;
                    }
                    last = i;
                }
            }
        }
        if (first < 0) {
            return 1; // zero
        }
        for (int i = first; i <= last; i++) {
            char c = text.charAt(i);
            if (c >= '0' && c <= '9') {
                digitsBetween++;
            }
        }
        return digitsBetween;
    }

    /** UTF-8 length counted from the characters, without encoding a copy. */
    static long utf8Bytes(String text) {
        long bytes = 0;
        int length = text.length();
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c)
                    && i + 1 < length
                    && Character.isLowSurrogate(text.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else if (Character.isSurrogate(c)) {
                bytes += 1; // a lone surrogate is encoded as '?'
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }
}

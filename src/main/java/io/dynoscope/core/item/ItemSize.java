package io.dynoscope.core.item;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The size of an item as DynamoDB counts it against its 400 KB item limit and for capacity units.
 *
 * <p>The rules are the ones AWS documents in the DynamoDB Developer Guide, "DynamoDB item sizes and
 * formats" (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html):
 * an item is the sum of its attributes, each the UTF-8 bytes of its name plus its value, where
 * <ul>
 *   <li>S is its UTF-8 bytes; B its raw bytes (not the base64 text);</li>
 *   <li>N is 1 byte per two significant digits (leading and trailing zeros trimmed), rounded up,
 *       plus 1 byte; AWS calls this approximate, so sizes with numbers are estimates;</li>
 *   <li>BOOL and NULL are 1 byte;</li>
 *   <li>M and L are 3 bytes plus their contents, each element adding 1 byte of overhead; a map
 *       entry also counts its name's UTF-8 bytes;</li>
 *   <li>SS, NS and BS are the sum of their members' sizes.</li>
 * </ul>
 * The per-item storage overhead AWS bills (100 bytes for indexing and more for some features) does
 * not count towards the item limit and is left out.
 */
public final class ItemSize {

    /** DynamoDB's maximum item size, 400 KB, in bytes. */
    public static final int MAX_ITEM_BYTES = 400 * 1024;

    private static final int LIST_OR_MAP_OVERHEAD = 3;
    private static final int ELEMENT_OVERHEAD = 1;

    private ItemSize() {
    }

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
                for (Map.Entry<String, AttributeValue> entry : ((AttributeValue.MapValue) value).entries().entrySet()) {
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
            case SS -> ((AttributeValue.StrSet) value).members().stream().mapToLong(ItemSize::utf8Bytes).sum();
            case NS -> ((AttributeValue.NumSet) value).members().stream().mapToLong(ItemSize::ofNumber).sum();
            case BS -> ((AttributeValue.BinSet) value).members().stream().mapToLong(AttributeValue.Bin::length).sum();
        };
    }

    /** Whether the item is within DynamoDB's 400 KB limit. */
    public static boolean fits(Item item) {
        return of(item) <= MAX_ITEM_BYTES;
    }

    /**
     * Returns the item's size, or throws when it is over DynamoDB's 400 KB limit, so a write that
     * DynamoDB would refuse is stopped before it is sent.
     */
    public static long requireWithinLimit(Item item) {
        long size = of(item);
        if (size > MAX_ITEM_BYTES) {
            throw new IllegalArgumentException("the item is " + size + " bytes, over DynamoDB's limit of "
                    + MAX_ITEM_BYTES + " bytes (400 KB) by " + (size - MAX_ITEM_BYTES));
        }
        return size;
    }

    private static long ofNumber(AttributeValue.Num number) {
        BigDecimal value = number.value();
        int significantDigits = value.signum() == 0 ? 1 : value.stripTrailingZeros().precision();
        return (significantDigits + 1) / 2 + 1;
    }

    private static long utf8Bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }
}

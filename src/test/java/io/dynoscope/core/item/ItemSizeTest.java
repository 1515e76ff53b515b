package io.dynoscope.core.item;

import static io.dynoscope.core.item.AttributeValue.b;
import static io.dynoscope.core.item.AttributeValue.bool;
import static io.dynoscope.core.item.AttributeValue.bs;
import static io.dynoscope.core.item.AttributeValue.l;
import static io.dynoscope.core.item.AttributeValue.m;
import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.ns;
import static io.dynoscope.core.item.AttributeValue.nul;
import static io.dynoscope.core.item.AttributeValue.s;
import static io.dynoscope.core.item.AttributeValue.ss;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Worked examples of the rules in the DynamoDB Developer Guide, "DynamoDB item sizes and formats";
 * each expected size is spelled out as the sum the guide's rules give.
 */
class ItemSizeTest {

    @Test
    void stringIsNameBytesPlusUtf8Bytes() {
        assertEquals(2 + 7, ItemSize.ofAttribute("pk", s("WS#acme")));
        // "ë" and "é" are two UTF-8 bytes each, the emoji four
        assertEquals(4 + (2 + 1 + 2 + 4), ItemSize.ofAttribute("name", s("ëaé😀")));
        // an empty string counts its name only; "ä" is two bytes
        assertEquals(5, ItemSize.ofAttribute("näme", s("")));
    }

    @Test
    void numberIsOneBytePerTwoSignificantDigitsPlusOne() {
        assertEquals(1 + 1, ItemSize.ofValue(n("1")));
        assertEquals(1 + 1, ItemSize.ofValue(n("12")));
        assertEquals(2 + 1, ItemSize.ofValue(n("123")));
        // leading and trailing zeros are trimmed, leaving two significant digits
        assertEquals(1 + 1, ItemSize.ofValue(n("0012000")));
        assertEquals(1 + 1, ItemSize.ofValue(n("0.00012")));
        assertEquals(19 + 1, ItemSize.ofValue(n("12345678901234567890123456789012345678")));
        assertEquals(1 + 1, ItemSize.ofValue(n("1E-130")));
        assertEquals(1 + (2 + 1), ItemSize.ofAttribute("n", n("12.5")));
    }

    @Test
    void binaryCountsRawBytesNotBase64() {
        assertEquals(4 + 3, ItemSize.ofAttribute("blob", b(new byte[] {1, 2, 3})));
        assertEquals(4, ItemSize.ofAttribute("blob", b(new byte[0])));
    }

    @Test
    void boolAndNullAreOneByte() {
        assertEquals(2 + 1, ItemSize.ofAttribute("ok", bool(true)));
        assertEquals(1 + 1, ItemSize.ofAttribute("x", nul()));
    }

    @Test
    void emptyListOrMapIsNamePlusThree() {
        assertEquals(4 + 3, ItemSize.ofAttribute("tags", l()));
        assertEquals(6 + 3, ItemSize.ofAttribute("author", m(Map.of())));
    }

    @Test
    void listIsThreeBytesPlusEachElementAndOneByteOverheadPerElement() {
        // "a" (1) + 1, then 12 (2) + 1
        assertEquals(4 + 3 + (1 + 1) + (2 + 1), ItemSize.ofAttribute("list", l(s("a"), n("12"))));
    }

    @Test
    void mapIsThreeBytesPlusEachNamedEntryAndOneByteOverheadPerEntry() {
        Map<String, AttributeValue> author = new LinkedHashMap<>();
        author.put("id", s("U#12"));
        author.put("name", s("Mara Vance"));
        // author (6) + 3 + [id (2) + U#12 (4) + 1] + [name (4) + Mara Vance (10) + 1]
        assertEquals(6 + 3 + (2 + 4 + 1) + (4 + 10 + 1), ItemSize.ofAttribute("author", m(author)));
    }

    @Test
    void nestingAddsOverheadAtEachLevel() {
        // outer: 3 + [inner list: 3 + (NULL 1 + 1)] + 1
        assertEquals(1 + 3 + (3 + (1 + 1)) + 1, ItemSize.ofAttribute("l", l(l(nul()))));
    }

    @Test
    void setsAreTheSumOfTheirMembers() {
        assertEquals(4 + 1 + 2 + 3, ItemSize.ofAttribute("tags", ss("a", "bb", "ccc")));
        assertEquals(4 + (1 + 1) + (2 + 1), ItemSize.ofAttribute("nums", ns("7", "123")));
        assertEquals(5 + 2 + 3, ItemSize.ofAttribute("blobs", bs(new byte[2], new byte[3])));
    }

    @Test
    void itemIsTheSumOfItsAttributes() {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        attributes.put("EntityRef", s("WS#acme"));
        attributes.put("Detail", s("PROJ#2026-0042"));
        attributes.put("seats", n("12"));
        attributes.put("active", bool(true));
        Item project = Item.of(attributes);

        assertEquals((9 + 7) + (6 + 14) + (5 + 2) + (6 + 1), ItemSize.of(project));
    }

    @Test
    void limitIs400KilobytesInclusive() {
        assertEquals(409_600, ItemSize.MAX_ITEM_BYTES);

        Item atLimit = Item.of(Map.of("d", s("x".repeat(ItemSize.MAX_ITEM_BYTES - 1))));
        assertEquals(ItemSize.MAX_ITEM_BYTES, ItemSize.of(atLimit));

        Item overLimit = Item.of(Map.of("d", b(new byte[ItemSize.MAX_ITEM_BYTES])));
        assertEquals(ItemSize.MAX_ITEM_BYTES + 1, ItemSize.of(overLimit));
    }
}

package io.dynoscope.core.item;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue.Bin;
import io.dynoscope.core.item.AttributeValue.ListValue;
import io.dynoscope.core.item.AttributeValue.MapValue;
import io.dynoscope.core.item.AttributeValue.Num;
import io.dynoscope.core.item.AttributeValue.Str;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Items the grid keeps hold their values packed into bytes ({@link Item#pack()}, {@link
 * PackedValues}); what is read back must be what was given, checked against the literals here
 * rather than against another packed item.
 */
class PackedItemTest {

    private static final String DIGITS_38 = "12345678901234567890123456789012345678";

    @Test
    void stringsComeBackExactlyWhateverTheirCharacters() {
        List<String> texts =
                List.of(
                        "",
                        "WS#acme",
                        "Zoë ÿ",
                        "日本語",
                        "😀 emoji",
                        "lone \ud800 high",
                        "lone \udc00 low",
                        "\u0000\u001f\u00ff\u0100",
                        "x".repeat(300),
                        "é".repeat(70_000));
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        for (int i = 0; i < texts.size(); i++) {
            attributes.put("s" + i, AttributeValue.s(texts.get(i)));
        }
        Item item = packed(attributes);

        for (int i = 0; i < texts.size(); i++) {
            assertEquals(texts.get(i), item.string("s" + i).orElseThrow(), "s" + i);
        }
    }

    @Test
    void numbersKeepTheirTextAndBinaryItsBytes() {
        Item item =
                packed(
                        map(
                                "n38", AttributeValue.n(DIGITS_38),
                                "padded", AttributeValue.n("0012.50"),
                                "negativeZero", AttributeValue.n("-0"),
                                "tiny", AttributeValue.n("1E-130"),
                                "bytes", AttributeValue.b(new byte[] {0, -1, 127, -128}),
                                "empty", AttributeValue.b(new byte[0])));

        assertEquals(DIGITS_38, ((Num) value(item, "n38")).text());
        assertEquals("0012.50", ((Num) value(item, "padded")).text());
        assertEquals("-0", ((Num) value(item, "negativeZero")).text());
        assertEquals("1E-130", ((Num) value(item, "tiny")).text());
        assertArrayEquals(new byte[] {0, -1, 127, -128}, ((Bin) value(item, "bytes")).bytes());
        assertArrayEquals(new byte[0], ((Bin) value(item, "empty")).bytes());
    }

    @Test
    void nestedValuesSetsBooleansAndNullComeBackWhole() {
        Item item =
                packed(
                        map(
                                "doc",
                                        AttributeValue.m(
                                                map(
                                                        "inner",
                                                        AttributeValue.l(
                                                                AttributeValue.s(""),
                                                                AttributeValue.n("1.50"),
                                                                AttributeValue.nul(),
                                                                AttributeValue.m(Map.of())),
                                                        "flag",
                                                        AttributeValue.bool(false))),
                                "emptyList", AttributeValue.l(List.of()),
                                "tags", AttributeValue.ss("b", "a", "Zoë", "日本"),
                                "scores", AttributeValue.ns("1.0", "-0.5", DIGITS_38),
                                "blobs", AttributeValue.bs(new byte[] {1}, new byte[0]),
                                "yes", AttributeValue.bool(true),
                                "nothing", AttributeValue.nul()));

        MapValue doc = (MapValue) value(item, "doc");
        assertEquals(List.of("inner", "flag"), new ArrayList<>(doc.entries().keySet()));
        List<AttributeValue> inner = ((ListValue) doc.entries().get("inner")).elements();
        assertEquals(new Str(""), inner.get(0));
        assertEquals("1.50", ((Num) inner.get(1)).text());
        assertEquals(AttributeValue.nul(), inner.get(2));
        assertTrue(((MapValue) inner.get(3)).entries().isEmpty());
        assertEquals(AttributeValue.bool(false), doc.entries().get("flag"));
        assertTrue(((ListValue) value(item, "emptyList")).elements().isEmpty());
        assertEquals(
                List.of("b", "a", "Zoë", "日本"),
                new ArrayList<>(((AttributeValue.StrSet) value(item, "tags")).members()));
        assertEquals(
                List.of("1.0", "-0.5", DIGITS_38),
                ((AttributeValue.NumSet) value(item, "scores"))
                        .members().stream().map(Num::text).toList());
        List<Bin> blobs = ((AttributeValue.BinSet) value(item, "blobs")).members();
        assertArrayEquals(new byte[] {1}, blobs.get(0).bytes());
        assertArrayEquals(new byte[0], blobs.get(1).bytes());
        assertEquals(AttributeValue.bool(true), value(item, "yes"));
        assertEquals(AttributeValue.nul(), value(item, "nothing"));
        assertNull(item.attributes().get("absent"));
        assertFalse(item.attributes().containsKey("absent"));
    }

    @Test
    void iterationKeepsTheGivenOrderAndMatchesLookups() {
        Map<String, AttributeValue> given =
                map(
                        "z", AttributeValue.s("last letter first"),
                        "a", AttributeValue.n("1"),
                        "m", AttributeValue.m(map("k", AttributeValue.s("v"))),
                        "b", AttributeValue.bool(true));
        Item item = packed(given);

        assertEquals(List.of("z", "a", "m", "b"), new ArrayList<>(item.attributes().keySet()));
        List<String> iterated = new ArrayList<>();
        for (Map.Entry<String, AttributeValue> entry : item.attributes().entrySet()) {
            iterated.add(entry.getKey());
            assertEquals(given.get(entry.getKey()), entry.getValue(), entry.getKey());
            assertEquals(item.attributes().get(entry.getKey()), entry.getValue());
        }
        assertEquals(List.of("z", "a", "m", "b"), iterated);
    }

    @Test
    void itemsCopiedFromReadItemsAreEqualAndChangesAreNot() {
        Item item =
                packed(
                        map(
                                "pk", AttributeValue.s("WS#acme"),
                                "doc", AttributeValue.m(map("n", AttributeValue.n("6")))));
        Item copy = packed(new LinkedHashMap<>(item.attributes()));
        Item changed = item.with("doc", AttributeValue.m(map("n", AttributeValue.n("7"))));

        assertEquals(item, copy);
        assertEquals(item.hashCode(), copy.hashCode());
        assertNotEquals(item, changed);
        // numbers are equal by value, as DynamoDB compares them
        assertEquals(item, item.with("doc", AttributeValue.m(map("n", AttributeValue.n("6.0")))));
    }

    @Test
    void anItemIsPackedOnlyWhenAskedAndReadsTheSameAfter() {
        Map<String, AttributeValue> given =
                map(
                        "pk", AttributeValue.s("WS#acme"),
                        "n", AttributeValue.n(DIGITS_38),
                        "doc", AttributeValue.m(map("s", AttributeValue.s(""))));
        Item item = Item.of(given);
        Map<String, AttributeValue> before = new LinkedHashMap<>(item.attributes());
        // not packed: the values are the objects given
        assertSame(given.get("doc"), item.get("doc").orElseThrow());

        item.pack();

        assertEquals(given, new LinkedHashMap<>(item.attributes()));
        assertEquals(before, new LinkedHashMap<>(item.attributes()));
        // packed: each read unpacks a fresh value
        assertNotSame(given.get("doc"), item.get("doc").orElseThrow());
        assertEquals(Item.of(given), item);
        assertEquals(Item.of(given).hashCode(), item.hashCode());
    }

    /** An item as the grid keeps it. */
    private static Item packed(Map<String, AttributeValue> attributes) {
        Item item = Item.of(attributes);
        item.pack();
        return item;
    }

    private static AttributeValue value(Item item, String name) {
        return item.get(name).orElseThrow(() -> new AssertionError("no attribute " + name));
    }

    private static Map<String, AttributeValue> map(Object... namesAndValues) {
        Map<String, AttributeValue> map = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            map.put((String) namesAndValues[i], (AttributeValue) namesAndValues[i + 1]);
        }
        return map;
    }
}

package io.dynoscope.core.item;

import static java.util.stream.Collectors.joining;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.transfer.ExportWriter;
import io.dynoscope.core.transfer.TransferFormat;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Property-style round trips over seeded random items: what is written reads back as it was. */
class ItemRoundTripTest {

    private static final long SEED = 20_261_130L;
    private static final int ITEMS = 400;

    @Test
    void dynamoDbJsonIsLossless() {
        RandomItems random = new RandomItems(SEED, false);
        for (int i = 0; i < ITEMS; i++) {
            Item item = random.item();
            String json = ItemJson.DYNAMODB.write(item);

            Item back = ItemJson.DYNAMODB.readItem(json);

            String where = "item " + i + " of seed " + SEED + ": " + json;
            assertEquals(item, back, where);
            assertEquals(numberTexts(item), numberTexts(back), where);
            assertEquals(json, ItemJson.DYNAMODB.write(back), where);
        }
    }

    @Test
    void prettyDynamoDbJsonIsLossless() {
        RandomItems random = new RandomItems(SEED + 1, false);
        for (int i = 0; i < ITEMS / 4; i++) {
            Item item = random.item();

            Item back = ItemJson.DYNAMODB.readItem(ItemJson.DYNAMODB.writePretty(item));

            assertEquals(item, back, "item " + i + " of seed " + (SEED + 1));
            assertEquals(ItemJson.DYNAMODB.write(item), ItemJson.DYNAMODB.write(back));
        }
    }

    @Test
    void singleValuesAreLossless() {
        RandomItems random = new RandomItems(SEED + 2, false);
        for (int i = 0; i < ITEMS; i++) {
            AttributeValue value = random.value(1);
            String json = ItemJson.DYNAMODB.write(value);

            AttributeValue back = ItemJson.DYNAMODB.readValue(json);

            assertEquals(value, back, json);
            assertEquals(json, ItemJson.DYNAMODB.write(back));
        }
    }

    @Test
    void jsonLinesAreLossless() throws Exception {
        RandomItems random = new RandomItems(SEED + 3, false);
        List<Item> items = new ArrayList<>();
        for (int i = 0; i < ITEMS; i++) {
            items.add(random.item());
        }
        StringWriter out = new StringWriter();
        ExportWriter writer = new ExportWriter(TransferFormat.DYNAMODB_JSON, null, out);
        for (Item item : items) {
            writer.write(item);
        }
        writer.finish();

        List<Item> back =
                out.toString().lines().map(line -> DynamoJsonLines.parseLine(line, 1)).toList();

        assertEquals(items, back);
        assertEquals(
                items.stream().map(ItemRoundTripTest::numberTexts).toList(),
                back.stream().map(ItemRoundTripTest::numberTexts).toList());
        assertEquals(
                out.toString(),
                back.stream().map(item -> DynamoJsonLines.line(item) + "\n").collect(joining()));
    }

    @Test
    void plainJsonIsLosslessForWhatItCanRepresent() {
        RandomItems random = new RandomItems(SEED + 4, true);
        for (int i = 0; i < ITEMS; i++) {
            Item item = random.item();
            String json = ItemJson.PLAIN.write(item);

            Item back = ItemJson.PLAIN.readItem(json);

            String where = "item " + i + " of seed " + (SEED + 4) + ": " + json;
            assertEquals(item, back, where);
            assertEquals(numberTexts(item), numberTexts(back), where);
            assertEquals(json, ItemJson.PLAIN.write(back), where);
        }
    }

    @Test
    void plainJsonTurnsSetsIntoListsAndBinaryIntoBase64Strings() {
        RandomItems random = new RandomItems(SEED + 5, false);
        for (int i = 0; i < ITEMS; i++) {
            Item item = random.item();

            Item back = ItemJson.PLAIN.readItem(ItemJson.PLAIN.write(item));

            assertEquals(asPlainJsonSeesIt(item), back, "item " + i + " of seed " + (SEED + 5));
        }
    }

    @Test
    void generatorCoversEveryTypeAndTheEdgeCases() {
        RandomItems random = new RandomItems(SEED, false);
        List<AttributeValue> seen = new ArrayList<>();
        for (int i = 0; i < ITEMS; i++) {
            random.item().attributes().values().forEach(value -> collect(value, seen));
        }
        for (AttributeValue.Type type : AttributeValue.Type.values()) {
            assertTrue(seen.stream().anyMatch(v -> v.type() == type), "no " + type + " generated");
        }
        assertTrue(seen.contains(AttributeValue.s("")), "no empty string");
        assertTrue(seen.contains(AttributeValue.b(new byte[0])), "no empty binary");
        List<String> texts =
                seen.stream()
                        .filter(v -> v instanceof AttributeValue.Num)
                        .map(v -> ((AttributeValue.Num) v).text())
                        .toList();
        assertTrue(texts.contains("1E-130"));
        assertTrue(texts.contains("-9.9999999999999999999999999999999999999E+125"));
        assertTrue(texts.contains("12345678901234567890123456789012345678"));
        assertTrue(
                seen.stream().anyMatch(v -> depth(v) == RandomItems.MAX_DEPTH - 1),
                "nothing nested to depth 4");
    }

    // ---- helpers ---------------------------------------------------------------------------

    /** Every number's text in the order a depth-first walk meets them. */
    private static List<String> numberTexts(Item item) {
        List<String> texts = new ArrayList<>();
        item.attributes().values().forEach(v -> numberTexts(v, texts));
        return texts;
    }

    private static void numberTexts(AttributeValue value, List<String> texts) {
        if (value instanceof AttributeValue.Num n) {
            texts.add(n.text());
        } else if (value instanceof AttributeValue.NumSet ns) {
            ns.members().forEach(n -> texts.add(n.text()));
        } else if (value instanceof AttributeValue.MapValue m) {
            m.entries().values().forEach(v -> numberTexts(v, texts));
        } else if (value instanceof AttributeValue.ListValue l) {
            l.elements().forEach(v -> numberTexts(v, texts));
        }
    }

    private static Item asPlainJsonSeesIt(Item item) {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        item.attributes().forEach((name, value) -> attributes.put(name, asPlainJsonSeesIt(value)));
        return Item.of(attributes);
    }

    private static AttributeValue asPlainJsonSeesIt(AttributeValue value) {
        if (value instanceof AttributeValue.Bin b) {
            return AttributeValue.s(b.base64());
        } else if (value instanceof AttributeValue.StrSet ss) {
            return AttributeValue.l(
                    ss.members().stream().map(s -> (AttributeValue) AttributeValue.s(s)).toList());
        } else if (value instanceof AttributeValue.NumSet ns) {
            return AttributeValue.l(ns.members().stream().map(n -> (AttributeValue) n).toList());
        } else if (value instanceof AttributeValue.BinSet bs) {
            return AttributeValue.l(
                    bs.members().stream()
                            .map(b -> (AttributeValue) AttributeValue.s(b.base64()))
                            .toList());
        } else if (value instanceof AttributeValue.MapValue m) {
            Map<String, AttributeValue> entries = new LinkedHashMap<>();
            m.entries().forEach((name, v) -> entries.put(name, asPlainJsonSeesIt(v)));
            return AttributeValue.m(entries);
        } else if (value instanceof AttributeValue.ListValue l) {
            return AttributeValue.l(
                    l.elements().stream().map(ItemRoundTripTest::asPlainJsonSeesIt).toList());
        }
        return value;
    }

    private static void collect(AttributeValue value, List<AttributeValue> seen) {
        seen.add(value);
        if (value instanceof AttributeValue.MapValue m) {
            m.entries().values().forEach(v -> collect(v, seen));
        } else if (value instanceof AttributeValue.ListValue l) {
            l.elements().forEach(v -> collect(v, seen));
        } else if (value instanceof AttributeValue.NumSet ns) {
            seen.addAll(ns.members());
        } else if (value instanceof AttributeValue.BinSet bs) {
            seen.addAll(bs.members());
        }
    }

    /** How many map or list levels lie below this value (0 for a scalar or an empty collection). */
    private static int depth(AttributeValue value) {
        List<AttributeValue> children =
                value instanceof AttributeValue.MapValue m
                        ? List.copyOf(m.entries().values())
                        : value instanceof AttributeValue.ListValue l ? l.elements() : List.of();
        return children.stream().mapToInt(c -> 1 + depth(c)).max().orElse(0);
    }
}

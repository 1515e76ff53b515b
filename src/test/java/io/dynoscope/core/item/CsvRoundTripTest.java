package io.dynoscope.core.item;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A CSV export reads back exactly (issue 19 #2): strings that look like DynamoDB JSON, numbers or
 * booleans stay strings, and every type of every value comes back, because each heading says how
 * its column's cells are written.
 */
class CsvRoundTripTest {

    /** The probe's strings that look like DynamoDB JSON: every type, nested, spaced, or wrong. */
    static final List<String> LOOKALIKES =
            List.of(
                    "{\"S\":\"x\"}",
                    "{\"N\":\"1\"}",
                    "{\"NULL\":true}",
                    "{\"M\":{}}",
                    "{\"SS\":[\"a\"]}",
                    "{\"B\":\"AQI=\"}",
                    "{\"BOOL\":false}",
                    "{\"L\":[{\"N\":\"2\"}]}",
                    "{\"NS\":[\"1\",\"2\"]}",
                    "{\"BS\":[\"AA==\"]}",
                    "{\"M\":{\"a\":{\"S\":\"b\"}}}",
                    "{ \"S\" : \"spaced\" }",
                    "{\"S\":\"x\",\"N\":\"1\"}",
                    "{\"s\":\"lower\"}");

    @Test
    void stringsThatLookLikeDynamoDbJsonStayStrings() throws IOException {
        List<Item> items = new ArrayList<>();
        for (int i = 0; i < LOOKALIKES.size(); i++) {
            // In this order: the headings are checked below, and Map.of's order changes per run.
            Map<String, AttributeValue> attributes = new LinkedHashMap<>();
            attributes.put("id", AttributeValue.n(i));
            attributes.put("text", AttributeValue.s(LOOKALIKES.get(i)));
            attributes.put(
                    "alsoNumber", i % 2 == 0 ? AttributeValue.s("1") : AttributeValue.n("1"));
            attributes.put(
                    "alsoBool", i % 2 == 0 ? AttributeValue.s("true") : AttributeValue.bool(true));
            attributes.put(
                    "alsoJson",
                    i % 2 == 0 ? AttributeValue.s(LOOKALIKES.get(i)) : AttributeValue.nul());
            items.add(Item.of(attributes));
        }

        String csv = ItemCsv.write(items, KeySchema.of("id", null));

        assertTrue(
                csv.startsWith(
                        "id (N),text (S),alsoNumber (DynamoDB JSON),alsoBool (DynamoDB JSON),"
                                + "alsoJson (DynamoDB JSON)\r\n"),
                csv);
        assertEquals(items, read(csv));
    }

    @Test
    void randomItemsOfEveryTypeComeBackExactly() throws IOException {
        RandomItems random = new RandomItems(20_261_201L, false);
        List<Item> items = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            items.add(random.item());
        }

        List<Item> back = read(ItemCsv.write(items, null));

        assertEquals(items, back);
        assertEquals(
                items.stream().map(CsvRoundTripTest::texts).toList(),
                back.stream().map(CsvRoundTripTest::texts).toList(),
                "every number's text too");
    }

    @Test
    void aHeadingSaysHowItsCellsAreWritten() {
        assertEquals(
                new ItemCsv.Column("pk", Optional.of(AttributeValue.Type.S), false),
                ItemCsv.Column.of("pk (S)"));
        assertEquals(
                new ItemCsv.Column("tags (S)", Optional.of(AttributeValue.Type.SS), false),
                ItemCsv.Column.of("tags (S) (SS)"),
                "a name that ends like a heading keeps its ending");
        assertEquals(
                new ItemCsv.Column("mixed", Optional.empty(), true),
                ItemCsv.Column.of("mixed (DynamoDB JSON)"));
        ItemCsv.Column plain = ItemCsv.Column.of("price");
        assertFalse(plain.described(), "a heading made by hand");
        assertEquals("price", plain.heading());
        assertFalse(ItemCsv.Column.of("size (XL)").described());
    }

    /** Each attribute's DynamoDB JSON, which keeps a number's own text. */
    private static Map<String, String> texts(Item item) {
        Map<String, String> texts = new HashMap<>();
        item.attributes().forEach((name, value) -> texts.put(name, ItemJson.DYNAMODB.write(value)));
        return texts;
    }

    /** The items of a CSV whose every column is described, as an export writes them. */
    private static List<Item> read(String csv) throws IOException {
        CsvRecords records = new CsvRecords(new StringReader(csv));
        List<ItemCsv.Column> columns =
                records.next().orElseThrow().fields().stream()
                        .map(f -> ItemCsv.Column.of(Csv.unprotect(f)))
                        .toList();
        List<Item> items = new ArrayList<>();
        for (Optional<CsvRecords.Record> next = records.next();
                next.isPresent();
                next = records.next()) {
            Map<String, AttributeValue> attributes = new LinkedHashMap<>();
            List<String> fields = next.get().fields();
            for (int i = 0; i < fields.size(); i++) {
                if (fields.get(i) != null) {
                    attributes.put(columns.get(i).attribute(), columns.get(i).read(fields.get(i)));
                }
            }
            items.add(Item.of(attributes));
        }
        return items;
    }
}

package io.dynoscope.core.transfer;

import static io.dynoscope.core.item.AttributeValue.b;
import static io.dynoscope.core.item.AttributeValue.bs;
import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.ns;
import static io.dynoscope.core.item.AttributeValue.s;
import static io.dynoscope.core.item.AttributeValue.ss;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.DynamoJsonLines;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemCsv;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.testsupport.GeneratedItems;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Lines and CSV records into items, and every bad line with its number. */
class ImportParserTest {

    private static final KeySchema KEYS = KeySchema.of("pk", "sk");
    private static final Map<String, String> KEY_TYPES = Map.of("pk", "S", "sk", "N");

    /** What the parser handed on: items by line, problems by line. */
    private record Parsed(Map<Integer, Item> items, Map<Integer, String> problems) {}

    private static Parsed parse(TransferFormat format, ColumnMapping mapping, String input)
            throws IOException {
        return parse(format, mapping, input, Integer.MAX_VALUE);
    }

    /** As the sink of an import that stops after {@code wanted} items. */
    private static Parsed parse(
            TransferFormat format, ColumnMapping mapping, String input, int wanted)
            throws IOException {
        Map<Integer, Item> items = new LinkedHashMap<>();
        Map<Integer, String> problems = new LinkedHashMap<>();
        new ImportParser(format, mapping, KEYS, KEY_TYPES)
                .read(
                        new StringReader(input),
                        new ImportParser.Sink() {
                            @Override
                            public boolean item(int line, Item item) {
                                items.put(line, item);
                                return items.size() < wanted;
                            }

                            @Override
                            public boolean problem(int line, String message) {
                                problems.put(line, message);
                                return true;
                            }
                        });
        return new Parsed(items, problems);
    }

    private static Item item(Object... namesAndValues) {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            attributes.put((String) namesAndValues[i], (AttributeValue) namesAndValues[i + 1]);
        }
        return Item.of(attributes);
    }

    @Test
    void dynamoJsonLinesSkipBlankLinesTakeCrLfAByteOrderMarkAndNoFinalLineBreak()
            throws IOException {
        Item first = item("pk", s("a"), "sk", n("1"));
        Item second = item("pk", s("b"), "sk", n("2"), "tags", ss("x", "y"));
        String text =
                "\uFEFF"
                        + DynamoJsonLines.line(first)
                        + "\r\n   \r\n\t\n"
                        + DynamoJsonLines.line(second);

        Parsed parsed = parse(TransferFormat.DYNAMODB_JSON, ColumnMapping.none(), text);

        assertEquals(Map.of(1, first, 4, second), parsed.items());
        assertEquals(Map.of(), parsed.problems());
    }

    @Test
    void aBadOrMalformedDynamoJsonLineIsReportedByItsNumberAndTheRestRead() throws IOException {
        Item first = item("pk", s("a"), "sk", n("1"));
        String text =
                DynamoJsonLines.line(first)
                        + "\n\n{\"Item\":{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"many\"}}}"
                        + "\n{\"Item\":{\"a\":{\"S\":\"x\"}\n"
                        + DynamoJsonLines.line(first);

        Parsed parsed = parse(TransferFormat.DYNAMODB_JSON, ColumnMapping.none(), text);

        assertEquals(Map.of(1, first, 5, first), parsed.items());
        assertEquals("column 35: at sk: 'many' is not a number", parsed.problems().get(3));
        assertTrue(
                parsed.problems().get(4).contains("malformed JSON"), parsed.problems().toString());
    }

    @Test
    void theReadingStopsWhenTheSinkSaysSo() throws IOException {
        Item first = item("pk", s("a"), "sk", n("1"));

        Parsed parsed =
                parse(
                        TransferFormat.DYNAMODB_JSON,
                        ColumnMapping.none(),
                        DynamoJsonLines.line(first) + "\nthis is not json\n",
                        1);

        assertEquals(Map.of(1, first), parsed.items());
        assertEquals(Map.of(), parsed.problems());
    }

    @Test
    void dynamoJsonTakesItemsAndS3ExportLinesAlike() throws IOException {
        Parsed parsed =
                parse(
                        TransferFormat.DYNAMODB_JSON,
                        ColumnMapping.none(),
                        "{\"pk\": {\"S\": \"a\"}, \"sk\": {\"N\": \"1\"}}\n"
                                + "\n"
                                + " {\"Item\": {\"pk\": {\"S\": \"b\"}, \"sk\": {\"N\": \"2\"}}}\n");

        assertEquals(
                Map.of(1, item("pk", s("a"), "sk", n("1")), 3, item("pk", s("b"), "sk", n("2"))),
                parsed.items());
        assertEquals(Map.of(), parsed.problems());
    }

    @Test
    void plainJsonGetsSetsBinaryAndNumbersFromTheMapping() throws IOException {
        ColumnMapping mapping =
                ColumnMapping.parse(
                        List.of("tags:SS", "scores:NS", "blob:B", "blobs:BS", "id=code:S"));

        Parsed parsed =
                parse(
                        TransferFormat.JSON,
                        mapping,
                        "{\"pk\": \"a\", \"sk\": \"12345678901234567890123456789012345678\","
                                + " \"tags\": [\"x\", \"y\"], \"scores\": [1, \"2.50\"], \"blob\": \"AAE=\","
                                + " \"blobs\": [\"AA==\", \"AQ==\"], \"id\": 7}\n");

        assertEquals(Map.of(), parsed.problems());
        assertEquals(
                item(
                        "pk", s("a"),
                        "sk", n("12345678901234567890123456789012345678"),
                        "tags", ss("x", "y"),
                        "scores", ns("1", "2.5"),
                        "blob", b(new byte[] {0, 1}),
                        "blobs", bs(new byte[] {0}, new byte[] {1}),
                        "code", s("7")),
                parsed.items().get(1));
    }

    @Test
    void everyBadLineIsReportedWithItsNumberAndTheOthersStillParse() throws IOException {
        String longKey = "k".repeat(3000);
        Parsed parsed =
                parse(
                        TransferFormat.JSON,
                        ColumnMapping.none(),
                        String.join(
                                "\n",
                                "{\"pk\": \"a\", \"sk\": 1}",
                                "{\"pk\": \"b\", \"sk\": ",
                                "{\"pk\": \"c\"}",
                                "{\"pk\": \"" + longKey + "\", \"sk\": 4}",
                                "{\"pk\": \"e\", \"sk\": \"five\"}",
                                "{\"pk\": \"f\", \"sk\": 6}"));

        assertEquals(List.of(1, 6), new ArrayList<>(parsed.items().keySet()));
        assertEquals(List.of(2, 3, 4, 5), new ArrayList<>(parsed.problems().keySet()));
        assertEquals("sk: the sort key is missing", parsed.problems().get(3));
        assertTrue(
                parsed.problems().get(4).contains("3000 bytes, over DynamoDB's limit of 2048"),
                parsed.problems().get(4));
        assertTrue(
                parsed.problems().get(5).startsWith("attribute 'sk': "), parsed.problems().get(5));
    }

    @Test
    void csvCellsTakeTheirColumnTypesAndAnEmptyStringDiffersFromAbsence() throws IOException {
        List<Item> items =
                List.of(
                        item(
                                "pk", s("=HYPERLINK(\"x\")"),
                                "sk", n("-12345678901234567890123456789012345678"),
                                "note", s(""),
                                "tags", ss("a", "b"),
                                "blob", b(new byte[] {1, 2, 3}),
                                "price", n("9.99")),
                        item(
                                "pk",
                                s("'already quoted"),
                                "sk",
                                n("2"),
                                "doc",
                                ItemJson.DYNAMODB.readValue(
                                        "{\"M\": {\"nested\": {\"L\": [{\"S\": \"\"}, {\"NULL\": true}]}}}")));
        String csv = ItemCsv.write(items, KEYS);

        Parsed parsed = parse(TransferFormat.CSV, ColumnMapping.parse(List.of("price:N")), csv);

        assertEquals(Map.of(), parsed.problems());
        assertEquals(items, new ArrayList<>(parsed.items().values()));
    }

    /**
     * The 10,000 items that DynamoDB JSON carries exactly (GeneratedItems: 38-digit numbers, sets,
     * binary, nested maps, empty strings, NULL), each also holding one of the strings that look
     * like DynamoDB JSON, and a column of mixed types: exported to CSV and read back without a
     * mapping, every item is as it was (issue 19 #2).
     */
    @Test
    void aCsvExportOfTenThousandTrickyItemsReadsBackExactlyWithoutAMapping() throws IOException {
        List<String> lookalikes =
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
                        "true",
                        "12.50");
        List<Item> items = new ArrayList<>();
        for (Item generated : GeneratedItems.items(10_000)) {
            int i = items.size();
            String lookalike = lookalikes.get(i % lookalikes.size());
            items.add(
                    generated
                            .with("lookalike", s(lookalike))
                            .with(
                                    "mixed",
                                    i % 3 == 0
                                            ? s(lookalike)
                                            : i % 3 == 1
                                                    ? ItemJson.DYNAMODB.readValue(
                                                            lookalike.startsWith("{")
                                                                    ? lookalike
                                                                    : "{\"S\":\""
                                                                            + lookalike
                                                                            + "\"}")
                                                    : n(i)));
        }
        String csv = ItemCsv.write(items, KEYS);

        Parsed parsed = parse(TransferFormat.CSV, ColumnMapping.none(), csv);

        assertEquals(Map.of(), parsed.problems());
        List<Item> back = new ArrayList<>(parsed.items().values());
        assertEquals(items, back);
        for (int i = 0; i < items.size(); i++) {
            assertEquals(
                    ItemJson.DYNAMODB.write(items.get(i).get("n38").orElseThrow()),
                    ItemJson.DYNAMODB.write(back.get(i).get("n38").orElseThrow()),
                    "a number keeps its text");
        }
    }

    @Test
    void aCsvMappingRenamesSkipsAndRefusesWhatDoesNotFit() throws IOException {
        Parsed parsed =
                parse(
                        TransferFormat.CSV,
                        ColumnMapping.parse(List.of("id=pk", "n=sk", "junk=-", "when:N")),
                        "id,n,junk,when\r\n"
                                + "a,1,x,1700000000\r\n"
                                + "b,2,y,soon\r\n"
                                + "c,3\r\n"
                                + "\"d\",4,,\r\n");

        assertEquals(
                Map.of(
                        2, item("pk", s("a"), "sk", n("1"), "when", n("1700000000")),
                        5, item("pk", s("d"), "sk", n("4"))),
                parsed.items());
        assertTrue(
                parsed.problems().get(3).startsWith("column 'when': "), parsed.problems().get(3));
        assertEquals("2 fields, but the header has 4 columns", parsed.problems().get(4));
    }

    @Test
    void aMappedColumnTheHeaderLacksStopsAtTheHeader() throws IOException {
        Parsed parsed =
                parse(TransferFormat.CSV, ColumnMapping.parse(List.of("prize:N")), "pk,sk\na,1\n");

        assertEquals(Map.of(), parsed.items());
        assertTrue(
                parsed.problems().get(1).contains("the mapping names column 'prize'"),
                parsed.problems().get(1));
    }

    @Test
    void bytesThatAreNotUtf8StopTheReadingWithTheLineAndByteOffset() throws IOException {
        byte[] good = "{\"pk\": \"a\", \"sk\": 1}\n{\"pk\": \"".getBytes(StandardCharsets.UTF_8);
        byte[] input = new byte[good.length + 12];
        System.arraycopy(good, 0, input, 0, good.length);
        input[good.length] = (byte) 0xC3;
        input[good.length + 1] = (byte) 0x28;
        System.arraycopy(
                "\", \"sk\": 2}".getBytes(StandardCharsets.UTF_8), 0, input, good.length + 2, 10);
        Map<Integer, String> problems = new LinkedHashMap<>();
        List<Integer> lines = new ArrayList<>();

        new ImportParser(TransferFormat.JSON, ColumnMapping.none(), KEYS, KEY_TYPES)
                .read(
                        new Utf8Input(new ByteArrayInputStream(input)),
                        new ImportParser.Sink() {
                            @Override
                            public boolean item(int line, Item item) {
                                lines.add(line);
                                return true;
                            }

                            @Override
                            public boolean problem(int line, String message) {
                                problems.put(line, message);
                                return true;
                            }
                        });

        assertEquals(List.of(1), lines);
        assertEquals(
                Map.of(2, "invalid UTF-8 at byte 9 of the line (0xC3); the rest was not read"),
                problems);
    }

    @Test
    void mappingRulesAreReadAsTyped() {
        ColumnMapping mapping = ColumnMapping.parse(List.of("a", "b:N", "c=d", "e=f:SS", "g=-"));

        assertEquals("a=a,b=b:N,c=d,e=f:SS,g=-", mapping.toString());
        IllegalArgumentException twice =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> ColumnMapping.parse(List.of("a:N", "a=b")));
        IllegalArgumentException badType =
                assertThrows(
                        IllegalArgumentException.class, () -> ColumnMapping.parse(List.of("a:X")));
        assertEquals("column 'a' is mapped twice", twice.getMessage());
        assertTrue(badType.getMessage().startsWith("mapping 'a:X': unknown DynamoDB type"));
    }
}

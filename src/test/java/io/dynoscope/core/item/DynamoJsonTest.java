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
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DynamoJsonTest {

    private static final String ALL_TYPES =
            """
            {"pk":{"S":"WS#acme"},"n":{"N":"12.5"},"b":{"B":"aGVsbG8="},"ok":{"BOOL":true},\
            "x":{"NULL":true},"m":{"M":{"id":{"S":"U#12"},"name":{"S":"Mara Vance"}}},\
            "l":{"L":[{"S":"a"},{"N":"1"}]},"ss":{"SS":["a","b"]},"ns":{"NS":["1","2"]},"bs":{"BS":["AQI="]}}""";

    private static Item allTypesItem() {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        attributes.put("pk", s("WS#acme"));
        attributes.put("n", n("12.5"));
        attributes.put("b", b("hello".getBytes(StandardCharsets.UTF_8)));
        attributes.put("ok", bool(true));
        attributes.put("x", nul());
        Map<String, AttributeValue> author = new LinkedHashMap<>();
        author.put("id", s("U#12"));
        author.put("name", s("Mara Vance"));
        attributes.put("m", m(author));
        attributes.put("l", l(s("a"), n("1")));
        attributes.put("ss", ss("a", "b"));
        attributes.put("ns", ns("1", "2"));
        attributes.put("bs", bs(new byte[] {1, 2}));
        return Item.of(attributes);
    }

    // ---- reading ---------------------------------------------------------------------------

    @Test
    void readsAllTenTypes() {
        assertEquals(allTypesItem(), ItemJson.DYNAMODB.readItem(ALL_TYPES));
    }

    @Test
    void readsFromAReader() {
        assertEquals(allTypesItem(), ItemJson.DYNAMODB.readItem(new StringReader(ALL_TYPES)));
    }

    @Test
    void keepsAttributeOrder() {
        Item item =
                ItemJson.DYNAMODB.readItem(
                        "{\"z\":{\"S\":\"1\"},\"a\":{\"S\":\"2\"},\"m\":{\"S\":\"3\"}}");
        assertEquals(List.of("z", "a", "m"), List.copyOf(item.attributes().keySet()));
    }

    @Test
    void keepsNumberTextExactly() {
        Item item =
                ItemJson.DYNAMODB.readItem(
                        """
                {"big":{"N":"12345678901234567890123456789012345678"},"tiny":{"N":"1E-130"},\
                "huge":{"N":"-9.9999999999999999999999999999999999999E+125"},"padded":{"N":"12.50"}}""");

        assertEquals(
                "12345678901234567890123456789012345678",
                ((AttributeValue.Num) item.attributes().get("big")).text());
        assertEquals("1E-130", ((AttributeValue.Num) item.attributes().get("tiny")).text());
        assertEquals(
                "-9.9999999999999999999999999999999999999E+125",
                ((AttributeValue.Num) item.attributes().get("huge")).text());
        assertEquals("12.50", ((AttributeValue.Num) item.attributes().get("padded")).text());
    }

    @Test
    void aNumberAndAStringWithTheSameTextStayDifferent() {
        AttributeValue number = ItemJson.DYNAMODB.readValue("{\"N\":\"6\"}");
        AttributeValue string = ItemJson.DYNAMODB.readValue("{\"S\":\"6\"}");

        assertInstanceOf(AttributeValue.Num.class, number);
        assertInstanceOf(AttributeValue.Str.class, string);
        assertNotEquals(number, string);
        assertEquals("{\"N\":\"6\"}", ItemJson.DYNAMODB.write(number));
        assertEquals("{\"S\":\"6\"}", ItemJson.DYNAMODB.write(string));
    }

    @Test
    void readsEmptyStringsEmptyBinaryAndEmptyCollections() {
        Item item =
                ItemJson.DYNAMODB.readItem(
                        "{\"s\":{\"S\":\"\"},\"b\":{\"B\":\"\"},\"m\":{\"M\":{}},\"l\":{\"L\":[]}}");

        assertEquals(s(""), item.attributes().get("s"));
        assertEquals(b(new byte[0]), item.attributes().get("b"));
        assertEquals(m(Map.of()), item.attributes().get("m"));
        assertEquals(l(), item.attributes().get("l"));
    }

    @Test
    void readsAnEmptyItem() {
        assertEquals(Item.of(Map.of()), ItemJson.DYNAMODB.readItem(" { } "));
    }

    @Test
    void readsDeeplyNestedValues() {
        AttributeValue value =
                ItemJson.DYNAMODB.readValue(
                        "{\"L\":[{\"M\":{\"a\":{\"L\":[{\"M\":{\"b\":{\"NULL\":true}}}]}}}]}");
        assertEquals(l(m(Map.of("a", l(m(Map.of("b", nul())))))), value);
    }

    @Test
    void readsUnicodeAndEscapes() {
        Item item =
                ItemJson.DYNAMODB.readItem("{\"n\\u00e4me\":{\"S\":\"Zoë \\\"quoted\\\" 😀\\n\"}}");
        assertEquals(s("Zoë \"quoted\" 😀\n"), item.attributes().get("näme"));
    }

    // ---- writing ---------------------------------------------------------------------------

    @Test
    void writesCompactDynamoDbJson() {
        assertEquals(ALL_TYPES, ItemJson.DYNAMODB.write(allTypesItem()));
    }

    @Test
    void writesPrettyDynamoDbJsonThatReadsBack() {
        Item item = Item.of(Map.of("pk", s("WS#acme")));
        String pretty = ItemJson.DYNAMODB.writePretty(item);

        assertEquals("{\n  \"pk\": {\n    \"S\": \"WS#acme\"\n  }\n}", pretty);
        assertEquals(
                allTypesItem(),
                ItemJson.DYNAMODB.readItem(ItemJson.DYNAMODB.writePretty(allTypesItem())));
    }

    @Test
    void writesNumberTextAsGiven() {
        assertEquals("{\"N\":\"0012.50\"}", ItemJson.DYNAMODB.write(n("0012.50")));
    }

    @Test
    void writesToAWriter() throws Exception {
        StringWriter out = new StringWriter();
        ItemJson.DYNAMODB.write(allTypesItem(), out, false);
        assertEquals(ALL_TYPES, out.toString());
    }

    // ---- strict reading: where it went wrong -----------------------------------------------

    private static ItemFormatException rejected(String json) {
        return assertThrows(ItemFormatException.class, () -> ItemJson.DYNAMODB.readItem(json));
    }

    @Test
    void unknownTypeDescriptorIsReportedAtItsAttribute() {
        ItemFormatException e = rejected("{\"pk\":{\"S\":\"a\"},\n \"x\":{\"STR\":\"b\"}}");

        assertEquals("x", e.path());
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("'STR'"), e.getMessage());
        assertTrue(e.getMessage().startsWith("line 2, column "), e.getMessage());
        assertTrue(e.getMessage().contains("at x:"), e.getMessage());
    }

    @Test
    void twoDescriptorsInOneValueAreRejected() {
        ItemFormatException e =
                rejected("{\"author\":{\"M\":{\"name\":{\"S\":\"Mara\",\"N\":\"1\"}}}}");

        assertEquals("author.name", e.path());
        assertTrue(e.reason().contains("exactly one type descriptor, found S and N"), e.reason());
    }

    @Test
    void emptyTypedValueIsRejected() {
        ItemFormatException e = rejected("{\"a\":{}}");
        assertEquals("a", e.path());
        assertTrue(e.reason().contains("empty object"), e.reason());
    }

    @Test
    void untypedValueIsRejected() {
        ItemFormatException e = rejected("{\"a\":\"plain\"}");
        assertEquals("a", e.path());
        assertTrue(e.reason().contains("expected a typed value"), e.reason());
        assertEquals(1, e.line());
        assertEquals(6, e.column());
    }

    @Test
    void wrongJsonTypesAreRejected() {
        assertEquals(
                "the value of S must be a string, found a number",
                rejected("{\"a\":{\"S\":5}}").reason());
        assertEquals(
                "the value of N must be a string, found a number",
                rejected("{\"a\":{\"N\":5}}").reason());
        assertEquals(
                "the value of BOOL must be true or false, found a string",
                rejected("{\"a\":{\"BOOL\":\"true\"}}").reason());
        assertEquals(
                "the value of NULL must be true, found false",
                rejected("{\"a\":{\"NULL\":false}}").reason());
        assertEquals(
                "the value of M must be an object, found an array",
                rejected("{\"a\":{\"M\":[]}}").reason());
        assertEquals(
                "the value of L must be an array, found an object",
                rejected("{\"a\":{\"L\":{}}}").reason());
        assertEquals(
                "the value of SS must be an array of strings, found a string",
                rejected("{\"a\":{\"SS\":\"x\"}}").reason());
    }

    @Test
    void nonStringSetMemberIsReportedAtItsIndex() {
        ItemFormatException e = rejected("{\"ns\":{\"NS\":[\"1\",2]}}");
        assertEquals("ns[1]", e.path());
        assertTrue(e.reason().contains("found a number"), e.reason());
    }

    @Test
    void badBase64IsRejected() {
        ItemFormatException e = rejected("{\"blob\":{\"B\":\"not base64!\"}}");
        assertEquals("blob", e.path());
        assertTrue(e.reason().contains("not valid base64"), e.reason());

        assertEquals("bs[1]", rejected("{\"bs\":{\"BS\":[\"AQI=\",\"%%%\"]}}").path());
    }

    @Test
    void emptySetsAreRejected() {
        for (String type : List.of("SS", "NS", "BS")) {
            ItemFormatException e = rejected("{\"tags\":{\"" + type + "\":[]}}");
            assertEquals("tags", e.path());
            assertTrue(e.reason().contains("cannot be empty"), e.reason());
        }
    }

    @Test
    void duplicateSetMembersAreReportedAtTheDuplicate() {
        ItemFormatException strings = rejected("{\"tags\":{\"SS\":[\"a\",\"b\",\"a\"]}}");
        assertEquals("tags[2]", strings.path());
        assertTrue(strings.reason().contains("duplicate member \"a\""), strings.reason());

        ItemFormatException numbers = rejected("{\"tags\":{\"NS\":[\"6\",\"6.0\"]}}");
        assertEquals("tags[1]", numbers.path());

        ItemFormatException binaries = rejected("{\"tags\":{\"BS\":[\"AQI=\",\"AQI=\"]}}");
        assertEquals("tags[1]", binaries.path());
    }

    @Test
    void badNumbersAreReportedWithTheReason() {
        ItemFormatException tooLong =
                rejected("{\"n\":{\"N\":\"123456789012345678901234567890123456789\"}}");
        assertEquals("n", tooLong.path());
        assertTrue(tooLong.reason().contains("39 significant digits"), tooLong.reason());

        assertTrue(rejected("{\"n\":{\"N\":\"1E-131\"}}").reason().contains("1E-130"));
        assertTrue(rejected("{\"n\":{\"N\":\"1E+126\"}}").reason().contains("larger in magnitude"));
        assertTrue(rejected("{\"n\":{\"N\":\"twelve\"}}").reason().contains("not a number"));
        assertEquals("ns[0]", rejected("{\"ns\":{\"NS\":[\"x\"]}}").path());
    }

    @Test
    void valuesNestedDeeperThan32LevelsAreRejectedWithAShortMessage() {
        assertEquals(
                32,
                depthOf(
                        ItemJson.DYNAMODB
                                .readItem("{\"d\":" + typedMaps(32) + "}")
                                .get("d")
                                .orElseThrow()));
        for (int levels : List.of(33, 1_000)) {
            ItemFormatException e = rejected("{\"d\":" + typedMaps(levels) + "}");

            assertEquals(
                    "values are nested more than 32 levels deep; DynamoDB allows at most 32",
                    e.reason());
            assertTrue(e.getMessage().length() < 200, e.getMessage());
        }
    }

    @Test
    void aNumberOf400000DigitsIsRejectedFastAndQuotedShort() {
        String digits = "1".repeat(400_000);
        long started = System.nanoTime();

        ItemFormatException e = rejected("{\"n\":{\"N\":\"" + digits + "\"}}");

        long millis = (System.nanoTime() - started) / 1_000_000;
        assertTrue(millis < 2_000, millis + " ms");
        assertEquals(
                "'11111111111111111111111111111111... (400000 characters)' is too long for a number; "
                        + "DynamoDB keeps at most 38 significant digits",
                e.reason());
        assertTrue(e.getMessage().length() < 200, e.getMessage());
    }

    private static String typedMaps(int levels) {
        return "{\"M\":{\"a\":".repeat(levels) + "{\"S\":\"x\"}" + "}}".repeat(levels);
    }

    static int depthOf(AttributeValue value) {
        return value instanceof AttributeValue.MapValue map
                ? 1
                        + map.entries().values().stream()
                                .mapToInt(DynamoJsonTest::depthOf)
                                .max()
                                .orElse(0)
                : 0;
    }

    @Test
    void errorsDeepInsideListsAndMapsNameTheFullPath() {
        ItemFormatException e =
                rejected(
                        """
                {"pk":{"S":"POST#9f3"},
                 "comments":{"L":[
                   {"M":{"by":{"S":"U#1"}}},
                   {"M":{"by":{"S":"U#2"},"likes":{"N":"lots"}}}
                 ]}}""");

        assertEquals("comments[1].likes", e.path());
        assertEquals(4, e.line());
        assertTrue(e.getMessage().startsWith("line 4, column "), e.getMessage());
    }

    @Test
    void duplicateAttributeNamesAreRejected() {
        ItemFormatException e = rejected("{\"a\":{\"S\":\"1\"},\"a\":{\"S\":\"2\"}}");
        assertEquals("a", e.path());
        assertTrue(e.reason().contains("appears twice"), e.reason());

        assertEquals(
                "m.k",
                rejected("{\"m\":{\"M\":{\"k\":{\"S\":\"1\"},\"k\":{\"S\":\"2\"}}}}").path());
    }

    @Test
    void malformedJsonIsReportedWithLineColumnAndPath() {
        ItemFormatException e =
                rejected(
                        "{\"author\":{\"M\":{\n\"name\":{\"S\":\"Mara\"}\n\"id\":{\"S\":\"U#12\"}}}}");

        assertEquals(3, e.line());
        assertEquals("author", e.path());
        assertTrue(e.reason().startsWith("malformed JSON"), e.reason());
    }

    @Test
    void truncatedInputIsRejected() {
        ItemFormatException e = rejected("{\"pk\":{\"S\":\"WS#acme\"}");
        assertTrue(e.reason().startsWith("malformed JSON"), e.reason());
    }

    @Test
    void itemMustBeAnObject() {
        ItemFormatException e = rejected("[{\"S\":\"a\"}]");
        assertEquals("", e.path());
        assertTrue(e.reason().contains("found an array"), e.reason());
    }

    @Test
    void contentAfterTheItemIsRejected() {
        ItemFormatException e = rejected("{\"a\":{\"S\":\"1\"}} {\"b\":{\"S\":\"2\"}}");
        assertEquals(1, e.line());
        assertEquals(17, e.column());
        assertTrue(e.reason().contains("after the item"), e.reason());
    }

    @Test
    void singleValueErrorsHaveNoPath() {
        ItemFormatException e =
                assertThrows(
                        ItemFormatException.class, () -> ItemJson.DYNAMODB.readValue("{\"X\":1}"));
        assertEquals("", e.path());
        assertEquals("line 1, column 2: " + e.reason(), e.getMessage());
    }
}

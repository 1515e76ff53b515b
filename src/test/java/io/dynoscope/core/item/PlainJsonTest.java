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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PlainJsonTest {

    @Test
    void readsEachJsonTypeAsItsDynamoDbType() {
        Item item =
                ItemJson.PLAIN.readItem(
                        """
                {"name":"Acme","seats":12,"price":12.50,"active":true,"closed":false,"note":null,
                 "author":{"id":"U#12","name":"Mara Vance"},"tags":["a",1,[]]}""");

        Map<String, AttributeValue> expected = new LinkedHashMap<>();
        expected.put("name", s("Acme"));
        expected.put("seats", n("12"));
        expected.put("price", n("12.50"));
        expected.put("active", bool(true));
        expected.put("closed", bool(false));
        expected.put("note", nul());
        Map<String, AttributeValue> author = new LinkedHashMap<>();
        author.put("id", s("U#12"));
        author.put("name", s("Mara Vance"));
        expected.put("author", m(author));
        expected.put("tags", l(s("a"), n("1"), l()));
        assertEquals(Item.of(expected), item);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "12345678901234567890123456789012345678",
                "1E-130",
                "1e-130",
                "-9.9999999999999999999999999999999999999E+125",
                "0.1",
                "12.50",
                "-0",
                "1.0E+3"
            })
    void numbersKeepTheirExactText(String text) {
        AttributeValue value = ItemJson.PLAIN.readValue(text);

        assertEquals(text, ((AttributeValue.Num) value).text());
        assertEquals(text, ItemJson.PLAIN.write(value));
    }

    @Test
    void numberWithMoreDigitsThanADoubleHoldsIsNotRounded() {
        AttributeValue value = ItemJson.PLAIN.readValue("0.30000000000000000000000000000000000001");
        assertEquals(n("0.30000000000000000000000000000000000001"), value);
    }

    @Test
    void numbersDynamoDbCannotHoldAreRejectedAtTheirPath() {
        ItemFormatException e =
                assertThrows(
                        ItemFormatException.class,
                        () ->
                                ItemJson.PLAIN.readItem(
                                        "{\"order\":{\"lines\":[1,\n 123456789012345678901234567890123456789]}}"));

        assertEquals("order.lines[1]", e.path());
        assertEquals(2, e.line());
        assertEquals(2, e.column());
        assertTrue(e.reason().contains("39 significant digits"), e.reason());

        assertTrue(
                assertThrows(ItemFormatException.class, () -> ItemJson.PLAIN.readValue("1E+126"))
                        .reason()
                        .contains("larger in magnitude"));
    }

    @Test
    void valuesNestedDeeperThan32LevelsAreRejectedWithAShortMessage() {
        assertEquals(
                32,
                DynamoJsonTest.depthOf(
                        ItemJson.PLAIN
                                .readItem("{\"d\":" + maps(32) + "}")
                                .get("d")
                                .orElseThrow()));
        for (int levels : List.of(33, 1_000)) {
            ItemFormatException e =
                    assertThrows(
                            ItemFormatException.class,
                            () -> ItemJson.PLAIN.readItem("{\"d\":" + maps(levels) + "}"));

            assertEquals(
                    "values are nested more than 32 levels deep; DynamoDB allows at most 32",
                    e.reason());
            assertTrue(e.getMessage().length() < 200, e.getMessage());
        }
        ItemFormatException lists =
                assertThrows(
                        ItemFormatException.class,
                        () ->
                                ItemJson.PLAIN.readItem(
                                        "{\"l\":" + "[".repeat(40) + "]".repeat(40) + "}"));
        assertTrue(lists.reason().startsWith("values are nested more than 32"), lists.reason());
    }

    @Test
    void aNumberOf400000DigitsIsRejectedFastAndShort() {
        long started = System.nanoTime();

        ItemFormatException e =
                assertThrows(
                        ItemFormatException.class,
                        () -> ItemJson.PLAIN.readItem("{\"n\":" + "1".repeat(400_000) + "}"));

        assertTrue((System.nanoTime() - started) / 1_000_000 < 2_000);
        assertTrue(e.getMessage().length() < 300, e.getMessage());
    }

    private static String maps(int levels) {
        return "{\"a\":".repeat(levels) + "\"x\"" + "}".repeat(levels);
    }

    @Test
    void malformedJsonIsReportedWithLineAndPath() {
        ItemFormatException e =
                assertThrows(
                        ItemFormatException.class,
                        () -> ItemJson.PLAIN.readItem("{\"a\":{\"b\":[1,2,}}"));
        assertEquals(1, e.line());
        assertEquals("a.b", e.path());
        assertTrue(e.reason().startsWith("malformed JSON"), e.reason());
    }

    @Test
    void itemMustBeAnObject() {
        ItemFormatException e =
                assertThrows(ItemFormatException.class, () -> ItemJson.PLAIN.readItem("[1]"));
        assertTrue(e.reason().contains("found an array"), e.reason());
    }

    @Test
    void duplicateNamesAreRejected() {
        ItemFormatException e =
                assertThrows(
                        ItemFormatException.class,
                        () -> ItemJson.PLAIN.readItem("{\"a\":1,\"b\":{\"c\":1,\"c\":2}}"));
        assertEquals("b.c", e.path());
    }

    @Test
    void trailingContentIsRejected() {
        assertThrows(ItemFormatException.class, () -> ItemJson.PLAIN.readItem("{} []"));
        assertThrows(ItemFormatException.class, () -> ItemJson.PLAIN.readValue("1 2"));
    }

    @Test
    void readsFromAReader() {
        assertEquals(
                Item.of(Map.of("a", s("b"))),
                ItemJson.PLAIN.readItem(new StringReader("{\"a\":\"b\"}")));
    }

    @Test
    void writesScalarsMapsAndLists() {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        attributes.put("s", s("x\"y"));
        attributes.put("n", n("12.50"));
        attributes.put("t", bool(true));
        attributes.put("z", nul());
        attributes.put("m", m(Map.of("k", l(n("1"), s("")))));

        assertEquals(
                "{\"s\":\"x\\\"y\",\"n\":12.50,\"t\":true,\"z\":null,\"m\":{\"k\":[1,\"\"]}}",
                ItemJson.PLAIN.write(Item.of(attributes)));
    }

    @Test
    void writesPretty() {
        assertEquals(
                "{\n  \"a\": [\n    1\n  ]\n}",
                ItemJson.PLAIN.writePretty(Item.of(Map.of("a", l(n("1"))))));
    }

    @Test
    void setsAndBinaryBecomeArraysAndBase64AndComeBackAsListsAndStrings() {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        attributes.put("ss", ss("a", "b"));
        attributes.put("ns", ns("1", "2.5"));
        attributes.put("bs", bs(new byte[] {1, 2}));
        attributes.put("b", b(new byte[] {(byte) 0xff}));

        String json = ItemJson.PLAIN.write(Item.of(attributes));
        assertEquals(
                "{\"ss\":[\"a\",\"b\"],\"ns\":[1,2.5],\"bs\":[\"AQI=\"],\"b\":\"/w==\"}", json);

        Item back = ItemJson.PLAIN.readItem(json);
        assertEquals(l(s("a"), s("b")), back.attributes().get("ss"));
        assertEquals(l(n("1"), n("2.5")), back.attributes().get("ns"));
        assertEquals(s("/w=="), back.attributes().get("b"));
    }

    @Test
    void numberTextThatJsonDoesNotAllowIsWrittenAsTheSameValueInJsonSyntax() {
        assertEquals("12.50", ItemJson.PLAIN.write(n("0012.50")));
        assertEquals("5", ItemJson.PLAIN.write(n("+5")));
        assertEquals("0.5", ItemJson.PLAIN.write(n(".5")));
        assertEquals("1E-130", ItemJson.PLAIN.write(n("+1E-130")));
    }

    @Test
    void aStringThatLooksLikeANumberStaysAString() {
        assertEquals("\"6\"", ItemJson.PLAIN.write(s("6")));
        assertEquals(s("6"), ItemJson.PLAIN.readValue("\"6\""));
        assertEquals(n("6"), ItemJson.PLAIN.readValue("6"));
    }
}

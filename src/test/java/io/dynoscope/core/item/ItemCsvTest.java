package io.dynoscope.core.item;

import static io.dynoscope.core.item.AttributeValue.b;
import static io.dynoscope.core.item.AttributeValue.bool;
import static io.dynoscope.core.item.AttributeValue.l;
import static io.dynoscope.core.item.AttributeValue.m;
import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.ns;
import static io.dynoscope.core.item.AttributeValue.nul;
import static io.dynoscope.core.item.AttributeValue.s;
import static io.dynoscope.core.item.AttributeValue.ss;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ItemCsvTest {

    private static final KeySchema SCHEMA = KeySchema.of("EntityRef", "Detail");

    private static Item item(Object... namesAndValues) {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            attributes.put((String) namesAndValues[i], (AttributeValue) namesAndValues[i + 1]);
        }
        return Item.of(attributes);
    }

    @Test
    void headerPutsKeyAttributesFirstThenOthersInFirstSeenOrder() {
        List<Item> items =
                List.of(
                        item(
                                "name",
                                s("Acme"),
                                "Detail",
                                s("META"),
                                "EntityRef",
                                s("WS#acme"),
                                "plan",
                                s("pro")),
                        item(
                                "EntityRef",
                                s("WS#acme"),
                                "Detail",
                                s("PROJ#1"),
                                "status",
                                s("ACTIVE"),
                                "name",
                                s("x")));

        assertEquals(
                List.of("EntityRef", "Detail", "name", "plan", "status"),
                ItemCsv.header(items, SCHEMA));
    }

    @Test
    void withoutAKeySchemaTheHeaderIsFirstSeenOrder() {
        List<Item> items = List.of(item("b", s("1"), "a", s("2")), item("c", s("3"), "a", s("4")));
        assertEquals(List.of("b", "a", "c"), ItemCsv.header(items, null));
    }

    @Test
    void partitionKeyOnlySchema() {
        List<Item> items = List.of(item("x", s("1"), "id", s("2")));
        assertEquals(List.of("id", "x"), ItemCsv.header(items, KeySchema.of("id", null)));
    }

    @Test
    void writesScalarsAsTextAndAbsentAsEmpty() {
        List<Item> items =
                List.of(
                        item(
                                "EntityRef",
                                s("WS#acme"),
                                "Detail",
                                s("META"),
                                "seats",
                                n("12.50"),
                                "active",
                                bool(true)),
                        item(
                                "EntityRef",
                                s("WS#acme"),
                                "Detail",
                                s("PROJ#1"),
                                "active",
                                bool(false)));

        assertEquals(
                "EntityRef (S),Detail (S),seats (N),active (BOOL)\r\n"
                        + "WS#acme,META,12.50,true\r\n"
                        + "WS#acme,PROJ#1,,false\r\n",
                ItemCsv.write(items, SCHEMA));
    }

    @Test
    void quotesFieldsPerRfc4180() {
        List<Item> items =
                List.of(
                        item(
                                "id",
                                s("1"),
                                "note",
                                s("a, \"b\"\nc"),
                                "cr",
                                s("x\ry"),
                                "plain",
                                s("a b")));

        assertEquals(
                "id (S),note (S),cr (S),plain (S)\r\n1,\"a, \"\"b\"\"\nc\",\"x\ry\",a b\r\n",
                ItemCsv.write(items, null));
    }

    @Test
    void quotesHeaderNamesThatNeedIt() {
        assertEquals("\"a,b (N)\"\r\n1\r\n", ItemCsv.write(List.of(item("a,b", n("1"))), null));
    }

    @Test
    void emptyStringIsAQuotedEmptyFieldAndDiffersFromAbsent() {
        List<Item> items = List.of(item("id", s("1"), "note", s("")), item("id", s("2")));
        assertEquals("id (S),note (S)\r\n1,\"\"\r\n2,\r\n", ItemCsv.write(items, null));
    }

    @Test
    void nullBinarySetsMapsAndListsAreCompactDynamoDbJson() {
        Item item =
                item(
                        "id",
                        s("1"),
                        "x",
                        nul(),
                        "b",
                        b(new byte[] {1, 2}),
                        "tags",
                        ss("a", "b"),
                        "nums",
                        ns("1"),
                        "author",
                        m(Map.of("id", s("U#12"))),
                        "list",
                        l(s("a")));

        assertEquals(
                "id (S),x (NULL),b (B),tags (SS),nums (NS),author (M),list (L)\r\n"
                        + "1,\"{\"\"NULL\"\":true}\",\"{\"\"B\"\":\"\"AQI=\"\"}\",\"{\"\"SS\"\":[\"\"a\"\",\"\"b\"\"]}\","
                        + "\"{\"\"NS\"\":[\"\"1\"\"]}\",\"{\"\"M\"\":{\"\"id\"\":{\"\"S\"\":\"\"U#12\"\"}}}\","
                        + "\"{\"\"L\"\":[{\"\"S\"\":\"\"a\"\"}]}\"\r\n",
                ItemCsv.write(List.of(item), null));
    }

    @Test
    void aColumnOfSeveralTypesHoldsEachValuesOwnDynamoDbJson() {
        assertEquals(
                "x (DynamoDB JSON)\r\n\"{\"\"S\"\":\"\"NULL\"\"}\"\r\n\"{\"\"NULL\"\":true}\"\r\n",
                ItemCsv.write(List.of(item("x", s("NULL")), item("x", nul())), null));
    }

    @Test
    void noItemsGiveTheKeyHeaderOnly() throws Exception {
        StringWriter out = new StringWriter();
        ItemCsv.write(List.of(), SCHEMA, out);
        assertEquals("EntityRef,Detail\r\n", out.toString());
    }
}

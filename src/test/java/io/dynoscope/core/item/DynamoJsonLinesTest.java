package io.dynoscope.core.item;

import static io.dynoscope.core.item.AttributeValue.m;
import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.s;
import static io.dynoscope.core.item.AttributeValue.ss;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class DynamoJsonLinesTest {

    private static final Item META =
            Item.of(Map.of("EntityRef", s("WS#acme"), "Detail", s("META")));
    private static final Item PROJECT =
            Item.of(
                    Map.of(
                            "EntityRef",
                            s("WS#acme"),
                            "Detail",
                            s("PROJ#2026-0042"),
                            "seats",
                            n("12"),
                            "tags",
                            ss("x", "y"),
                            "owner",
                            m(Map.of("id", s("U#12")))));

    @Test
    void writesOneItemObjectALine() {
        assertEquals(
                "{\"Item\":" + ItemJson.DYNAMODB.write(META) + "}", DynamoJsonLines.line(META));
        assertEquals(
                "{\"Item\":" + ItemJson.DYNAMODB.write(PROJECT) + "}",
                DynamoJsonLines.line(PROJECT));
    }

    @Test
    void readsWhatItWrote() {
        assertEquals(PROJECT, DynamoJsonLines.parseLine(DynamoJsonLines.line(PROJECT), 1));
    }

    @Test
    void readsAnS3ExportLine() {
        String export =
                "{\"Item\":{\"EntityRef\":{\"S\":\"WS#acme\"},\"Detail\":{\"S\":\"META\"}}}";
        assertEquals(META, DynamoJsonLines.parseLine(export, 1));
    }

    @Test
    void aBadValueIsReportedByItsLineColumnAndPath() {
        ItemFormatException e =
                assertThrows(
                        ItemFormatException.class,
                        () ->
                                DynamoJsonLines.parseLine(
                                        "{\"Item\":{\"EntityRef\":{\"S\":\"WS#acme\"},\"seats\":{\"N\":\"many\"}}}",
                                        3));

        assertEquals(3, e.line());
        assertEquals("seats", e.path());
        assertTrue(e.getMessage().startsWith("line 3, column 51, at seats: "), e.getMessage());
    }

    @Test
    void lineWithoutTheItemWrapperIsRejected() {
        ItemFormatException bare =
                assertThrows(
                        ItemFormatException.class,
                        () -> DynamoJsonLines.parseLine(ItemJson.DYNAMODB.write(META), 7));
        assertEquals(7, bare.line());
        assertTrue(
                bare.reason().startsWith("expected the field \"Item\", found \""), bare.reason());

        ItemFormatException extra =
                assertThrows(
                        ItemFormatException.class,
                        () -> DynamoJsonLines.parseLine("{\"Item\":{},\"Keys\":{}}", 2));
        assertTrue(extra.reason().contains("found also \"Keys\""), extra.reason());

        ItemFormatException array =
                assertThrows(ItemFormatException.class, () -> DynamoJsonLines.parseLine("[]", 1));
        assertTrue(array.reason().contains("found an array"), array.reason());
    }

    @Test
    void twoItemsOnOneLineAreRejected() {
        ItemFormatException e =
                assertThrows(
                        ItemFormatException.class,
                        () ->
                                DynamoJsonLines.parseLine(
                                        DynamoJsonLines.line(META)
                                                + " "
                                                + DynamoJsonLines.line(META),
                                        4));
        assertEquals(4, e.line());
        assertTrue(e.reason().contains("on the same line"), e.reason());
    }
}

package io.dynoscope.core.item;

import static io.dynoscope.core.item.AttributeValue.m;
import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.s;
import static io.dynoscope.core.item.AttributeValue.ss;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
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
    void writesOneItemObjectPerLine() throws Exception {
        StringWriter out = new StringWriter();
        DynamoJsonLines.writeAll(List.of(META, PROJECT), out);

        String[] lines = out.toString().split("\n", -1);
        assertEquals(3, lines.length);
        assertEquals("{\"Item\":" + ItemJson.DYNAMODB.write(META) + "}", lines[0]);
        assertEquals("{\"Item\":" + ItemJson.DYNAMODB.write(PROJECT) + "}", lines[1]);
        assertEquals("", lines[2]);
    }

    @Test
    void readsWhatItWrote() throws Exception {
        StringWriter out = new StringWriter();
        try (DynamoJsonLines.ItemWriter writer = DynamoJsonLines.writer(out)) {
            writer.write(META);
            writer.write(PROJECT);
        }
        assertEquals(
                List.of(META, PROJECT), DynamoJsonLines.readAll(new StringReader(out.toString())));
    }

    @Test
    void readsAnS3ExportLine() {
        String export =
                "{\"Item\":{\"EntityRef\":{\"S\":\"WS#acme\"},\"Detail\":{\"S\":\"META\"}}}\n";
        assertEquals(List.of(META), DynamoJsonLines.readAll(new StringReader(export)));
    }

    @Test
    void skipsBlankLinesAndAcceptsCrLf() {
        String text =
                "\r\n"
                        + DynamoJsonLines.line(META)
                        + "\r\n   \r\n\t\n"
                        + DynamoJsonLines.line(PROJECT)
                        + "\r\n\r\n";
        assertEquals(List.of(META, PROJECT), DynamoJsonLines.readAll(new StringReader(text)));
    }

    @Test
    void ignoresAByteOrderMarkAtTheStart() {
        assertEquals(
                List.of(META),
                DynamoJsonLines.readAll(new StringReader("\uFEFF" + DynamoJsonLines.line(META))));
    }

    @Test
    void readsTheLastLineWithoutALineBreak() {
        assertEquals(
                List.of(META, PROJECT),
                DynamoJsonLines.readAll(
                        new StringReader(
                                DynamoJsonLines.line(META)
                                        + "\n"
                                        + DynamoJsonLines.line(PROJECT))));
    }

    @Test
    void readerStreamsItemByItemAndKnowsItsLine() {
        String text = DynamoJsonLines.line(META) + "\n\n" + DynamoJsonLines.line(PROJECT) + "\n";
        try (DynamoJsonLines.ItemReader reader = DynamoJsonLines.reader(new StringReader(text))) {
            assertEquals(Optional.of(META), reader.read());
            assertEquals(1, reader.lineNumber());
            assertEquals(Optional.of(PROJECT), reader.read());
            assertEquals(3, reader.lineNumber());
            assertEquals(Optional.empty(), reader.read());
        }
    }

    @Test
    void streamIsLazy() {
        String text = DynamoJsonLines.line(META) + "\nthis is not json\n";
        try (Stream<Item> items = DynamoJsonLines.stream(new StringReader(text))) {
            assertEquals(List.of(META), items.limit(1).collect(Collectors.toList()));
        }
    }

    @Test
    void badLineIsReportedByItsLineNumber() {
        String text =
                DynamoJsonLines.line(META)
                        + "\n\n"
                        + "{\"Item\":{\"EntityRef\":{\"S\":\"WS#acme\"},\"seats\":{\"N\":\"many\"}}}\n";

        ItemFormatException e =
                assertThrows(
                        ItemFormatException.class,
                        () -> DynamoJsonLines.readAll(new StringReader(text)));

        assertEquals(3, e.line());
        assertEquals("seats", e.path());
        assertTrue(e.getMessage().startsWith("line 3, column 51, at seats: "), e.getMessage());
    }

    @Test
    void malformedLineIsReportedByItsLineNumber() {
        String text =
                DynamoJsonLines.line(META)
                        + "\n"
                        + DynamoJsonLines.line(META)
                        + "\n{\"Item\":{\"a\":{\"S\":\"x\"}\n";

        ItemFormatException e =
                assertThrows(
                        ItemFormatException.class,
                        () -> DynamoJsonLines.readAll(new StringReader(text)));

        assertEquals(3, e.line());
        assertTrue(e.reason().startsWith("malformed JSON"), e.reason());
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

package io.dynoscope.core.item;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import io.dynoscope.core.item.AttributeValue.ListValue;
import io.dynoscope.core.item.AttributeValue.MapValue;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one reading front end of the JSON codecs, DynamoDB JSON ({@link DynamoJson}) and plain JSON
 * ({@link PlainJson}): Jackson's streaming parser with the codecs' limits, one item or value and
 * nothing after it, objects of attributes with no name twice, DynamoDB's nesting limit, and every
 * failure as an {@link ItemFormatException} at the attribute path, line and column being read. A
 * format only says how one value is written ({@link #readValue}).
 */
abstract class JsonItemReader {

    /** A format's reader over a parser. */
    interface Format {
        JsonItemReader over(JsonParser parser);
    }

    interface Reading<T> {
        T read() throws IOException;
    }

    final JsonParser parser;
    private String where = "";
    private int depth;

    JsonItemReader(JsonParser parser) {
        this.parser = parser;
    }

    /** Reads the value whose first token is current, leaving the parser on its last token. */
    abstract AttributeValue readValue(String path) throws IOException;

    /** What an item must be, for the message when the input is not one: "a JSON object". */
    abstract String itemShape();

    /** One item from all of {@code json}; nothing but whitespace may follow it. */
    static Item item(String json, Format format) {
        try (JsonParser parser = JsonSupport.parser(json)) {
            return format.over(parser).readWholeItem();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One item from all of {@code json}, which is not closed. */
    static Item item(Reader json, Format format) {
        try (JsonParser parser = JsonSupport.parser(json)) {
            return format.over(parser).readWholeItem();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One value from all of {@code json}; nothing but whitespace may follow it. */
    static AttributeValue value(String json, Format format) {
        try (JsonParser parser = JsonSupport.parser(json)) {
            JsonItemReader reader = format.over(parser);
            AttributeValue value =
                    reader.guard(
                            () -> {
                                parser.nextToken();
                                return reader.readAt("");
                            });
            reader.expectEnd("after the value");
            return value;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Item readWholeItem() throws IOException {
        Item item =
                guard(
                        () -> {
                            parser.nextToken();
                            return readItem();
                        });
        expectEnd("after the item");
        return item;
    }

    /** Reads an item; the parser is on its START_OBJECT and is left on its END_OBJECT. */
    Item readItem() throws IOException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            throw fail(
                    "an item must be "
                            + itemShape()
                            + ", found "
                            + JsonSupport.describe(parser.currentToken()),
                    "");
        }
        return new Item(readEntries(""));
    }

    /** Runs a read, turning Jackson's syntax errors into {@link ItemFormatException}s. */
    <T> T guard(Reading<T> reading) throws IOException {
        try {
            return reading.read();
        } catch (JsonProcessingException e) {
            throw JsonSupport.malformed(e, where);
        }
    }

    void expectEnd(String context) throws IOException {
        JsonToken next = guard(parser::nextToken);
        if (next != null) {
            throw fail("unexpected " + JsonSupport.describe(next) + " " + context, "");
        }
    }

    /** Reads the fields of an object whose START_OBJECT is current, up to its END_OBJECT. */
    Map<String, AttributeValue> readEntries(String path) throws IOException {
        Map<String, AttributeValue> entries = new LinkedHashMap<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            String childPath = JsonSupport.child(path, name);
            if (entries.containsKey(name)) {
                throw fail(
                        "the name '" + JsonSupport.abbreviate(name) + "' appears twice", childPath);
            }
            parser.nextToken();
            entries.put(name, readAt(childPath));
        }
        return entries;
    }

    /**
     * Reads the value at {@code path}; while it is read, malformed JSON is reported there (a
     * failure leaves the path at the value that failed).
     */
    AttributeValue readAt(String path) throws IOException {
        String outer = where;
        where = path;
        AttributeValue value = readValue(path);
        where = outer;
        return value;
    }

    /** A map whose START_OBJECT is current, up to its END_OBJECT. */
    MapValue readMap(String path) throws IOException {
        enter(path);
        MapValue map = new MapValue(readEntries(path));
        depth--;
        return map;
    }

    /** A list whose START_ARRAY is current, up to its END_ARRAY. */
    ListValue readList(String path) throws IOException {
        enter(path);
        List<AttributeValue> elements = new ArrayList<>();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            elements.add(readAt(JsonSupport.element(path, elements.size())));
        }
        depth--;
        return new ListValue(elements);
    }

    /** One level deeper; stops at DynamoDB's limit before reading any further. */
    private void enter(String path) {
        if (++depth > ItemRules.MAX_NESTING_DEPTH) {
            throw fail(JsonSupport.tooDeep(), path);
        }
    }

    ItemFormatException fail(String reason, String path) {
        return JsonSupport.failure(reason, path, parser.currentTokenLocation());
    }
}

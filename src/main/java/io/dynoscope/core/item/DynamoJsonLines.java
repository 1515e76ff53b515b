package io.dynoscope.core.item;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * DynamoDB JSON Lines, the format of DynamoDB's export to S3: one {@code {"Item":{...}}} per line,
 * the item in {@link DynamoJson}. This class writes and reads one line; the import reads a file
 * line by line ({@link LineReader}) and the export ends each line with {@code \n}.
 */
public final class DynamoJsonLines {

    private static final String ITEM_FIELD = "Item";

    private DynamoJsonLines() {}

    /** The line for one item, without the line break. */
    public static String line(Item item) {
        return JsonSupport.writeToString(g -> writeLine(g, item), false);
    }

    /** Reads the item from one line's text, reporting problems at {@code lineNumber}. */
    public static Item parseLine(String line, int lineNumber) {
        try (JsonParser parser = JsonSupport.parser(line)) {
            DynamoJson.ValueReader reader = new DynamoJson.ValueReader(parser);
            Item item =
                    reader.guard(
                            () -> {
                                if (parser.nextToken() != JsonToken.START_OBJECT) {
                                    throw reader.fail(
                                            "expected {\"Item\": {...}}, found "
                                                    + JsonSupport.describe(parser.currentToken()),
                                            "");
                                }
                                if (parser.nextToken() != JsonToken.FIELD_NAME
                                        || !ITEM_FIELD.equals(parser.currentName())) {
                                    throw reader.fail(
                                            "expected the field \"Item\", found "
                                                    + describeField(parser),
                                            "");
                                }
                                parser.nextToken();
                                Item read = reader.readItem();
                                if (parser.nextToken() != JsonToken.END_OBJECT) {
                                    throw reader.fail(
                                            "expected only the field \"Item\", found also "
                                                    + describeField(parser),
                                            "");
                                }
                                return read;
                            });
            reader.expectEnd("after the item on the same line");
            return item;
        } catch (ItemFormatException e) {
            throw e.atLine(lineNumber);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String describeField(JsonParser parser) throws IOException {
        return parser.currentToken() == JsonToken.FIELD_NAME
                ? "\"" + parser.currentName() + "\""
                : JsonSupport.describe(parser.currentToken());
    }

    private static void writeLine(JsonGenerator g, Item item) throws IOException {
        g.writeStartObject();
        g.writeFieldName(ITEM_FIELD);
        ItemJson.DYNAMODB.writeItem(g, item);
        g.writeEndObject();
    }
}

package io.dynoscope.core.item;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.dynoscope.core.item.AttributeValue.Bin;
import io.dynoscope.core.item.AttributeValue.BinSet;
import io.dynoscope.core.item.AttributeValue.Bool;
import io.dynoscope.core.item.AttributeValue.ListValue;
import io.dynoscope.core.item.AttributeValue.MapValue;
import io.dynoscope.core.item.AttributeValue.Num;
import io.dynoscope.core.item.AttributeValue.NumSet;
import io.dynoscope.core.item.AttributeValue.Str;
import io.dynoscope.core.item.AttributeValue.StrSet;
import java.io.IOException;
import java.io.Reader;
import java.math.BigDecimal;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Plain JSON, the way people write documents by hand: {@code
 * {"name":"Acme","seats":12,"tags":["a"]}}.
 *
 * <p>Reading maps string to S, number to N, true/false to BOOL, null to NULL, object to M and array
 * to L. Numbers are taken from the token's own text, so 38-digit numbers and {@code 1E-130} keep
 * every digit; a number DynamoDB cannot hold is rejected.
 *
 * <p>Plain JSON is lossy: it has no set or binary types. Writing turns SS, NS and BS into arrays
 * (of strings, numbers and base64 strings) and B into a base64 string, and those come back as L and
 * S. {@link DynamoJson} is the lossless form; use it whenever an item must come back as it was.
 */
public final class PlainJson {

    /**
     * A number literal as JSON allows it; other texts DynamoDB accepts ({@code +5}, {@code .5}) are
     * normalised.
     */
    private static final Pattern JSON_NUMBER =
            Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");

    private PlainJson() {}

    // ---- reading ---------------------------------------------------------------------------

    /** Reads one item from a JSON object; nothing but whitespace may follow it. */
    public static Item readItem(String json) {
        return JsonItemReader.item(json, ValueReader::new);
    }

    /** Reads one item from all of {@code json}; the reader is not closed. */
    public static Item readItem(Reader json) {
        return JsonItemReader.item(json, ValueReader::new);
    }

    /** Reads any JSON value as an attribute value. */
    public static AttributeValue readValue(String json) {
        return JsonItemReader.value(json, ValueReader::new);
    }

    // ---- writing ---------------------------------------------------------------------------

    /** The item as compact plain JSON (lossy for sets and binary, see the class comment). */
    public static String write(Item item) {
        return JsonSupport.writeToString(g -> writeItem(g, item), false);
    }

    /** The item as plain JSON indented for reading (lossy for sets and binary). */
    public static String writePretty(Item item) {
        return JsonSupport.writeToString(g -> writeItem(g, item), true);
    }

    /** One value as compact plain JSON (lossy for sets and binary). */
    public static String write(AttributeValue value) {
        return JsonSupport.writeToString(g -> writeValue(g, value), false);
    }

    /** One value as plain JSON indented for reading (lossy for sets and binary). */
    public static String writePretty(AttributeValue value) {
        return JsonSupport.writeToString(g -> writeValue(g, value), true);
    }

    private static void writeItem(JsonGenerator g, Item item) throws IOException {
        g.writeStartObject();
        for (Map.Entry<String, AttributeValue> attribute : item.attributes().entrySet()) {
            g.writeFieldName(attribute.getKey());
            writeValue(g, attribute.getValue());
        }
        g.writeEndObject();
    }

    private static void writeValue(JsonGenerator g, AttributeValue value) throws IOException {
        switch (value.type()) {
            case S -> g.writeString(((Str) value).value());
            case N -> g.writeNumber(jsonNumberText((Num) value));
            case B -> g.writeString(((Bin) value).base64());
            case BOOL -> g.writeBoolean(((Bool) value).value());
            case NULL -> g.writeNull();
            case M -> writeItem(g, new Item(((MapValue) value).entries()));
            case L -> {
                g.writeStartArray();
                for (AttributeValue element : ((ListValue) value).elements()) {
                    writeValue(g, element);
                }
                g.writeEndArray();
            }
            case SS -> {
                g.writeStartArray();
                for (String member : ((StrSet) value).members()) {
                    g.writeString(member);
                }
                g.writeEndArray();
            }
            case NS -> {
                g.writeStartArray();
                for (Num member : ((NumSet) value).members()) {
                    g.writeNumber(jsonNumberText(member));
                }
                g.writeEndArray();
            }
            case BS -> {
                g.writeStartArray();
                for (Bin member : ((BinSet) value).members()) {
                    g.writeString(member.base64());
                }
                g.writeEndArray();
            }
        }
    }

    /**
     * The number's own text when JSON allows it, else the same value in JSON's syntax (never via
     * double).
     */
    private static String jsonNumberText(Num number) {
        String text = number.text();
        return JSON_NUMBER.matcher(text).matches() ? text : new BigDecimal(text.strip()).toString();
    }

    // ---- reading, strictly -----------------------------------------------------------------

    /** Reads plain JSON: a value's JSON type is its DynamoDB type. */
    private static final class ValueReader extends JsonItemReader {

        ValueReader(JsonParser parser) {
            super(parser);
        }

        @Override
        String itemShape() {
            return "a JSON object";
        }

        @Override
        AttributeValue readValue(String path) throws IOException {
            JsonToken token = parser.currentToken();
            if (token == null) {
                throw fail("expected a JSON value, found the end of the input", path);
            }
            return switch (token) {
                case VALUE_STRING -> new Str(parser.getText());
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> number(path);
                case VALUE_TRUE -> Bool.TRUE;
                case VALUE_FALSE -> Bool.FALSE;
                case VALUE_NULL -> AttributeValue.nul();
                case START_OBJECT -> readMap(path);
                case START_ARRAY -> readList(path);
                default -> throw fail("unexpected " + JsonSupport.describe(token), path);
            };
        }

        private Num number(String path) throws IOException {
            try {
                return Num.of(parser.getText());
            } catch (IllegalArgumentException e) {
                throw fail(e.getMessage(), path);
            }
        }
    }
}

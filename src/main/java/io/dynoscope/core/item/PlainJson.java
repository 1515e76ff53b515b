package io.dynoscope.core.item;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.dynoscope.core.item.AttributeValue.Bool;
import io.dynoscope.core.item.AttributeValue.Num;
import io.dynoscope.core.item.AttributeValue.Str;
import java.io.IOException;
import java.math.BigDecimal;
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
 * {@link ItemJson#PLAIN} reads and writes it.
 */
public final class PlainJson {

    /**
     * A number literal as JSON allows it; other texts DynamoDB accepts ({@code +5}, {@code .5}) are
     * normalised.
     */
    private static final Pattern JSON_NUMBER =
            Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");

    private PlainJson() {}

    /**
     * The number's own text when JSON allows it, else the same value in JSON's syntax (never via
     * double).
     */
    static String jsonNumberText(Num number) {
        String text = number.text();
        return JSON_NUMBER.matcher(text).matches() ? text : new BigDecimal(text.strip()).toString();
    }

    // ---- reading, strictly -----------------------------------------------------------------

    /** Reads plain JSON: a value's JSON type is its DynamoDB type. */
    static final class ValueReader extends JsonItemReader {

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

package io.dynoscope.core.item;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.dynoscope.core.item.AttributeValue.Bin;
import io.dynoscope.core.item.AttributeValue.BinSet;
import io.dynoscope.core.item.AttributeValue.Bool;
import io.dynoscope.core.item.AttributeValue.Null;
import io.dynoscope.core.item.AttributeValue.Num;
import io.dynoscope.core.item.AttributeValue.NumSet;
import io.dynoscope.core.item.AttributeValue.Str;
import io.dynoscope.core.item.AttributeValue.StrSet;
import io.dynoscope.core.item.AttributeValue.Type;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * DynamoDB JSON, the form of the wire protocol and of {@code aws dynamodb}: every value is an
 * object with one type descriptor, e.g. {@code
 * {"pk":{"S":"WS#acme"},"n":{"N":"12.5"},"tags":{"SS":["a"]}}}.
 *
 * <p>This is Dynoscope's lossless text form: all ten types, sets, binary (base64), empty strings,
 * NULL and the exact text of every number survive a round trip. Numbers are read from their JSON
 * string and never through {@code double}. Reading is strict and every rejection is an {@link
 * ItemFormatException} naming the attribute path, line and column. {@link ItemJson#DYNAMODB} reads
 * and writes it.
 */
public final class DynamoJson {

    private DynamoJson() {}

    /**
     * Whether an item's text is DynamoDB JSON rather than plain JSON: its partition key's value is
     * an object (plain JSON key values are scalars); without a partition key, its first value is an
     * object of one type descriptor such as {@code {"S": ...}}. Text that is not a JSON object is
     * plain JSON (whose reader says what is wrong). Read with the same limits as the readers, so a
     * 64 KB attribute name is judged like any other.
     */
    public static boolean isTypedItem(String json, String partitionKey) {
        try (JsonParser parser = JsonSupport.parser(json)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return false;
            }
            Boolean firstTyped = null;
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                JsonToken value = parser.nextToken();
                if (name.equals(partitionKey)) {
                    return value == JsonToken.START_OBJECT;
                }
                boolean typed = isTypedValue(parser);
                firstTyped = firstTyped == null ? typed : firstTyped;
            }
            return firstTyped != null && firstTyped;
        } catch (IOException malformed) {
            return false;
        }
    }

    /** Reads past the current value; whether it was an object of exactly one type descriptor. */
    private static boolean isTypedValue(JsonParser parser) throws IOException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            parser.skipChildren();
            return false;
        }
        int fields = 0;
        boolean descriptor = false;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            fields++;
            descriptor = Type.isDescriptor(parser.currentName());
            parser.nextToken();
            parser.skipChildren();
        }
        return fields == 1 && descriptor;
    }

    // ---- the strict reader -----------------------------------------------------------------

    /** Reads DynamoDB JSON: every value an object of one type descriptor. */
    static final class ValueReader extends JsonItemReader {

        ValueReader(JsonParser parser) {
            super(parser);
        }

        @Override
        String itemShape() {
            return "a JSON object of attribute names to typed values";
        }

        /** Reads a typed value; the parser is on its START_OBJECT and is left on its END_OBJECT. */
        @Override
        AttributeValue readValue(String path) throws IOException {
            JsonToken token = parser.currentToken();
            if (token != JsonToken.START_OBJECT) {
                throw fail(
                        "expected a typed value such as {\"S\": \"text\"}, found "
                                + JsonSupport.describe(token),
                        path);
            }
            if (parser.nextToken() != JsonToken.FIELD_NAME) {
                throw fail(
                        "a typed value needs one type descriptor (S, N, B, BOOL, NULL, M, L, SS, NS or BS),"
                                + " found an empty object",
                        path);
            }
            String descriptor = parser.currentName();
            Type type;
            try {
                type = Type.fromDescriptor(descriptor);
            } catch (IllegalArgumentException e) {
                throw fail(e.getMessage(), path);
            }
            parser.nextToken();
            AttributeValue value = readContent(type, path);
            if (parser.nextToken() == JsonToken.FIELD_NAME) {
                throw fail(
                        "a typed value has exactly one type descriptor, found "
                                + descriptor
                                + " and "
                                + parser.currentName(),
                        path);
            }
            return value;
        }

        private AttributeValue readContent(Type type, String path) throws IOException {
            return switch (type) {
                case S -> new Str(string(type, path));
                case N -> number(string(type, path), path);
                case B -> binary(string(type, path), path);
                case BOOL ->
                        switch (parser.currentToken()) {
                            case VALUE_TRUE -> Bool.TRUE;
                            case VALUE_FALSE -> Bool.FALSE;
                            default -> throw wrongJsonType(type, "true or false", path);
                        };
                case NULL -> {
                    if (parser.currentToken() != JsonToken.VALUE_TRUE) {
                        throw wrongJsonType(type, "true", path);
                    }
                    yield Null.INSTANCE;
                }
                case M -> {
                    expect(JsonToken.START_OBJECT, type, "an object", path);
                    yield readMap(path);
                }
                case L -> {
                    expect(JsonToken.START_ARRAY, type, "an array", path);
                    yield readList(path);
                }
                case SS -> {
                    Set<String> members = new LinkedHashSet<>();
                    readSetMembers(
                            type,
                            path,
                            (text, memberPath) -> {
                                if (!members.add(text)) {
                                    throw fail(
                                            "duplicate member \""
                                                    + text
                                                    + "\" in a string set (SS)",
                                            memberPath);
                                }
                            });
                    yield new StrSet(members);
                }
                case NS -> {
                    List<Num> members = new ArrayList<>();
                    Set<Num> seen = new HashSet<>();
                    readSetMembers(
                            type,
                            path,
                            (text, memberPath) -> {
                                Num member = number(text, memberPath);
                                if (!seen.add(member)) {
                                    throw fail(
                                            "duplicate member " + text + " in a number set (NS)",
                                            memberPath);
                                }
                                members.add(member);
                            });
                    yield new NumSet(members);
                }
                case BS -> {
                    List<Bin> members = new ArrayList<>();
                    Set<Bin> seen = new HashSet<>();
                    readSetMembers(
                            type,
                            path,
                            (text, memberPath) -> {
                                Bin member = binary(text, memberPath);
                                if (!seen.add(member)) {
                                    throw fail(
                                            "duplicate member " + text + " in a binary set (BS)",
                                            memberPath);
                                }
                                members.add(member);
                            });
                    yield new BinSet(members);
                }
            };
        }

        private interface MemberSink {
            void accept(String text, String memberPath) throws IOException;
        }

        private void readSetMembers(Type type, String path, MemberSink sink) throws IOException {
            expect(JsonToken.START_ARRAY, type, "an array of strings", path);
            int index = 0;
            while (parser.nextToken() != JsonToken.END_ARRAY) {
                String memberPath = JsonSupport.element(path, index);
                if (parser.currentToken() != JsonToken.VALUE_STRING) {
                    throw fail(
                            "a member of "
                                    + type
                                    + " must be a JSON string, found "
                                    + JsonSupport.describe(parser.currentToken()),
                            memberPath);
                }
                sink.accept(parser.getText(), memberPath);
                index++;
            }
            if (index == 0) {
                throw fail("a set (" + type + ") cannot be empty", path);
            }
        }

        private String string(Type type, String path) throws IOException {
            expect(JsonToken.VALUE_STRING, type, "a string", path);
            return parser.getText();
        }

        private Num number(String text, String path) {
            try {
                return Num.of(text);
            } catch (IllegalArgumentException e) {
                throw fail(e.getMessage(), path);
            }
        }

        private Bin binary(String text, String path) {
            try {
                return new Bin(JsonSupport.decodeBase64(text));
            } catch (IllegalArgumentException e) {
                throw fail(
                        "\""
                                + JsonSupport.abbreviate(text)
                                + "\" is not valid base64: "
                                + e.getMessage(),
                        path);
            }
        }

        private void expect(JsonToken expected, Type type, String what, String path) {
            if (parser.currentToken() != expected) {
                throw wrongJsonType(type, what, path);
            }
        }

        private ItemFormatException wrongJsonType(Type type, String what, String path) {
            return fail(
                    "the value of "
                            + type
                            + " must be "
                            + what
                            + ", found "
                            + JsonSupport.describe(parser.currentToken()),
                    path);
        }
    }
}

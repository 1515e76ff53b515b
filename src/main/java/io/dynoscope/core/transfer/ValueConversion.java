package io.dynoscope.core.transfer;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.AttributeValue.Type;
import io.dynoscope.core.item.Csv;
import io.dynoscope.core.item.DynamoJson;
import io.dynoscope.core.item.ItemFormatException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Gives an imported value the type a column mapping (or the table's key schema) asks for: the text
 * of a CSV cell, or a plain JSON value, which has no sets, binary or typed numbers of its own.
 * Numbers keep their text (38 digits, never through {@code double}); a conversion that would lose
 * anything is refused with the reason.
 */
public final class ValueConversion {

    private ValueConversion() {}

    /**
     * A plain or typed value as {@code type}: S from a number's text; N from a number or numeric
     * text; B from base64 text; BOOL from {@code true}/{@code false}; SS, NS and BS from a list (or
     * a set) of strings, numbers and base64 strings; the others only from themselves.
     *
     * @throws IllegalArgumentException saying why the value cannot have that type
     */
    public static AttributeValue convert(AttributeValue value, Type type) {
        if (value.type() == type) {
            return value;
        }
        return switch (type) {
            case S -> {
                if (value instanceof AttributeValue.Num number) {
                    yield AttributeValue.s(number.text());
                }
                throw cannot(value, type);
            }
            case N -> AttributeValue.n(text(value, type));
            case B -> AttributeValue.b(base64(text(value, type)));
            case BOOL -> bool(text(value, type));
            case SS -> {
                Set<String> members = new LinkedHashSet<>();
                for (AttributeValue member : members(value, type)) {
                    if (!members.add(text(convert(member, Type.S), type))) {
                        throw new IllegalArgumentException("a string set (SS) has duplicates");
                    }
                }
                yield new AttributeValue.StrSet(members);
            }
            case NS -> {
                List<AttributeValue.Num> members = new ArrayList<>();
                for (AttributeValue member : members(value, type)) {
                    members.add((AttributeValue.Num) convert(member, Type.N));
                }
                yield new AttributeValue.NumSet(members);
            }
            case BS -> {
                List<AttributeValue.Bin> members = new ArrayList<>();
                for (AttributeValue member : members(value, type)) {
                    members.add((AttributeValue.Bin) convert(member, Type.B));
                }
                yield new AttributeValue.BinSet(members);
            }
            case NULL, M, L -> throw cannot(value, type);
        };
    }

    /**
     * The value of one CSV cell. With a type, S takes the text as it is (less the apostrophe {@link
     * Csv#protect} adds), N, B and BOOL their text form (B also {@code {"B":"..."}}), and the
     * others their DynamoDB JSON as a CSV export writes it ({@code {"SS":["a","b"]}}). Without a
     * type a cell holding DynamoDB JSON becomes that value and any other cell a string.
     */
    public static AttributeValue cell(String text, Optional<Type> type) {
        if (type.isEmpty()) {
            return text.startsWith("{")
                    ? typedJson(text).orElseGet(() -> AttributeValue.s(Csv.unprotect(text)))
                    : AttributeValue.s(Csv.unprotect(text));
        }
        Type wanted = type.get();
        return switch (wanted) {
            case S -> AttributeValue.s(Csv.unprotect(text));
            case N -> AttributeValue.n(text);
            case BOOL -> bool(text);
            case B ->
                    text.startsWith("{")
                            ? ofType(DynamoJson.readValue(text), wanted)
                            : AttributeValue.b(base64(text));
            default -> ofType(DynamoJson.readValue(text), wanted);
        };
    }

    private static Optional<AttributeValue> typedJson(String text) {
        try {
            return Optional.of(DynamoJson.readValue(text));
        } catch (ItemFormatException notDynamoJson) {
            return Optional.empty();
        }
    }

    private static AttributeValue ofType(AttributeValue value, Type type) {
        if (value.type() != type) {
            throw new IllegalArgumentException(
                    "expected DynamoDB JSON of type " + type + ", found " + value.type());
        }
        return value;
    }

    private static List<AttributeValue> members(AttributeValue value, Type type) {
        if (value instanceof AttributeValue.ListValue list) {
            return list.elements();
        }
        if (value instanceof AttributeValue.StrSet set) {
            return set.members().stream().map(s -> (AttributeValue) AttributeValue.s(s)).toList();
        }
        if (value instanceof AttributeValue.NumSet set) {
            return List.copyOf(set.members());
        }
        if (value instanceof AttributeValue.BinSet set) {
            return List.copyOf(set.members());
        }
        throw cannot(value, type);
    }

    private static String text(AttributeValue value, Type type) {
        if (value instanceof AttributeValue.Str s) {
            return s.value();
        }
        if (value instanceof AttributeValue.Num n && type != Type.B) {
            return n.text();
        }
        throw cannot(value, type);
    }

    private static byte[] base64(String text) {
        try {
            return Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not base64 binary: " + e.getMessage(), e);
        }
    }

    private static AttributeValue bool(String text) {
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "true" -> AttributeValue.bool(true);
            case "false" -> AttributeValue.bool(false);
            default ->
                    throw new IllegalArgumentException(
                            "'" + shorten(text) + "' is not true or false");
        };
    }

    private static IllegalArgumentException cannot(AttributeValue value, Type type) {
        return new IllegalArgumentException(
                "a " + value.type() + " value cannot be read as " + type);
    }

    /** At most a few dozen characters of a value, for messages. */
    static String shorten(String text) {
        return text.length() <= 40 ? text : text.substring(0, 37) + "...";
    }
}

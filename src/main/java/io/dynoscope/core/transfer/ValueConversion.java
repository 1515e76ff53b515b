package io.dynoscope.core.transfer;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.AttributeValue.Type;
import io.dynoscope.core.item.Csv;
import io.dynoscope.core.item.ItemCsv;
import io.dynoscope.core.item.ItemFormatException;
import io.dynoscope.core.item.ItemJson;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
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
            case N, B, BOOL -> ItemCsv.value(text(value, type), type);
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
     * The value of one cell of a CSV column made by hand (its heading does not say its type): of
     * {@code type} when a mapping or the table's key schema gives one, read as {@link
     * ItemCsv#value} reads it; without one, a cell holding DynamoDB JSON becomes that value and any
     * other cell a string.
     */
    public static AttributeValue cell(String text, Optional<Type> type) {
        if (type.isPresent()) {
            return ItemCsv.value(text, type.get());
        }
        return text.startsWith("{")
                ? typedJson(text).orElseGet(() -> AttributeValue.s(Csv.unprotect(text)))
                : AttributeValue.s(Csv.unprotect(text));
    }

    private static Optional<AttributeValue> typedJson(String text) {
        try {
            return Optional.of(ItemJson.DYNAMODB.readValue(text));
        } catch (ItemFormatException notDynamoJson) {
            return Optional.empty();
        }
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

    private static IllegalArgumentException cannot(AttributeValue value, Type type) {
        return new IllegalArgumentException(
                "a " + value.type() + " value cannot be read as " + type);
    }
}

package io.dynoscope.core.item;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * CSV export of items for spreadsheets, written by {@link Csv} (RFC 4180, formulas made inert),
 * that reads back as it was: each column's heading says how its cells are written.
 *
 * <p>The columns are the key attributes first (partition key, then sort key, when a key schema is
 * given), then every other attribute name in the order first seen. A column whose values all have
 * one type is headed {@code name (TYPE)}, as the DynamoDB console's CSV does ({@code pk (S)},
 * {@code count (N)}), and its cells are:
 *
 * <ul>
 *   <li>S the text as it is ({@code ""} for the empty string, so it differs from an absent
 *       attribute, which is an empty, unquoted field); N its text; BOOL {@code true} or {@code
 *       false};
 *   <li>everything else (B, NULL, sets, M, L) the value's compact DynamoDB JSON, e.g. {@code
 *       {"NULL":true}} or {@code {"SS":["a","b"]}}.
 * </ul>
 *
 * A column whose values have several types is headed {@code name (DynamoDB JSON)} and each of its
 * cells is the value's DynamoDB JSON ({@code {"S":"1"}}, {@code {"N":"1"}}), so a string that looks
 * like a number or like DynamoDB JSON stays a string. A column without values has its bare name.
 *
 * <p>A heading without such an ending is a column of a CSV made by hand: {@link CsvRecords} reads
 * it and the import gives it its type from a mapping, or reads it as text (or as the DynamoDB JSON
 * it holds). A string or column name that a spreadsheet would run as a formula gets a leading
 * apostrophe ({@link Csv#protect}), which import removes.
 */
public final class ItemCsv {

    /** The heading's ending of a column whose cells are each a value's own DynamoDB JSON. */
    public static final String DYNAMODB_JSON = "DynamoDB JSON";

    private static final Pattern HEADING =
            Pattern.compile(
                    "(.+) \\((S|N|B|BOOL|NULL|M|L|SS|NS|BS|" + DYNAMODB_JSON + ")\\)",
                    Pattern.DOTALL);

    private ItemCsv() {}

    /**
     * One column and how its cells are written.
     *
     * @param type the type of every cell, as the heading says; empty when the cells are each a
     *     value's DynamoDB JSON, or for a plain heading
     * @param dynamoJson the cells are each a value's DynamoDB JSON ({@code name (DynamoDB JSON)})
     */
    public record Column(String attribute, Optional<AttributeValue.Type> type, boolean dynamoJson) {

        /**
         * The column a heading names: {@code name (TYPE)}, {@code name (DynamoDB JSON)}, or plain.
         */
        public static Column of(String heading) {
            Matcher typed = HEADING.matcher(heading);
            if (!typed.matches()) {
                return new Column(heading, Optional.empty(), false);
            }
            return typed.group(2).equals(DYNAMODB_JSON)
                    ? new Column(typed.group(1), Optional.empty(), true)
                    : new Column(
                            typed.group(1),
                            Optional.of(AttributeValue.Type.fromDescriptor(typed.group(2))),
                            false);
        }

        /** Whether the heading said how the cells are written (an export's), not a plain one. */
        public boolean described() {
            return dynamoJson || type.isPresent();
        }

        /** The heading as written: the name and, when described, how its cells are written. */
        public String heading() {
            if (dynamoJson) {
                return attribute + " (" + DYNAMODB_JSON + ")";
            }
            return type.map(t -> attribute + " (" + t.descriptor() + ")").orElse(attribute);
        }

        /**
         * The value of one cell of a described column, as {@link #cell} wrote it.
         *
         * @throws IllegalArgumentException or {@link ItemFormatException} saying why the text is
         *     not such a value
         */
        public AttributeValue read(String text) {
            if (dynamoJson) {
                return ItemJson.DYNAMODB.readValue(text);
            }
            return value(text, type.orElseThrow());
        }
    }

    /**
     * The column names: key attributes first, then the other attribute names in first-seen order.
     */
    public static List<String> header(List<Item> items, KeySchema keySchema) {
        Set<String> names = new LinkedHashSet<>();
        if (keySchema != null) {
            names.addAll(keySchema.attributes());
        }
        for (Item item : items) {
            names.addAll(item.attributes().keySet());
        }
        return new ArrayList<>(names);
    }

    /** The columns of {@link #header}, each described by the types its values have. */
    public static List<Column> columns(List<Item> items, KeySchema keySchema) {
        Map<String, Set<AttributeValue.Type>> types = new LinkedHashMap<>();
        for (String name : header(items, keySchema)) {
            types.put(name, EnumSet.noneOf(AttributeValue.Type.class));
        }
        for (Item item : items) {
            item.attributes().forEach((name, value) -> types.get(name).add(value.type()));
        }
        List<Column> columns = new ArrayList<>(types.size());
        types.forEach(
                (name, seen) ->
                        columns.add(
                                seen.size() == 1
                                        ? new Column(
                                                name, Optional.of(seen.iterator().next()), false)
                                        : new Column(name, Optional.empty(), seen.size() > 1)));
        return columns;
    }

    /** The items as CSV text; {@code keySchema} may be null when the keys are not known. */
    public static String write(List<Item> items, KeySchema keySchema) {
        StringWriter out = new StringWriter();
        try {
            write(items, keySchema, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /** Writes the items as CSV to {@code out}, which is flushed but not closed. */
    public static void write(List<Item> items, KeySchema keySchema, Writer out) throws IOException {
        List<Column> columns = columns(items, keySchema);
        out.write(Csv.record(columns.stream().map(c -> Csv.text(c.heading())).toList()));
        for (Item item : items) {
            refuseLoneSurrogates(item, keySchema);
        }
        for (Item item : items) {
            List<String> cells = new ArrayList<>(columns.size());
            for (Column column : columns) {
                cells.add(cell(item.attributes().get(column.attribute()), column));
            }
            out.write(Csv.record(cells));
        }
        out.flush();
    }

    /** CSV is UTF-8 text, which has no way to say a lone surrogate: refuse, naming the item. */
    private static void refuseLoneSurrogates(Item item, KeySchema keySchema) {
        String path = LoneSurrogates.pathIn(item);
        if (path != null) {
            String key =
                    keySchema == null
                            ? ItemJson.DYNAMODB.write(item)
                            : keySchema.keyOf(item).text();
            throw new ItemFormatException(
                    "item "
                            + key
                            + " holds a lone surrogate (half of a UTF-16 pair), which CSV's UTF-8"
                            + " cannot hold; nothing was written: export it as json or"
                            + " dynamodb-json, which keep it as \\uD800",
                    path,
                    0,
                    0);
        }
    }

    /**
     * The cell for one value in its column, already quoted where needed; {@code null} (absent)
     * gives an empty cell.
     */
    static String cell(AttributeValue value, Column column) {
        if (value == null) {
            return "";
        }
        if (column.dynamoJson()) {
            return Csv.plain(ItemJson.DYNAMODB.write(value));
        }
        return switch (value.type()) {
            case S -> Csv.text(((AttributeValue.Str) value).value());
            case N -> ((AttributeValue.Num) value).text();
            case BOOL -> Boolean.toString(((AttributeValue.Bool) value).value());
            default -> Csv.plain(ItemJson.DYNAMODB.write(value));
        };
    }

    /**
     * The value of a cell of type {@code type}, as {@link #cell} writes it (and as a person writes
     * it by hand): S the text (less the apostrophe {@link Csv#protect} adds), N its text, BOOL
     * {@code true} or {@code false} in any case, B base64 or {@code {"B":"..."}}, the others their
     * DynamoDB JSON.
     *
     * @throws IllegalArgumentException or {@link ItemFormatException} saying why the text is not
     *     such a value
     */
    public static AttributeValue value(String text, AttributeValue.Type type) {
        return switch (type) {
            case S -> AttributeValue.s(Csv.unprotect(text));
            case N -> AttributeValue.n(text);
            case BOOL -> bool(text);
            case B ->
                    text.startsWith("{")
                            ? ofType(ItemJson.DYNAMODB.readValue(text), type)
                            : AttributeValue.b(base64(text));
            default -> ofType(ItemJson.DYNAMODB.readValue(text), type);
        };
    }

    private static AttributeValue ofType(AttributeValue value, AttributeValue.Type type) {
        if (value.type() != type) {
            throw new IllegalArgumentException(
                    "expected DynamoDB JSON of type " + type + ", found " + value.type());
        }
        return value;
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
                            "'" + JsonSupport.abbreviate(text) + "' is not true or false");
        };
    }
}

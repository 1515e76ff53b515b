package io.dynoscope.core.item;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * CSV export of items for spreadsheets, written by {@link Csv} (RFC 4180, formulas made inert).
 *
 * <p>The header is the key attributes first (partition key, then sort key, when a key schema is
 * given), then every other attribute name in the order first seen. Cells:
 *
 * <ul>
 *   <li>S as is; an empty string is written as a quoted empty field {@code ""} so it differs from
 *       an absent attribute, which is an empty, unquoted field;
 *   <li>N as its text, BOOL as {@code true} / {@code false};
 *   <li>everything else (NULL, B, sets, M, L) as the value's compact DynamoDB JSON, e.g. {@code
 *       {"NULL":true}} or {@code {"SS":["a","b"]}}. NULL is written this way rather than as a bare
 *       marker such as {@code NULL}, which could not be told apart from the string "NULL".
 * </ul>
 *
 * A string or column name that a spreadsheet would run as a formula gets a leading apostrophe
 * ({@link Csv#protect}), which import removes again.
 *
 * <p>CSV loses the types of S, N and BOOL cells; reading it back needs a type for each column
 * ({@link CsvRecords} reads the records). {@link DynamoJsonLines} is the lossless export.
 */
public final class ItemCsv {

    private ItemCsv() {}

    /**
     * The column names: key attributes first, then the other attribute names in first-seen order.
     */
    public static List<String> header(List<Item> items, KeySchema keySchema) {
        Set<String> names = new LinkedHashSet<>();
        if (keySchema != null) {
            names.add(keySchema.partitionKey());
            keySchema.sortKey().ifPresent(names::add);
        }
        for (Item item : items) {
            names.addAll(item.attributes().keySet());
        }
        return new ArrayList<>(names);
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
        List<String> columns = header(items, keySchema);
        out.write(Csv.record(columns.stream().map(Csv::text).toList()));
        for (Item item : items) {
            List<String> cells = new ArrayList<>(columns.size());
            for (String column : columns) {
                cells.add(cell(item.attributes().get(column)));
            }
            out.write(Csv.record(cells));
        }
        out.flush();
    }

    /**
     * The cell for one value, already quoted where needed; {@code null} (absent) gives an empty
     * cell.
     */
    static String cell(AttributeValue value) {
        if (value == null) {
            return "";
        }
        return switch (value.type()) {
            case S -> Csv.text(((AttributeValue.Str) value).value());
            case N -> ((AttributeValue.Num) value).text();
            case BOOL -> Boolean.toString(((AttributeValue.Bool) value).value());
            default -> Csv.plain(DynamoJson.write(value));
        };
    }
}

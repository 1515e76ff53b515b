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
 * CSV export of items for spreadsheets, following RFC 4180: CRLF line ends, fields quoted when they
 * hold a comma, a double quote, CR or LF, quotes doubled inside.
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
 * A string or column name that a spreadsheet would run as a formula (it starts with {@code =},
 * {@code +}, {@code -}, {@code @}, a tab or a carriage return) gets a leading apostrophe, as OWASP
 * recommends against CSV injection: spreadsheets then show it as text. {@link #unprotect} removes
 * it again, and a string that already starts with apostrophes before such a character gets one
 * more, so every string comes back as it was.
 *
 * <p>CSV loses the types of S, N and BOOL cells; reading it back needs a type for each column
 * ({@link CsvRecords} reads the records). {@link DynamoJsonLines} is the lossless export.
 */
public final class ItemCsv {

    private static final String LINE_END = "\r\n";

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
        writeRow(out, columns.stream().map(name -> quote(protect(name))).toList());
        for (Item item : items) {
            List<String> cells = new ArrayList<>(columns.size());
            for (String column : columns) {
                cells.add(cell(item.attributes().get(column)));
            }
            writeRow(out, cells);
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
            case S -> {
                String text = ((AttributeValue.Str) value).value();
                yield text.isEmpty() ? "\"\"" : quote(protect(text));
            }
            case N -> ((AttributeValue.Num) value).text();
            case BOOL -> Boolean.toString(((AttributeValue.Bool) value).value());
            default -> quote(DynamoJson.write(value));
        };
    }

    /**
     * The text with a leading apostrophe when a spreadsheet would take it for a formula (or when it
     * is such a text with apostrophes before it already, so that {@link #unprotect} is exact).
     */
    public static String protect(String text) {
        int quotes = 0;
        while (quotes < text.length() && text.charAt(quotes) == '\'') {
            quotes++;
        }
        return quotes < text.length() && isFormulaStart(text.charAt(quotes)) ? "'" + text : text;
    }

    /** The text as it was before {@link #protect}. */
    public static String unprotect(String text) {
        return text.startsWith("'") && !protect(text.substring(1)).equals(text.substring(1))
                ? text.substring(1)
                : text;
    }

    private static boolean isFormulaStart(char c) {
        return c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r';
    }

    /** Writes one record of fields that are already quoted. */
    private static void writeRow(Writer out, List<String> cells) throws IOException {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                out.write(',');
            }
            out.write(cells.get(i));
        }
        out.write(LINE_END);
    }

    private static String quote(String field) {
        boolean needsQuotes =
                field.indexOf(',') >= 0
                        || field.indexOf('"') >= 0
                        || field.indexOf('\r') >= 0
                        || field.indexOf('\n') >= 0;
        return needsQuotes ? '"' + field.replace("\"", "\"\"") + '"' : field;
    }
}

package io.dynoscope.core.item;

import java.util.List;

/**
 * The one way Dynoscope writes CSV fields, whoever writes the file (an export, {@code -o csv} of
 * any command, the SQL console): RFC 4180 (CRLF line ends; a field quoted when it holds a comma, a
 * double quote, CR or LF, quotes doubled inside), and text that a spreadsheet would run as a
 * formula made inert.
 *
 * <p>A text field that starts with {@code =}, {@code +}, {@code -}, {@code @}, a tab or a carriage
 * return gets a leading apostrophe, as OWASP recommends against CSV injection: spreadsheets then
 * show it as text. {@link #unprotect} removes it again, and a text that already starts with
 * apostrophes before such a character gets one more, so every text comes back as it was. An empty
 * text is the quoted field {@code ""}, so it differs from an empty, unquoted field (nothing).
 * {@link CsvRecords} reads what this writes.
 */
public final class Csv {

    /** The end of every record. */
    public static final String LINE_END = "\r\n";

    private Csv() {}

    /** A text field: protected against formulas, quoted where needed; {@code ""} when empty. */
    public static String text(String text) {
        return text.isEmpty() ? "\"\"" : quoted(protect(text));
    }

    /**
     * A field written as it is (a number, JSON, a boolean), quoted where needed; empty text gives
     * an empty field.
     */
    public static String plain(String text) {
        return quoted(text);
    }

    /** One record of fields made by {@link #text} or {@link #plain}, with its line end. */
    public static String record(List<String> fields) {
        return String.join(",", fields) + LINE_END;
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

    private static String quoted(String field) {
        boolean needsQuotes =
                field.indexOf(',') >= 0
                        || field.indexOf('"') >= 0
                        || field.indexOf('\r') >= 0
                        || field.indexOf('\n') >= 0;
        return needsQuotes ? '"' + field.replace("\"", "\"\"") + '"' : field;
    }
}

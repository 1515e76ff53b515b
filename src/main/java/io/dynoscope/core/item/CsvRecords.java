package io.dynoscope.core.item;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * Reads CSV records as {@link ItemCsv} writes them (RFC 4180): fields separated by commas, records
 * by CRLF or LF, a field in double quotes may hold commas, quotes (doubled) and line breaks. An
 * empty field without quotes is read as {@code null} (an absent attribute) and a quoted empty field
 * {@code ""} as the empty string, so the two stay apart. A byte order mark before the first record
 * is skipped.
 */
public final class CsvRecords {

    /**
     * One record.
     *
     * @param line the 1-based line the record starts on (a quoted field may span lines)
     * @param fields the fields; null for an empty field without quotes
     */
    public record Record(int line, List<String> fields) {
        public Record {
            fields = Collections.unmodifiableList(new ArrayList<>(fields));
        }
    }

    private final BufferedReader in;
    private final int maxChars;
    private int line = 1;
    private boolean started;
    private int recordChars;
    private int recordLine;

    public CsvRecords(Reader in) {
        this(in, InputLimits.MAX_LINE_CHARS);
    }

    CsvRecords(Reader in, int maxChars) {
        this.in = in instanceof BufferedReader buffered ? buffered : new BufferedReader(in);
        this.maxChars = maxChars;
    }

    /**
     * The next record, or empty at the end of the input. Blank lines are skipped.
     *
     * @throws ItemFormatException for a quote that is never closed, text after a closing quote, or
     *     a record longer than {@link InputLimits#MAX_LINE_CHARS} characters
     */
    public Optional<Record> next() throws IOException {
        while (true) {
            int c = in.read();
            if (!started) {
                started = true;
                if (c == '\uFEFF') {
                    c = in.read();
                }
            }
            if (c == -1) {
                return Optional.empty();
            }
            if (c == '\n') {
                line++;
                continue;
            }
            if (c == '\r') {
                continue;
            }
            return Optional.of(readRecord(c));
        }
    }

    private Record readRecord(int first) throws IOException {
        int startLine = line;
        recordLine = startLine;
        recordChars = 0;
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        int c = first;
        while (true) {
            if (c == '"') {
                readQuoted(field, startLine);
                fields.add(field.toString());
                field.setLength(0);
                c = in.read();
                if (c != ',' && c != '\n' && c != '\r' && c != -1) {
                    throw new ItemFormatException(
                            "a quoted field must be followed by a comma or the end of the line, not '"
                                    + (char) c
                                    + "'",
                            "",
                            line,
                            0);
                }
            } else {
                while (c != ',' && c != '\n' && c != '\r' && c != -1) {
                    append(field, c);
                    c = in.read();
                }
                fields.add(field.length() == 0 ? null : field.toString());
                field.setLength(0);
            }
            if (c == ',') {
                c = in.read();
                continue;
            }
            if (c == '\r') {
                in.mark(1);
                if (in.read() != '\n') {
                    in.reset();
                }
            }
            if (c != -1) {
                line++;
            }
            return new Record(startLine, fields);
        }
    }

    /** Adds a character to the field; a record over the cap stops the reading. */
    private void append(StringBuilder field, int c) {
        if (++recordChars > maxChars) {
            throw new ItemFormatException(
                    "the record that starts on this line is longer than "
                            + InputLimits.count(maxChars)
                            + " characters, more than the CSV of any item DynamoDB takes (an item is"
                            + " at most 400 KB)",
                    "",
                    recordLine,
                    0);
        }
        field.append((char) c);
    }

    /** Reads a quoted field after its opening quote, up to and including the closing one. */
    private void readQuoted(StringBuilder field, int startLine) throws IOException {
        while (true) {
            int c = in.read();
            if (c == -1) {
                throw new ItemFormatException(
                        "a quoted field that starts on this line is never closed",
                        "",
                        startLine,
                        0);
            }
            if (c == '"') {
                in.mark(1);
                if (in.read() == '"') {
                    append(field, '"');
                    continue;
                }
                in.reset();
                return;
            }
            if (c == '\n') {
                line++;
            }
            append(field, c);
        }
    }
}

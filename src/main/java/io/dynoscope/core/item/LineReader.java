package io.dynoscope.core.item;

import java.io.Closeable;
import java.io.IOException;
import java.io.Reader;

/**
 * Reads text line by line, as {@link java.io.BufferedReader#readLine} does ({@code \n}, {@code \r}
 * or {@code \r\n} end a line; a byte order mark before the first line is dropped), but never holds
 * more than {@link InputLimits#MAX_LINE_CHARS} characters of a line: a longer line stops the
 * reading with an {@link ItemFormatException} at its line number, so an input without line breaks
 * cannot fill the memory.
 */
public final class LineReader implements Closeable {

    private final Reader in;
    private final int maxChars;
    private final char[] buffer = new char[1 << 16];
    private int position;
    private int limit;
    private boolean skipLineFeed;
    private int lineNumber;

    public LineReader(Reader in) {
        this(in, InputLimits.MAX_LINE_CHARS);
    }

    LineReader(Reader in, int maxChars) {
        this.in = in;
        this.maxChars = maxChars;
    }

    /**
     * The next line without its line break, or null at the end of the input.
     *
     * @throws ItemFormatException when the line is longer than the cap (at its line number)
     */
    public String readLine() throws IOException {
        StringBuilder line = null;
        while (true) {
            if (position == limit && !fill()) {
                return line == null ? null : counted(line.toString());
            }
            if (skipLineFeed) {
                skipLineFeed = false;
                if (buffer[position] == '\n') {
                    position++;
                    continue;
                }
            }
            int start = position;
            while (position < limit && buffer[position] != '\n' && buffer[position] != '\r') {
                position++;
            }
            int length = position - start + (line == null ? 0 : line.length());
            if (length > maxChars) {
                throw new ItemFormatException(
                        InputLimits.lineTooLong(maxChars), "", lineNumber + 1, 0);
            }
            if (position < limit) {
                char end = buffer[position++];
                skipLineFeed = end == '\r';
                String text =
                        line == null
                                ? new String(buffer, start, position - 1 - start)
                                : line.append(buffer, start, position - 1 - start).toString();
                return counted(text);
            }
            if (line == null) {
                line = new StringBuilder(Math.max(80, position - start));
            }
            line.append(buffer, start, position - start);
        }
    }

    private String counted(String line) {
        lineNumber++;
        return lineNumber == 1 && line.startsWith("\uFEFF") ? line.substring(1) : line;
    }

    private boolean fill() throws IOException {
        int read;
        do {
            read = in.read(buffer, 0, buffer.length);
        } while (read == 0);
        position = 0;
        limit = Math.max(read, 0);
        return read > 0;
    }

    /** The 1-based number of the last line read, 0 before the first. */
    public int lineNumber() {
        return lineNumber;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}

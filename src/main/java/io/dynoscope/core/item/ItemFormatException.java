package io.dynoscope.core.item;

/**
 * Input that is not a valid item or attribute value in the format being read, with where it went
 * wrong: the attribute path ({@code author.name}, {@code tags[2]}) and, when text was parsed, the
 * line and column, so that a person can find and fix the spot.
 */
public final class ItemFormatException extends RuntimeException {

    private final String reason;
    private final String path;
    private final int line;
    private final int column;

    /**
     * @param reason what is wrong, in a sentence without location
     * @param path the attribute path, or {@code ""} for the item or value as a whole
     * @param line 1-based line, or 0 when not known
     * @param column 1-based column, or 0 when not known
     */
    public ItemFormatException(String reason, String path, int line, int column) {
        super(describe(reason, path, line, column));
        this.reason = reason;
        this.path = path;
        this.line = line;
        this.column = column;
    }

    private static String describe(String reason, String path, int line, int column) {
        StringBuilder where = new StringBuilder();
        if (line > 0) {
            where.append("line ").append(line);
            if (column > 0) {
                where.append(", column ").append(column);
            }
        }
        if (!path.isEmpty()) {
            // Deep paths and long names are shortened: the message stays one short line.
            String shown =
                    path.length() <= 60
                            ? path
                            : path.substring(0, 28) + "..." + path.substring(path.length() - 28);
            where.append(where.length() > 0 ? ", at " : "at ").append(shown);
        }
        return where.length() > 0 ? where + ": " + reason : reason;
    }

    /** What is wrong, without the location. */
    public String reason() {
        return reason;
    }

    /**
     * The attribute path, e.g. {@code author.name} or {@code tags[2]}; empty for the whole item.
     */
    public String path() {
        return path;
    }

    /** The 1-based line in the text read, or 0 when not known. */
    public int line() {
        return line;
    }

    /** The 1-based column in the text read, or 0 when not known. */
    public int column() {
        return column;
    }

    /**
     * The same problem, reported at another line (a JSON Lines reader parses one line at a time).
     */
    ItemFormatException atLine(int lineNumber) {
        return new ItemFormatException(reason, path, lineNumber, column);
    }
}

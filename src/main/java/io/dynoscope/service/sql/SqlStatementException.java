package io.dynoscope.service.sql;

import java.util.Optional;

/**
 * A statement the console cannot run as written: a syntax or validation error (with where it is),
 * or a kind of statement the console does not take. Nothing was read or written.
 */
public final class SqlStatementException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /**
     * Where in the statement the error is, 1-based, the end inclusive (as Calcite counts).
     *
     * @param endLine the line of the last character in error
     * @param endColumn the column of the last character in error
     */
    public record Position(int line, int column, int endLine, int endColumn) {

        /** "line 2, column 7" */
        public String describe() {
            return "line " + line + ", column " + column;
        }
    }

    private final transient Position position;

    public SqlStatementException(String message) {
        this(message, null, null);
    }

    public SqlStatementException(String message, Throwable cause) {
        this(message, null, cause);
    }

    public SqlStatementException(String message, Position position, Throwable cause) {
        super(message, cause);
        this.position = position;
    }

    /**
     * This error with its position counted in a longer text that ends with the statement (the
     * statement as typed, before a leading comment or EXPLAIN was taken off).
     */
    public SqlStatementException within(String text, String statement) {
        if (position == null || !text.endsWith(statement) || text.equals(statement)) {
            return this;
        }
        String before = text.substring(0, text.length() - statement.length());
        int lines = (int) before.chars().filter(c -> c == '\n').count();
        int lastLine = before.length() - before.lastIndexOf('\n') - 1;
        Position shifted =
                new Position(
                        position.line() + lines,
                        position.line() == 1 ? position.column() + lastLine : position.column(),
                        position.endLine() + lines,
                        position.endLine() == 1
                                ? position.endColumn() + lastLine
                                : position.endColumn());
        String message = getMessage();
        String old = position.describe();
        if (message.startsWith(old)) {
            message = shifted.describe() + message.substring(old.length());
        }
        return new SqlStatementException(message, shifted, this);
    }

    /** Where the error is, when it is at one place of the statement. */
    public Optional<Position> position() {
        return Optional.ofNullable(position);
    }
}

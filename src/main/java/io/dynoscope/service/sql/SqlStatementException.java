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

    /** Where the error is, when it is at one place of the statement. */
    public Optional<Position> position() {
        return Optional.ofNullable(position);
    }
}

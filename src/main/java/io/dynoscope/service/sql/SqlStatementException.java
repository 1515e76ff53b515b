package io.dynoscope.service.sql;

/**
 * A statement the console cannot run as written: a syntax or validation error (with its line and
 * column), or a kind of statement the console does not take. Nothing was read or written.
 */
public final class SqlStatementException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public SqlStatementException(String message) {
        super(message);
    }

    public SqlStatementException(String message, Throwable cause) {
        super(message, cause);
    }
}

package io.dynoscope.core.expression;

/**
 * An expression that does not follow DynamoDB's grammar. The message reads {@code column 17:
 * begins_with takes a path and a value}; the parts are available separately.
 */
public final class ExpressionSyntaxException extends RuntimeException {

    private final int column;
    private final String token;
    private final String reason;

    ExpressionSyntaxException(int column, String token, String reason) {
        super("column " + column + ": " + reason);
        this.column = column;
        this.token = token;
        this.reason = reason;
    }

    /** The 1-based column where the problem starts. */
    public int column() {
        return column;
    }

    /** The offending token as written, or {@code "end of expression"}. */
    public String token() {
        return token;
    }

    /** The message without the column prefix. */
    public String reason() {
        return reason;
    }
}

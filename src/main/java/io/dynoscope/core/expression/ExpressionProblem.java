package io.dynoscope.core.expression;

import java.util.Objects;

/**
 * One thing DynamoDB would reject in an expression or its placeholder maps.
 *
 * @param kind    the expression the problem belongs to
 * @param column  1-based column in that expression's text, or {@link #NO_COLUMN} when the problem
 *                is in the placeholder maps rather than the text (e.g. an unused {@code #name})
 * @param message a plain sentence saying what is wrong
 */
public record ExpressionProblem(ExpressionKind kind, int column, String message) {

    /** Column used for problems that have no place in the expression text. */
    public static final int NO_COLUMN = 0;

    public ExpressionProblem {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(message, "message");
    }

    /** Whether the problem points into the text. */
    public boolean hasColumn() {
        return column != NO_COLUMN;
    }

    /** {@code column 17: ...} or just the message when there is no column. */
    @Override
    public String toString() {
        return hasColumn() ? "column " + column + ": " + message : message;
    }
}

package io.dynoscope.core.expression;

import java.util.Objects;
import java.util.Optional;

/**
 * One thing DynamoDB would reject in an expression or in the placeholder maps.
 *
 * @param expression the expression the problem is in, or empty for a problem in the shared maps (an
 *     unused {@code #name} or {@code :value})
 * @param column 1-based column in that expression's text, or {@link #NO_COLUMN} when the problem
 *     concerns the expression as a whole or the maps
 * @param message a plain sentence saying what is wrong
 */
public record ExpressionProblem(Optional<ExpressionKind> expression, int column, String message) {

    /** Column used for problems that have no single place in the expression text. */
    public static final int NO_COLUMN = 0;

    public ExpressionProblem {
        Objects.requireNonNull(expression, "expression");
        Objects.requireNonNull(message, "message");
    }

    static ExpressionProblem at(ExpressionKind kind, int column, String message) {
        return new ExpressionProblem(Optional.of(kind), column, message);
    }

    static ExpressionProblem inMaps(String message) {
        return new ExpressionProblem(Optional.empty(), NO_COLUMN, message);
    }

    /** Whether the problem points into the text. */
    public boolean hasColumn() {
        return column != NO_COLUMN;
    }

    /** {@code column 17: ...}, or just the message when there is no column. */
    @Override
    public String toString() {
        return hasColumn() ? "column " + column + ": " + message : message;
    }
}

package io.dynoscope.core.expression;

import java.util.List;

/**
 * The answer to "can this expression be shown as builder rows?": the rows, or why not.
 *
 * @param <T> {@link Row}, {@link UpdateRow} or {@link AttributePath}
 */
public sealed interface AsRows<T> permits AsRows.Shown, AsRows.NotShown {

    /** The expression as rows; compiling them gives an equivalent expression. */
    record Shown<T>(List<T> rows) implements AsRows<T> {
        public Shown {
            rows = List.copyOf(rows);
        }
    }

    /** The expression needs the text editor; {@code reason} says what the rows cannot express. */
    record NotShown<T>(String reason) implements AsRows<T> {}
}

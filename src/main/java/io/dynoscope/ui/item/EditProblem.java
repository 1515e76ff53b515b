package io.dynoscope.ui.item;

/**
 * Why an edit cannot be sent, and where in the edited text: the attribute path and the 1-based line
 * and column (0 when not known).
 */
public record EditProblem(String message, String path, int line, int column) {

    /** The message with its position, e.g. {@code line 3, column 14: ...}. */
    public String describe() {
        return line > 0 ? "line " + line + ", column " + column + ": " + message : message;
    }
}

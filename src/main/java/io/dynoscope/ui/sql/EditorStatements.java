package io.dynoscope.ui.sql;

import java.util.ArrayList;
import java.util.List;

/**
 * The statements of the editor's text: which one the caret is in (the text between the semicolons
 * outside quotes around it), and where a line and column of a statement is in the whole text.
 */
final class EditorStatements {

    private EditorStatements() {}

    /** A statement of the editor's text and where it starts in it (after its leading blanks). */
    record Span(int start, String text) {}

    /** The statement under the caret, or the last one before it, or the whole text. */
    static Span at(String text, int caret) {
        List<int[]> spans = new ArrayList<>();
        int start = 0;
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                quote = c == quote ? 0 : quote;
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == ';') {
                spans.add(new int[] {start, i});
                start = i + 1;
            }
        }
        spans.add(new int[] {start, text.length()});
        for (int[] span : spans) {
            if (caret >= span[0]
                    && caret <= span[1]
                    && !text.substring(span[0], span[1]).isBlank()) {
                return stripped(text, span);
            }
        }
        for (int i = spans.size() - 1; i >= 0; i--) {
            int[] span = spans.get(i);
            if (span[1] <= caret && !text.substring(span[0], span[1]).isBlank()) {
                return stripped(text, span);
            }
        }
        return stripped(text, new int[] {0, text.length()});
    }

    private static Span stripped(String text, int[] span) {
        String part = text.substring(span[0], span[1]);
        int lead = part.length() - part.stripLeading().length();
        return new Span(span[0] + lead, part.strip());
    }

    /**
     * The offset in {@code text} of a 1-based line and column of the statement that starts at
     * {@code start}.
     */
    static int offset(String text, int start, int line, int column) {
        int at = start;
        for (int l = 1; l < line && at < text.length(); l++) {
            int newline = text.indexOf('\n', at);
            if (newline < 0) {
                return text.length();
            }
            at = newline + 1;
        }
        return Math.min(text.length(), at + column - 1);
    }
}

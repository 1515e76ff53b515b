package io.dynoscope.core.item;

import java.util.Locale;

/**
 * Text made safe to show a person: every character that a terminal would act on, or that would
 * change how the text around it reads, is shown as an escape instead. Values come from anyone who
 * can write to a table, so an item could otherwise recolour a terminal, set its title (ESC, BEL),
 * move the cursor (C1's CSI), hide a line ({@code \r}) or reverse the order of what follows (bidi
 * overrides).
 *
 * <p>Escaped: C0 controls (U+0000–U+001F) as {@code \n}, {@code \r}, {@code \t} or {@code \u001B};
 * DEL and C1 controls (U+007F–U+009F); the bidi marks, embeddings, overrides and isolates (U+061C,
 * U+200E, U+200F, U+202A–U+202E, U+2066–U+2069); the line and paragraph separators U+2028 and
 * U+2029; and surrogates that are not part of a pair. Everything else is shown as it is; a
 * backslash is not escaped, so the result is for reading, not for parsing back.
 */
public final class VisibleText {

    private VisibleText() {}

    /** The text with every such character escaped, line breaks and tabs included (for a cell). */
    public static String of(String text) {
        return escape(text, false);
    }

    /**
     * The text with every such character escaped but {@code \n} and {@code \t} (for lines of
     * messages and reports, whose layout uses them).
     */
    public static String keepingLines(String text) {
        return escape(text, true);
    }

    /** Whether {@link #of} shows this UTF-16 unit of its text as an escape (pairs aside). */
    public static boolean isEscaped(char c) {
        return c < 0x20
                || (c >= 0x7F && c <= 0x9F)
                || c == 0x061C
                || c == 0x200E
                || c == 0x200F
                || (c >= 0x202A && c <= 0x202E)
                || (c >= 0x2066 && c <= 0x2069)
                || c == 0x2028
                || c == 0x2029
                || Character.isSurrogate(c);
    }

    private static String escape(String text, boolean keepLines) {
        int first = firstEscaped(text, keepLines);
        if (first < 0) {
            return text;
        }
        StringBuilder shown = new StringBuilder(text.length() + 16);
        shown.append(text, 0, first);
        for (int i = first; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c)
                    && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1))) {
                shown.append(c).append(text.charAt(++i));
            } else if (!isEscaped(c) || keepLines && (c == '\n' || c == '\t')) {
                shown.append(c);
            } else {
                appendEscape(shown, c);
            }
        }
        return shown.toString();
    }

    private static int firstEscaped(String text, boolean keepLines) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            // printable ASCII first: nearly every character of a value, one comparison
            if (c >= 0x20 && c < 0x7F || !isEscaped(c) || keepLines && (c == '\n' || c == '\t')) {
                continue;
            }
            if (Character.isHighSurrogate(c)
                    && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
                continue;
            }
            return i;
        }
        return -1;
    }

    private static void appendEscape(StringBuilder shown, char c) {
        switch (c) {
            case '\n' -> shown.append("\\n");
            case '\r' -> shown.append("\\r");
            case '\t' -> shown.append("\\t");
            default -> {
                String hex = Integer.toHexString(c).toUpperCase(Locale.ROOT);
                shown.append("\\u").append("0".repeat(4 - hex.length())).append(hex);
            }
        }
    }
}

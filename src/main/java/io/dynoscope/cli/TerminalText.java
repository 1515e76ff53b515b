package io.dynoscope.cli;

import io.dynoscope.core.item.VisibleText;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Standard output and standard error as a person reads them: every text printed through it shows
 * control characters, bidi overrides and the like as escapes ({@link VisibleText#keepingLines}), so
 * a value read from a table cannot act on the terminal. JSON lines pass unchanged in meaning (such
 * a character can only stand inside a JSON string, where the escape means the same). Data that must
 * stay byte for byte (CSV) is written to {@link #exact} instead.
 */
final class TerminalText extends PrintStream {

    private final PrintStream target;

    private TerminalText(PrintStream target) {
        super(target, false, StandardCharsets.UTF_8);
        this.target = target;
    }

    /** {@code target} with every text printed through it made visible. */
    static PrintStream over(PrintStream target) {
        return target instanceof TerminalText ? target : new TerminalText(target);
    }

    /** The stream underneath, for data written exactly; {@code stream} itself otherwise. */
    static PrintStream exact(PrintStream stream) {
        return stream instanceof TerminalText text ? text.target : stream;
    }

    // println(...) and printf(...) of a subclass come through these
    @Override
    public void print(String text) {
        super.print(VisibleText.keepingLines(String.valueOf(text)));
    }

    @Override
    public void print(Object value) {
        print(String.valueOf(value));
    }

    @Override
    public void print(char[] text) {
        print(new String(text));
    }

    @Override
    public void print(char c) {
        print(String.valueOf(c));
    }
}

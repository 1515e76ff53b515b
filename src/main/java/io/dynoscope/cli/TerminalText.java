package io.dynoscope.cli;

import io.dynoscope.core.item.VisibleText;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Standard output and standard error as a person reads them: every text printed through it shows
 * control characters, bidi overrides and the like as escapes ({@link VisibleText#keepingLines}), so
 * a value read from a table cannot act on the terminal. JSON lines pass unchanged in meaning (such
 * a character can only stand inside a JSON string, where the escape means the same). Data that must
 * stay byte for byte (CSV) is written to {@link #exact} instead, except when the stream is a
 * terminal: there a person reads it, so it is shown with escapes too, line by line (a CSV line's CR
 * LF ends as the terminal's LF). A file or a pipe gets the exact bytes.
 */
final class TerminalText extends PrintStream {

    private final PrintStream exact;

    private TerminalText(PrintStream target, boolean terminal) {
        super(target, false, StandardCharsets.UTF_8);
        this.exact =
                terminal
                        ? new PrintStream(new VisibleLines(target), false, StandardCharsets.UTF_8)
                        : target;
    }

    /** {@code target} with every text printed through it made visible. */
    static PrintStream over(PrintStream target) {
        return over(target, false);
    }

    /**
     * As above; {@code terminal} says that {@code target} is a terminal, where even exact data is
     * shown with escapes.
     */
    static PrintStream over(PrintStream target, boolean terminal) {
        return target instanceof TerminalText ? target : new TerminalText(target, terminal);
    }

    /**
     * The stream underneath, for data written exactly (at a terminal, shown with escapes); {@code
     * stream} itself otherwise.
     */
    static PrintStream exact(PrintStream stream) {
        return stream instanceof TerminalText text ? text.exact : stream;
    }

    /** Bytes shown line by line with {@link VisibleText#keepingLines}; CR LF becomes LF. */
    private static final class VisibleLines extends OutputStream {
        private final PrintStream target;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();

        VisibleLines(PrintStream target) {
            this.target = target;
        }

        @Override
        public void write(int b) {
            line.write(b);
            if (b == '\n') {
                emit();
            }
        }

        @Override
        public void flush() {
            emit();
            target.flush();
        }

        private void emit() {
            if (line.size() == 0) {
                return;
            }
            String text = line.toString(StandardCharsets.UTF_8);
            line.reset();
            if (text.endsWith("\r\n")) {
                text = text.substring(0, text.length() - 2) + "\n";
            }
            target.print(VisibleText.keepingLines(text));
        }
    }

    @Override
    public void flush() {
        exact.flush();
        super.flush();
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

package io.dynoscope.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Standard output that does not fail silently. Java's {@link PrintStream} swallows write errors (a
 * full disk, a reader that went away); every command writes through this stream instead, which
 * turns the first error into a {@link Failure} that ends the command with a message and a non-zero
 * exit. It also remembers the failure, so a read can stop at the next page instead of reading on
 * for nobody.
 */
final class CheckedOutput extends OutputStream {

    /** Standard output could not be written: the output is incomplete. */
    static final class Failure extends RuntimeException {
        private final boolean closedByReader;

        Failure(String reason, boolean closedByReader) {
            super(
                    closedByReader
                            ? "stdout was closed by its reader ("
                                    + reason
                                    + "); the output is incomplete"
                            : "cannot write to stdout (" + reason + "); the output is incomplete");
            this.closedByReader = closedByReader;
        }

        /** 141 (as for a process killed by SIGPIPE) when the reader went away, else 1. */
        int exitCode() {
            return closedByReader ? ExitCodes.OUTPUT_CLOSED : ExitCodes.SERVICE_ERROR;
        }
    }

    // Large enough that a page of items costs a handful of writes; flushed at every page.
    private static final int BUFFER_BYTES = 1 << 16;

    private final OutputStream target;
    private volatile Failure failure;

    private CheckedOutput(OutputStream target) {
        this.target = target;
    }

    /**
     * A buffered UTF-8 print stream over {@code target} whose writes and flushes throw {@link
     * Failure} when {@code target} fails. {@code target} may itself be a {@link PrintStream}: its
     * error flag is checked after every write.
     */
    static PrintStream over(OutputStream target) {
        return new PrintStream(
                new BufferedOutputStream(new CheckedOutput(target), BUFFER_BYTES),
                false,
                StandardCharsets.UTF_8);
    }

    @Override
    public void write(int b) {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
        requireNoFailure();
        try {
            target.write(bytes, offset, length);
        } catch (IOException e) {
            throw fail(e);
        }
        checkTarget();
    }

    @Override
    public void flush() {
        requireNoFailure();
        try {
            target.flush();
        } catch (IOException e) {
            throw fail(e);
        }
        checkTarget();
    }

    @Override
    public void close() {
        flush();
    }

    private void requireNoFailure() {
        if (failure != null) {
            throw failure;
        }
    }

    /** A PrintStream target keeps its errors to itself; its flag is all there is to check. */
    private void checkTarget() {
        if (target instanceof PrintStream print && print.checkError()) {
            failure = new Failure("the stream reported an error", false);
            throw failure;
        }
    }

    private Failure fail(IOException e) {
        String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        // EPIPE reads "Broken pipe" on Linux and macOS; Windows says "The pipe is being closed".
        boolean closed = reason.toLowerCase(Locale.ROOT).contains("pipe");
        failure = new Failure(reason, closed);
        return failure;
    }
}

package io.dynoscope.cli;

import java.util.function.Supplier;

/** A failure the CLI reports as one line on stderr with its own exit code. */
final class CliException extends RuntimeException {
    private final int exitCode;

    CliException(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    /** Bad arguments or input ({@link ExitCodes#USAGE}). */
    static CliException usage(String message) {
        return new CliException(ExitCodes.USAGE, message);
    }

    /**
     * What {@code read} gives; its IllegalArgumentException as a usage error after {@code where}.
     */
    static <T> T orUsage(String where, Supplier<T> read) {
        try {
            return read.get();
        } catch (IllegalArgumentException e) {
            throw usage(where + ": " + e.getMessage());
        }
    }

    int exitCode() {
        return exitCode;
    }
}

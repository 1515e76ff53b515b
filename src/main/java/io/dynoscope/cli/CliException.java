package io.dynoscope.cli;

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

    int exitCode() {
        return exitCode;
    }
}

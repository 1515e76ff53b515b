package io.dynoscope.cli;

/** The process exit codes of the command line, so scripts can tell failures apart. */
public final class ExitCodes {
    public static final int OK = 0;

    /** DynamoDB (or the connection to it) refused or failed the call. */
    public static final int SERVICE_ERROR = 1;

    /** Bad arguments or bad input: nothing was sent that could write. */
    public static final int USAGE = 2;

    /** Reserved for the drift commands: copies differ from their source. */
    public static final int DRIFT_FOUND = 3;

    /** A conditional write was refused because its condition did not hold; nothing was written. */
    public static final int CONDITION_FAILED = 4;

    /** A write refused because the connection is read-only; nothing was sent. */
    public static final int READ_ONLY = 4;

    /**
     * Stopped by Ctrl-C (SIGINT, 130) or SIGTERM (143), as a shell reports a process a signal
     * ended: 128 plus the signal's number. What was done is printed first.
     */
    public static final int INTERRUPTED = 130;

    public static final int TERMINATED = 143;

    private ExitCodes() {}
}

package io.dynoscope.cli;

/**
 * The process exit codes of the command line, so scripts can tell failures apart
 * (docs/exit-codes.md says what each failure looks like and what was written).
 */
public final class ExitCodes {
    public static final int OK = 0;

    /**
     * DynamoDB (or the connection to it) refused or failed the call, or stdout could not be
     * written.
     */
    public static final int SERVICE_ERROR = 1;

    /** Bad arguments or bad input: nothing was sent that could write. */
    public static final int USAGE = 2;

    /** The check found something: copies differ from their source (the drift commands). */
    public static final int DRIFT_FOUND = 3;

    /** The check found something: no item has the key asked for ({@code get}). */
    public static final int NOT_FOUND = 3;

    /**
     * A check found something: an access pattern of a model was not served as designed (the same
     * code as drift found).
     */
    public static final int CHECK_FAILED = 3;

    /** A conditional write was refused because its condition did not hold; nothing was written. */
    public static final int CONDITION_FAILED = 4;

    /**
     * The reader of stdout went away (a closed pipe, as in {@code dynoscope scan | head -1}): the
     * command stopped reading at once. 128 + SIGPIPE, as a shell reports a process the signal
     * ended.
     */
    public static final int OUTPUT_CLOSED = 141;

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

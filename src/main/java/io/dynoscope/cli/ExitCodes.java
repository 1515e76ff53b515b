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

    /**
     * A check found something: an access pattern of a model was not served as designed (the same
     * code as drift found).
     */
    public static final int CHECK_FAILED = 3;

    /** A conditional write was refused because its condition did not hold; nothing was written. */
    public static final int CONDITION_FAILED = 4;

    private ExitCodes() {}
}

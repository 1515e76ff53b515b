package io.dynoscope.cli;

import io.dynoscope.core.table.Cancellation;
import java.io.PrintStream;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * What a long command (import, export, clone) says when Ctrl-C or SIGTERM stops it. While the
 * command runs, a shutdown hook waits: on a signal it cancels the work, gives it a few seconds to
 * finish the request in flight, removes temporary files, and prints what was done. The process then
 * ends with the signal's code (130 for SIGINT, 143 for SIGTERM), as the JVM sets it.
 */
final class Interruption implements AutoCloseable {

    /** How long the hook waits for the work to stop between requests before reporting anyway. */
    private static final long WAIT_SECONDS = 10;

    private final PrintStream err;
    private final Cancellation cancellation;
    private final Supplier<String> report;
    private final Runnable cleanUp;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final Thread hook;
    private volatile boolean interrupted;

    private Interruption(
            PrintStream err, Cancellation cancellation, Supplier<String> report, Runnable cleanUp) {
        this.err = err;
        this.cancellation = cancellation;
        this.report = report;
        this.cleanUp = cleanUp;
        this.hook = new Thread(this::onSignal, "dynoscope-interrupted");
    }

    /**
     * Watches for a signal until {@link #close}.
     *
     * @param report what was done, in a line, for when a signal comes
     * @param cleanUp removes temporary files
     */
    static Interruption watch(
            PrintStream err, Cancellation cancellation, Supplier<String> report, Runnable cleanUp) {
        Interruption interruption = new Interruption(err, cancellation, report, cleanUp);
        Runtime.getRuntime().addShutdownHook(interruption.hook);
        return interruption;
    }

    private void onSignal() {
        interrupted = true;
        cancellation.cancel();
        try {
            stopped.await(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        cleanUp.run();
        err.println("interrupted: " + report.get());
        err.flush();
    }

    /** Whether a signal stopped the command (then the hook reports, not the command). */
    boolean interrupted() {
        return interrupted;
    }

    @Override
    public void close() {
        stopped.countDown();
        if (!interrupted) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs now and reports
            }
        }
    }
}

package io.dynoscope.core.table;

import java.util.concurrent.atomic.AtomicBoolean;

/** A flag a caller sets to stop a long read or write between requests. */
public final class Cancellation {
    private final AtomicBoolean cancelled = new AtomicBoolean();

    public static Cancellation none() {
        return new Cancellation();
    }

    public void cancel() {
        cancelled.set(true);
    }

    public boolean isCancelled() {
        return cancelled.get() || Thread.currentThread().isInterrupted();
    }
}

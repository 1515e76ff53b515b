package io.dynoscope.service.transfer;

import io.dynoscope.core.work.DaemonPool;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * A few threads that write batches while the caller reads the next ones: at most {@code
 * concurrency} batches in flight, so reading never runs far ahead of writing. Shared by import and
 * clone.
 */
final class BatchWriters implements AutoCloseable {

    private final Semaphore slots;
    private final ExecutorService threads;
    private final BooleanSupplier stopped;

    /**
     * @param stopped whether to stop taking batches (cancelled, or a batch failed)
     */
    BatchWriters(String name, int concurrency, BooleanSupplier stopped) {
        this.slots = new Semaphore(concurrency);
        this.stopped = stopped;
        this.threads = DaemonPool.of(concurrency, name);
    }

    /**
     * Runs the batch on a writer thread once one is free; returns false without running it when the
     * work was stopped meanwhile.
     */
    boolean submit(Runnable batch) {
        try {
            while (!slots.tryAcquire(100, TimeUnit.MILLISECONDS)) {
                if (stopped.getAsBoolean()) {
                    return false;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        if (stopped.getAsBoolean()) {
            slots.release();
            return false;
        }
        threads.execute(
                () -> {
                    try {
                        batch.run();
                    } finally {
                        slots.release();
                    }
                });
        return true;
    }

    /** Waits for the batches in flight to finish (they are never abandoned half-way). */
    @Override
    public void close() {
        threads.shutdown();
        boolean interrupted = false;
        while (true) {
            try {
                if (threads.awaitTermination(1, TimeUnit.SECONDS)) {
                    break;
                }
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}

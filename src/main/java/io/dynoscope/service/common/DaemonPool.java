package io.dynoscope.service.common;

import io.dynoscope.core.table.Cancellation;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/** The thread pools of the services' parallel work: daemon threads, so none keeps the JVM alive. */
public final class DaemonPool {

    private DaemonPool() {}

    /** A pool of {@code threads} daemon threads, each named {@code dynoscope-<name>}. */
    public static ExecutorService of(int threads, String name) {
        return Executors.newFixedThreadPool(
                threads,
                runnable -> {
                    Thread thread = new Thread(runnable, "dynoscope-" + name);
                    thread.setDaemon(true);
                    return thread;
                });
    }

    /**
     * Runs {@code worker} on {@code workers} threads of {@code pool} and waits for all of them. An
     * interrupt of the caller cancels the work (the workers stop at their next check); a worker's
     * failure goes to {@code failed}, which may throw to stop waiting.
     */
    public static void runWorkers(
            ExecutorService pool,
            int workers,
            Runnable worker,
            Cancellation cancellation,
            Consumer<Throwable> failed) {
        List<Future<?>> futures = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            futures.add(pool.submit(worker));
        }
        for (Future<?> future : futures) {
            try {
                future.get();
            } catch (InterruptedException e) {
                cancellation.cancel();
                Thread.currentThread().interrupt();
            } catch (ExecutionException e) {
                failed.accept(e.getCause());
            }
        }
    }
}

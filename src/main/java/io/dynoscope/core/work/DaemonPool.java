package io.dynoscope.core.work;

import io.dynoscope.core.table.Cancellation;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.function.Consumer;

/**
 * The one way Dynoscope makes threads: daemon threads named {@code dynoscope-<name>}, so none keeps
 * the JVM alive after the window or a command is done and a thread dump says whose each is.
 */
public final class DaemonPool {

    private DaemonPool() {}

    /** A pool of {@code threads} daemon threads, each named {@code dynoscope-<name>}. */
    public static ExecutorService of(int threads, String name) {
        return Executors.newFixedThreadPool(threads, threads(name));
    }

    /** Daemon threads named {@code dynoscope-<name>}, for a pool of another shape. */
    public static ThreadFactory threads(String name) {
        return runnable -> {
            Thread thread = new Thread(runnable, "dynoscope-" + name);
            thread.setDaemon(true);
            return thread;
        };
    }

    /** Starts {@code work} on a daemon thread of its own named {@code dynoscope-<name>}. */
    public static Thread start(String name, Runnable work) {
        Thread thread = threads(name).newThread(work);
        thread.start();
        return thread;
    }

    /**
     * Runs {@code worker} on {@code workers} threads of {@code pool} and waits until all have
     * ended. An interrupt of the caller cancels the work and is kept: the workers stop at their
     * next check of {@code cancellation}, and are waited for, so none is still at work when this
     * returns. A worker's failure goes to {@code failed}, which may throw to stop waiting.
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
        boolean interrupted = false;
        try {
            for (Future<?> future : futures) {
                while (true) {
                    try {
                        future.get();
                        break;
                    } catch (InterruptedException e) {
                        interrupted = true;
                        cancellation.cancel();
                    } catch (ExecutionException e) {
                        failed.accept(e.getCause());
                        break;
                    }
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}

package io.dynoscope.testsupport;

import io.dynoscope.core.work.DaemonPool;
import io.dynoscope.ui.common.BackgroundWork;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * One thread standing in for the JavaFX thread in a view model's test without a display: the
 * handlers of background work and the test's own steps take turns on it, as they do in the app.
 * With an inline UI executor a handler runs on its worker while the test polls, so a wait that saw
 * the handler's first effect let the test go on while the rest was still being set (CI failed on
 * that twice); a wait here is evaluated between handlers, never inside one.
 */
public final class SerialUi implements AutoCloseable {

    private final ExecutorService thread = DaemonPool.of(1, "test-ui");
    private final ExecutorService workers = Executors.newCachedThreadPool();
    private final AtomicInteger running = new AtomicInteger();
    private final BackgroundWork work = new BackgroundWork(new Counted(), thread::execute);

    /** The work whose handlers run on this thread. */
    public BackgroundWork work() {
        return work;
    }

    /** Runs a step on the thread, after the handlers queued before it. */
    public void run(Runnable step) {
        CompletableFuture.runAsync(step, thread).join();
    }

    /** Reads on the thread, after the handlers queued before it. */
    public <T> T get(Supplier<T> read) {
        return CompletableFuture.supplyAsync(read, thread).join();
    }

    /**
     * Waits until {@code condition}, evaluated on the thread, holds; fails after {@code seconds}.
     */
    public void until(long seconds, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!get(condition::getAsBoolean)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not true within " + seconds + " s");
            }
            Thread.sleep(20);
        }
    }

    /**
     * Waits until no background work is running and every handler it queued has run, including work
     * those handlers started: the last effect of a chain of callbacks, whatever it is.
     */
    public void settle(long seconds) throws InterruptedException {
        // a worker queues its handler before it counts itself done, so once none runs, one more
        // turn of this thread has run every handler; a handler that started work counts again
        until(seconds, () -> running.get() == 0);
        while (get(running::get) > 0) {
            until(seconds, () -> running.get() == 0);
        }
    }

    @Override
    public void close() {
        work.shutdown();
        thread.shutdownNow();
    }

    /** The workers, counting the pieces of work that have not finished. */
    private final class Counted extends AbstractExecutorService {
        @Override
        public void execute(Runnable command) {
            running.incrementAndGet();
            try {
                workers.execute(
                        () -> {
                            try {
                                command.run();
                            } finally {
                                running.decrementAndGet();
                            }
                        });
            } catch (RuntimeException e) {
                running.decrementAndGet();
                throw e;
            }
        }

        @Override
        public void shutdown() {
            workers.shutdown();
        }

        @Override
        public List<Runnable> shutdownNow() {
            return workers.shutdownNow();
        }

        @Override
        public boolean isShutdown() {
            return workers.isShutdown();
        }

        @Override
        public boolean isTerminated() {
            return workers.isTerminated();
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
            return workers.awaitTermination(timeout, unit);
        }
    }
}

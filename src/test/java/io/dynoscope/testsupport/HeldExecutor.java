package io.dynoscope.testsupport;

import java.util.ArrayDeque;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Holds background work until the test lets it run, on the test's own thread: so a test can put a
 * user's action at a known point between a piece of work's start and its completion (a save, the
 * description a table tab reads, a read's first page), the interleaving a loaded machine makes by
 * chance.
 */
public final class HeldExecutor extends AbstractExecutorService {

    private final Queue<Runnable> queue = new ArrayDeque<>();

    /** Runs the work held so far and the work it submits in turn, until none is left. */
    public void runAll() {
        for (Runnable task = queue.poll(); task != null; task = queue.poll()) {
            task.run();
        }
    }

    /** Runs the first piece of work held, and not what it submits. */
    public void runNext() {
        Runnable task = queue.poll();
        if (task == null) {
            throw new IllegalStateException("no work is held");
        }
        task.run();
    }

    /** How many pieces of work wait. */
    public int held() {
        return queue.size();
    }

    @Override
    public void execute(Runnable command) {
        queue.add(command);
    }

    @Override
    public void shutdown() {}

    @Override
    public List<Runnable> shutdownNow() {
        return List.of();
    }

    @Override
    public boolean isShutdown() {
        return false;
    }

    @Override
    public boolean isTerminated() {
        return queue.isEmpty();
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) {
        return true;
    }
}

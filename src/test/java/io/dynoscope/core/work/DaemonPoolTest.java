package io.dynoscope.core.work;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.table.Cancellation;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class DaemonPoolTest {

    @Test
    void anInterruptedCallerCancelsTheWorkersAndWaitsUntilTheyHaveStopped() throws Exception {
        ExecutorService pool = DaemonPool.of(2, "test-workers");
        Cancellation cancellation = Cancellation.none();
        CountDownLatch started = new CountDownLatch(2);
        AtomicBoolean workerStillRunning = new AtomicBoolean(true);
        AtomicBoolean stillRunningWhenReturned = new AtomicBoolean();
        AtomicBoolean interruptKept = new AtomicBoolean();
        Thread caller =
                DaemonPool.start(
                        "test-caller",
                        () -> {
                            DaemonPool.runWorkers(
                                    pool,
                                    2,
                                    () -> {
                                        started.countDown();
                                        while (!cancellation.isCancelled()) {
                                            Thread.onSpinWait();
                                        }
                                        // a worker finishing its current request before it stops
                                        long until = System.nanoTime() + 200_000_000L;
                                        while (System.nanoTime() < until) {
                                            Thread.onSpinWait();
                                        }
                                        workerStillRunning.set(false);
                                    },
                                    cancellation,
                                    failed -> {});
                            stillRunningWhenReturned.set(workerStillRunning.get());
                            interruptKept.set(Thread.currentThread().isInterrupted());
                        });
        assertTrue(started.await(60, TimeUnit.SECONDS));
        caller.interrupt();
        caller.join(60_000);
        pool.shutdownNow();
        assertTrue(cancellation.isCancelled());
        assertFalse(stillRunningWhenReturned.get(), "returned while a worker was at work");
        assertTrue(interruptKept.get());
        assertTrue(caller.isDaemon());
    }
}

package io.dynoscope.testsupport;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Waits until a condition on the window holds, evaluating it on the JavaFX thread. TestFX's own
 * polling evaluates on the test's thread, where a lookup walks children lists the JavaFX thread may
 * be changing at that moment (a dialog being built, rows arriving): CI once failed on such a walk
 * with an IndexOutOfBoundsException thrown inside the lookup.
 */
public final class FxWait {

    private FxWait() {}

    /** Polls every 50 ms, so a long wait on a busy machine does not crowd the JavaFX thread. */
    public static void until(long seconds, Callable<Boolean> condition) throws TimeoutException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        try {
            while (!WaitForAsyncUtils.asyncFx(condition).get(seconds, TimeUnit.SECONDS)) {
                if (System.nanoTime() > deadline) {
                    throw new TimeoutException("not true within " + seconds + " s");
                }
                Thread.sleep(50);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TimeoutException("interrupted while waiting");
        } catch (ExecutionException e) {
            throw new IllegalStateException("the condition failed", e.getCause());
        }
    }
}

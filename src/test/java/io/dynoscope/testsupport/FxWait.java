package io.dynoscope.testsupport;

import java.util.concurrent.Callable;
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

    public static void until(long seconds, Callable<Boolean> condition) throws TimeoutException {
        WaitForAsyncUtils.waitFor(
                seconds,
                TimeUnit.SECONDS,
                () -> WaitForAsyncUtils.asyncFx(condition).get(seconds, TimeUnit.SECONDS));
    }
}

package io.dynoscope.app;

import java.util.concurrent.Executor;
import java.util.function.BooleanSupplier;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.beans.value.ObservableBooleanValue;

/**
 * When the grid's warm-up runs at start: after the connection made at start is done, and only if no
 * table has opened. It prepares the first table a person opens; run while a table opens (the
 * connection restores tabs, or opens one at once) it took the JavaFX thread for seconds ahead of
 * that table's first rows.
 */
final class GridWarmUpTiming {

    private GridWarmUpTiming() {}

    /**
     * Runs {@code warmUp} through {@code later} once {@code connecting} is false, unless {@code
     * tableOpen} then says a table is open; at most once.
     */
    static void whenIdle(
            ObservableBooleanValue connecting,
            BooleanSupplier tableOpen,
            Executor later,
            Runnable warmUp) {
        if (!connecting.get()) {
            // after what the connection's end does on this thread (tabs restored, a table opened)
            later.execute(
                    () -> {
                        if (!tableOpen.getAsBoolean()) {
                            warmUp.run();
                        }
                    });
            return;
        }
        connecting.addListener(
                new InvalidationListener() {
                    @Override
                    public void invalidated(Observable observable) {
                        if (!connecting.get()) {
                            connecting.removeListener(this);
                            whenIdle(connecting, tableOpen, later, warmUp);
                        }
                    }
                });
    }
}

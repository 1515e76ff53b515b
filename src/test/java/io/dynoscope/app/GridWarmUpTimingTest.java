package io.dynoscope.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.beans.property.SimpleBooleanProperty;
import org.junit.jupiter.api.Test;

/** The grid's warm-up waits for the connection made at start and gives way to a table. */
class GridWarmUpTimingTest {

    private final SimpleBooleanProperty connecting = new SimpleBooleanProperty();
    private final AtomicBoolean tableOpen = new AtomicBoolean();
    private final AtomicInteger warmUps = new AtomicInteger();

    private void schedule() {
        GridWarmUpTiming.whenIdle(
                connecting, tableOpen::get, Runnable::run, warmUps::incrementAndGet);
    }

    @Test
    void itWaitsForTheConnectionThenRunsOnce() {
        connecting.set(true);
        schedule();
        assertEquals(0, warmUps.get());
        connecting.set(false);
        assertEquals(1, warmUps.get());
        connecting.set(true);
        connecting.set(false);
        assertEquals(1, warmUps.get());
    }

    @Test
    void aTableOpenedByTheConnectionCancelsIt() {
        connecting.set(true);
        schedule();
        // the connection's end restores a table tab (or the smoke run opens one)
        tableOpen.set(true);
        connecting.set(false);
        assertEquals(0, warmUps.get());
    }

    @Test
    void withATableAlreadyOpenItDoesNotRun() {
        tableOpen.set(true);
        schedule();
        assertEquals(0, warmUps.get());
    }
}

package io.dynoscope.ui.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/**
 * Work that reports as it goes: each report reaches the UI executor, in order, before the result.
 */
class BackgroundWorkTest {

    @Test
    void reportsArriveOnTheUiExecutorInOrderBeforeTheResult() {
        ConcurrentLinkedQueue<Runnable> uiQueue = new ConcurrentLinkedQueue<>();
        BackgroundWork work = new BackgroundWork(Executors.newSingleThreadExecutor(), uiQueue::add);
        List<String> seen = new ArrayList<>();
        BackgroundWork.Handle handle =
                work.submit(
                        "count",
                        (cancellation, report) -> {
                            for (int i = 1; i <= 3; i++) {
                                report.accept(i);
                            }
                            return "done";
                        },
                        (Integer n) -> seen.add("report " + n),
                        result -> seen.add(result),
                        error -> seen.add("failed"));
        // nothing reaches the UI but through its executor
        while (!handle.future().isDone()) {
            Runnable next = uiQueue.poll();
            if (next != null) {
                next.run();
            } else {
                Thread.onSpinWait();
            }
        }
        assertEquals(List.of("report 1", "report 2", "report 3", "done"), seen);
        assertTrue(uiQueue.isEmpty());
        work.shutdown();
    }

    @Test
    void aFailureAfterReportsReachesTheFailureHandler() {
        BackgroundWork work =
                new BackgroundWork(Executors.newSingleThreadExecutor(), UiExecutor.inline());
        List<String> seen = new CopyOnWriteArrayList<>();
        work.submit(
                        "fail",
                        (cancellation, report) -> {
                            report.accept("half");
                            throw new IllegalStateException("the engine went away");
                        },
                        (String r) -> seen.add(r),
                        result -> seen.add("succeeded"),
                        error -> seen.add(ErrorMessages.describe(error)))
                .await();
        assertEquals(List.of("half", "the engine went away"), seen);
        work.shutdown();
    }

    @Test
    void workAskedForAfterShutdownIsNotStartedAndDoesNotThrow() {
        BackgroundWork work =
                new BackgroundWork(Executors.newSingleThreadExecutor(), UiExecutor.inline());
        work.shutdown();
        List<Object> handled = new ArrayList<>();

        BackgroundWork.Handle handle = work.submit("late", c -> "ran", handled::add, handled::add);
        handle.await();

        assertTrue(handle.cancellation().isCancelled());
        assertEquals(List.of(), handled);
    }
}

package io.dynoscope.ui.common;

import io.dynoscope.core.table.Cancellation;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs work off the UI thread and hands its result or failure back on the UI executor. A failure is
 * always logged and always passed to the failure handler, so nothing fails silently.
 */
public final class BackgroundWork {

    private static final Logger LOG = LoggerFactory.getLogger(BackgroundWork.class);

    private final ExecutorService background;
    private final UiExecutor ui;

    public BackgroundWork(ExecutorService background, UiExecutor ui) {
        this.background = Objects.requireNonNull(background);
        this.ui = Objects.requireNonNull(ui);
    }

    public UiExecutor ui() {
        return ui;
    }

    /** A unit of work that checks its cancellation between steps. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Cancellation cancellation) throws Exception;
    }

    /**
     * A unit of work that also reports as it goes (progress, or each page of a stream); the reports
     * reach the UI thread in order, before the result.
     */
    @FunctionalInterface
    public interface ReportingWork<T, P> {
        T run(Cancellation cancellation, Consumer<P> report) throws Exception;
    }

    /** A started piece of work; cancel() asks it to stop at its next check. */
    public record Handle(Cancellation cancellation, CompletableFuture<?> future) {
        public void cancel() {
            cancellation.cancel();
        }

        /** Blocks until the work and its handlers are done (tests and shutdown). */
        public void await() {
            try {
                future.join();
            } catch (CompletionException ignored) {
                // the failure handler has already seen it
            }
        }
    }

    public <T> Handle submit(
            String what, Work<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
        Cancellation cancellation = new Cancellation();
        CompletableFuture<Void> future = new CompletableFuture<>();
        try {
            start(what, work, onSuccess, onFailure, cancellation, future);
        } catch (RejectedExecutionException e) {
            // the window is closing (a selection cleared as it goes asks for work): nothing runs
            LOG.debug("{} not started: the work has shut down", what);
            cancellation.cancel();
            future.complete(null);
        }
        return new Handle(cancellation, future);
    }

    private <T> void start(
            String what,
            Work<T> work,
            Consumer<T> onSuccess,
            Consumer<Throwable> onFailure,
            Cancellation cancellation,
            CompletableFuture<Void> future) {
        background.execute(
                () -> {
                    T result;
                    try {
                        result = work.run(cancellation);
                    } catch (Throwable e) {
                        if (e instanceof InterruptedException || cancellation.isCancelled()) {
                            // stopped on purpose (a cancel, or the app closing): not a failure
                            LOG.debug("{} stopped", what, e);
                        } else {
                            LOG.warn("{} failed", what, e);
                        }
                        ui.execute(
                                () -> {
                                    try {
                                        onFailure.accept(e);
                                    } finally {
                                        future.complete(null);
                                    }
                                });
                        return;
                    }
                    ui.execute(
                            () -> {
                                try {
                                    onSuccess.accept(result);
                                } catch (RuntimeException e) {
                                    LOG.error("{}: handling its result failed", what, e);
                                    onFailure.accept(e);
                                } finally {
                                    future.complete(null);
                                }
                            });
                });
    }

    /**
     * Runs work that reports as it goes: each report is handed to {@code onReport} on the UI
     * executor, in the order it was made and before the success or failure handler.
     */
    public <T, P> Handle submit(
            String what,
            ReportingWork<T, P> work,
            Consumer<P> onReport,
            Consumer<T> onSuccess,
            Consumer<Throwable> onFailure) {
        Objects.requireNonNull(onReport);
        return submit(
                what,
                cancellation ->
                        work.run(cancellation, report -> ui.execute(() -> onReport.accept(report))),
                onSuccess,
                onFailure);
    }

    public void shutdown() {
        background.shutdownNow();
    }
}

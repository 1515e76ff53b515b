package io.dynoscope.service.drift;

import io.dynoscope.core.drift.ItemPaths;
import io.dynoscope.core.drift.PropagationPlan;
import io.dynoscope.core.drift.PropagationPlan.PlannedWrite;
import io.dynoscope.core.expression.GuardedUpdate;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.work.DaemonPool;
import io.dynoscope.service.access.ReadOnlyException;
import io.dynoscope.service.access.WriteAccess;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.UpdateSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.function.Consumer;

/**
 * Runs a {@link PropagationPlan}: one guarded UpdateItem per copy, by a bounded number of workers,
 * backing off when DynamoDB throttles, stopping between writes when cancelled.
 *
 * <p>A write whose condition fails is never retried: the copy is re-read (or taken from the failed
 * write's answer) to tell "already current" from "changed by someone else". Because each write only
 * applies while the copy holds the old value, running a plan again after a cancel or a crash
 * finishes what is left and changes nothing twice.
 */
public final class DriftPropagation {

    /**
     * How to run.
     *
     * @param concurrency the most writes in flight at once
     * @param retries how often, and after what waits, a throttled write is sent again
     */
    public record Options(int concurrency, GuardedUpdates.Retries retries) {
        public Options {
            if (concurrency < 1) {
                throw new IllegalArgumentException(
                        "concurrency must be at least 1, not " + concurrency);
            }
            Objects.requireNonNull(retries, "retries");
        }

        public static Options withConcurrency(int concurrency) {
            return new Options(concurrency, GuardedUpdates.Retries.standard());
        }
    }

    /** Writes finished (in any way) out of the plan's total. */
    public record Progress(int done, int total) {}

    private enum Outcome {
        UPDATED,
        ALREADY_CURRENT,
        CHANGED_ELSEWHERE,
        FAILED
    }

    private record Result(
            Outcome outcome, AttributeValue currentValue, boolean itemDeleted, String why) {}

    private final DynamoRepository repository;
    private final GuardedUpdates.Sleeper sleeper;

    public DriftPropagation(DynamoRepository repository) {
        this(repository, duration -> Thread.sleep(duration.toMillis()));
    }

    public DriftPropagation(DynamoRepository repository, GuardedUpdates.Sleeper sleeper) {
        this.repository = Objects.requireNonNull(repository);
        this.sleeper = Objects.requireNonNull(sleeper);
    }

    /**
     * Runs the plan against {@code table}; {@code progress} is called on the worker threads. A
     * read-only connection is refused ({@link ReadOnlyException}) before the first write.
     */
    public PropagationReport propagate(
            String table,
            PropagationPlan plan,
            Options options,
            Consumer<Progress> progress,
            Cancellation cancellation) {
        WriteAccess.require(repository, "propagate drift into table '" + table + "'");
        long started = System.nanoTime();
        List<PlannedWrite> writes = plan.writes();
        Result[] results = new Result[writes.size()];
        AtomicInteger next = new AtomicInteger();
        AtomicInteger done = new AtomicInteger();
        AtomicInteger requests = new AtomicInteger();
        DoubleAdder capacity = new DoubleAdder();
        AtomicReference<String> stoppedBy = new AtomicReference<>();
        GuardedUpdates updates = new GuardedUpdates(repository, options.retries(), sleeper);
        Runnable worker =
                () -> {
                    while (!cancellation.isCancelled() && stoppedBy.get() == null) {
                        int i = next.getAndIncrement();
                        if (i >= writes.size()) {
                            return;
                        }
                        Result result =
                                write(
                                        updates,
                                        table,
                                        plan,
                                        writes.get(i),
                                        requests,
                                        capacity,
                                        stoppedBy,
                                        cancellation);
                        if (result == null) {
                            return;
                        }
                        results[i] = result;
                        progress.accept(new Progress(done.incrementAndGet(), writes.size()));
                    }
                };
        int workers = Math.min(options.concurrency(), Math.max(1, writes.size()));
        if (workers == 1) {
            worker.run();
        } else {
            runWorkers(worker, workers, cancellation);
        }
        return report(
                writes,
                results,
                cancellation.isCancelled(),
                stoppedBy.get(),
                requests.get(),
                capacity.sum(),
                Duration.ofNanos(System.nanoTime() - started));
    }

    /** The writes sorted by their results (none: not attempted), with what they cost. */
    private static PropagationReport report(
            List<PlannedWrite> writes,
            Result[] results,
            boolean cancelled,
            String stoppedBy,
            int requests,
            double capacity,
            Duration took) {
        List<PlannedWrite> updated = new ArrayList<>();
        List<PlannedWrite> alreadyCurrent = new ArrayList<>();
        List<PropagationReport.ChangedElsewhere> changed = new ArrayList<>();
        List<PropagationReport.Failed> failed = new ArrayList<>();
        List<PlannedWrite> notAttempted = new ArrayList<>();
        for (int i = 0; i < writes.size(); i++) {
            Result result = results[i];
            PlannedWrite write = writes.get(i);
            if (result == null) {
                notAttempted.add(write);
                continue;
            }
            switch (result.outcome()) {
                case UPDATED -> updated.add(write);
                case ALREADY_CURRENT -> alreadyCurrent.add(write);
                case CHANGED_ELSEWHERE ->
                        changed.add(
                                new PropagationReport.ChangedElsewhere(
                                        write, result.currentValue(), result.itemDeleted()));
                case FAILED -> failed.add(new PropagationReport.Failed(write, result.why()));
            }
        }
        return new PropagationReport(
                updated,
                alreadyCurrent,
                changed,
                failed,
                notAttempted,
                cancelled && !notAttempted.isEmpty(),
                stoppedBy,
                requests,
                capacity,
                took);
    }

    private static void runWorkers(Runnable worker, int workers, Cancellation cancellation) {
        ExecutorService pool = DaemonPool.of(workers, "drift-propagation");
        try {
            // an interrupted caller: the workers stop before their next write
            DaemonPool.runWorkers(
                    pool,
                    workers,
                    worker,
                    cancellation,
                    cause -> {
                        throw new IllegalStateException("a propagation worker failed", cause);
                    });
        } finally {
            pool.shutdown();
        }
    }

    /**
     * One guarded write with its retries; null when it was not attempted (cancelled while backing
     * off).
     */
    private static Result write(
            GuardedUpdates updates,
            String table,
            PropagationPlan plan,
            PlannedWrite write,
            AtomicInteger requests,
            DoubleAdder capacity,
            AtomicReference<String> stoppedBy,
            Cancellation cancellation) {
        GuardedUpdate guarded = plan.guardedUpdate(write);
        GuardedUpdates.Outcome outcome =
                updates.send(
                        UpdateSpec.guarded(table, write.copy(), guarded),
                        cancellation::isCancelled);
        requests.addAndGet(outcome.requests());
        capacity.add(outcome.consumedCapacity());
        if (outcome instanceof GuardedUpdates.Updated) {
            return new Result(Outcome.UPDATED, null, false, null);
        }
        if (outcome instanceof GuardedUpdates.Refused refused) {
            return changed(write, refused.current());
        }
        if (outcome instanceof GuardedUpdates.Failed failed) {
            if (failed.stopsEverything()) {
                stoppedBy.compareAndSet(null, failed.why());
            }
            return new Result(Outcome.FAILED, null, false, failed.why());
        }
        return null;
    }

    /** Tells a copy that already holds the new value from one someone else changed. */
    private static Result changed(PlannedWrite write, Item current) {
        if (current == null) {
            return new Result(Outcome.CHANGED_ELSEWHERE, null, true, null);
        }
        AttributeValue value = ItemPaths.valueAt(current, write.path()).orElse(null);
        if (write.newValue().equals(value)) {
            return new Result(Outcome.ALREADY_CURRENT, value, false, null);
        }
        return new Result(Outcome.CHANGED_ELSEWHERE, value, false, null);
    }
}

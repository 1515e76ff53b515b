package io.dynoscope.service.drift;

import io.dynoscope.core.item.Item;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.GetResult;
import io.dynoscope.service.store.RepositoryException;
import io.dynoscope.service.store.UpdateSpec;
import io.dynoscope.service.store.WriteOutcome;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BooleanSupplier;

/**
 * Sends one guarded UpdateItem (see {@code PropagationPlan.guarded}) the way the drift propagation
 * does: retried with backoff and jitter while DynamoDB throttles, never retried when its condition
 * fails; then the item as it is now comes back (from the failed write's answer, else a consistent
 * read), so the caller can tell "already right" from "changed by someone else" and "deleted". The
 * drift propagation and the model migration's backfill share it.
 */
public final class GuardedUpdates {

    /** Waits between attempts; tests replace it to avoid real sleeps. */
    @FunctionalInterface
    public interface Sleeper {
        void sleep(Duration duration) throws InterruptedException;
    }

    /**
     * How a throttled write is retried.
     *
     * @param maxAttempts attempts per write, the first included
     * @param firstBackoff the wait after the first throttled attempt; doubled each time, with
     *     jitter
     * @param maxBackoff the longest wait
     */
    public record Retries(int maxAttempts, Duration firstBackoff, Duration maxBackoff) {
        public Retries {
            if (maxAttempts < 1) {
                throw new IllegalArgumentException("a write needs at least one attempt");
            }
            Objects.requireNonNull(firstBackoff, "firstBackoff");
            Objects.requireNonNull(maxBackoff, "maxBackoff");
        }

        public static Retries standard() {
            return new Retries(8, Duration.ofMillis(50), Duration.ofSeconds(5));
        }
    }

    /** How one guarded write ended. */
    public sealed interface Outcome {
        /** UpdateItem requests sent, retries included. */
        int requests();

        /** Write and read capacity consumed. */
        double consumedCapacity();
    }

    /** The update was applied. */
    public record Updated(int requests, double consumedCapacity) implements Outcome {}

    /**
     * The condition did not hold, so nothing was written.
     *
     * @param current the item as it is now, or null when it no longer exists
     */
    public record Refused(Item current, int requests, double consumedCapacity) implements Outcome {}

    /**
     * The request failed, or re-reading a refused item failed.
     *
     * @param stopsEverything a failure every further write would meet as well (credentials, access,
     *     connection, table gone)
     */
    public record Failed(String why, boolean stopsEverything, int requests, double consumedCapacity)
            implements Outcome {}

    /** Not sent: cancelled while backing off. */
    public record NotAttempted(int requests, double consumedCapacity) implements Outcome {}

    private final DynamoRepository repository;
    private final Retries retries;
    private final Sleeper sleeper;

    public GuardedUpdates(DynamoRepository repository, Retries retries, Sleeper sleeper) {
        this.repository = Objects.requireNonNull(repository);
        this.retries = Objects.requireNonNull(retries);
        this.sleeper = Objects.requireNonNull(sleeper);
    }

    public GuardedUpdates(DynamoRepository repository) {
        this(repository, Retries.standard(), duration -> Thread.sleep(duration.toMillis()));
    }

    /** Sends {@code spec}; {@code cancelled} is asked before each retry. */
    public Outcome send(UpdateSpec spec, BooleanSupplier cancelled) {
        double capacity = 0;
        for (int attempt = 1; ; attempt++) {
            WriteOutcome outcome;
            try {
                outcome = repository.updateItem(spec.withoutOldItem());
            } catch (RepositoryException e) {
                if (e.kind() == RepositoryException.Kind.THROTTLED
                        && attempt < retries.maxAttempts()) {
                    if (!backOff(attempt, cancelled)) {
                        return new NotAttempted(attempt, capacity);
                    }
                    continue;
                }
                String why =
                        e.kind() == RepositoryException.Kind.THROTTLED
                                ? "still throttled after "
                                        + attempt
                                        + " attempts: "
                                        + e.getMessage()
                                : e.getMessage();
                return new Failed(why, stopsEverything(e.kind()), attempt, capacity);
            }
            capacity += outcome.consumedCapacity();
            if (outcome instanceof WriteOutcome.Written) {
                return new Updated(attempt, capacity);
            }
            Item current = ((WriteOutcome.ConditionFailed) outcome).currentItem();
            if (current != null) {
                return new Refused(current, attempt, capacity);
            }
            try {
                GetResult read = repository.getItem(spec.table(), spec.key(), true);
                capacity += read.statistics().consumedCapacity();
                return new Refused(read.item().orElse(null), attempt, capacity);
            } catch (RepositoryException e) {
                return new Failed(
                        "the item had changed, and re-reading it to see how failed: "
                                + e.getMessage(),
                        stopsEverything(e.kind()),
                        attempt,
                        capacity);
            }
        }
    }

    /** Waits before the next attempt; false when cancelled or interrupted meanwhile. */
    private boolean backOff(int attempt, BooleanSupplier cancelled) {
        long ceiling =
                Math.min(
                        retries.maxBackoff().toMillis(),
                        retries.firstBackoff().toMillis() << Math.min(attempt - 1, 20));
        // Jitter spreads the workers' retries so they do not hit the table in step.
        long wait = ceiling / 2 + ThreadLocalRandom.current().nextLong(ceiling / 2 + 1);
        try {
            sleeper.sleep(Duration.ofMillis(wait));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        return !cancelled.getAsBoolean();
    }

    /** Failures that every further write would meet as well. */
    private static boolean stopsEverything(RepositoryException.Kind kind) {
        return kind == RepositoryException.Kind.CREDENTIALS
                || kind == RepositoryException.Kind.ACCESS_DENIED
                || kind == RepositoryException.Kind.UNREACHABLE
                || kind == RepositoryException.Kind.NOT_FOUND;
    }
}

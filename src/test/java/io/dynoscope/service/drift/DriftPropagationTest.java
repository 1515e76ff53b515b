package io.dynoscope.service.drift;

import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.drift.PropagationPlan;
import io.dynoscope.core.drift.PropagationPlan.PlannedWrite;
import io.dynoscope.core.expression.AttributePath;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.service.store.ForwardingRepository;
import io.dynoscope.service.store.RepositoryException;
import io.dynoscope.service.store.UpdateSpec;
import io.dynoscope.service.store.WriteOutcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Propagation's retry, stop and concurrency rules, against a scripted repository. */
class DriftPropagationTest {

    private static PropagationPlan plan(int writes) {
        return new PropagationPlan(
                "PK",
                IntStream.range(0, writes)
                        .mapToObj(
                                i ->
                                        new PlannedWrite(
                                                Key.of("PK", s("POST#" + i), "SK", s("META")),
                                                AttributePath.of("authorName"),
                                                s("old"),
                                                s("new"),
                                                Key.of("PK", s("USER#1"), "SK", s("META"))))
                        .toList());
    }

    /** A repository whose UpdateItem answers are scripted by the caller. */
    private static final class ScriptedRepository extends ForwardingRepository {
        private final Function<UpdateSpec, WriteOutcome> answer;
        final AtomicInteger calls = new AtomicInteger();

        ScriptedRepository(Function<UpdateSpec, WriteOutcome> answer) {
            super(null);
            this.answer = answer;
        }

        @Override
        public WriteOutcome updateItem(UpdateSpec update) {
            calls.incrementAndGet();
            return answer.apply(update);
        }
    }

    private static RepositoryException failure(RepositoryException.Kind kind) {
        return new RepositoryException(kind, "UpdateItem", "blog", kind + " from the test", null);
    }

    @Test
    void throttledWritesBackOffAndSucceed() {
        AtomicInteger attempts = new AtomicInteger();
        ScriptedRepository repository =
                new ScriptedRepository(
                        update -> {
                            if (attempts.incrementAndGet() <= 2) {
                                throw failure(RepositoryException.Kind.THROTTLED);
                            }
                            return new WriteOutcome.Written(null, 1, Optional.empty());
                        });
        List<Duration> waits = new ArrayList<>();

        PropagationReport report =
                new DriftPropagation(repository, waits::add)
                        .propagate(
                                "blog",
                                plan(1),
                                new DriftPropagation.Options(
                                        1,
                                        new GuardedUpdates.Retries(
                                                8, Duration.ofMillis(100), Duration.ofSeconds(5))),
                                p -> {},
                                Cancellation.none());

        assertEquals(1, report.updated().size());
        assertEquals(3, report.writeRequests());
        assertEquals(2, waits.size());
        assertTrue(
                waits.get(0).toMillis() >= 50 && waits.get(0).toMillis() <= 100, waits.toString());
        assertTrue(
                waits.get(1).toMillis() >= 100 && waits.get(1).toMillis() <= 200, waits.toString());
    }

    @Test
    void aWriteStillThrottledAfterItsAttemptsFailsWithWhy() {
        ScriptedRepository repository =
                new ScriptedRepository(
                        update -> {
                            throw failure(RepositoryException.Kind.THROTTLED);
                        });

        PropagationReport report =
                new DriftPropagation(repository, d -> {})
                        .propagate(
                                "blog",
                                plan(2),
                                new DriftPropagation.Options(
                                        1,
                                        new GuardedUpdates.Retries(
                                                3, Duration.ofMillis(1), Duration.ofMillis(1))),
                                p -> {},
                                Cancellation.none());

        assertEquals(2, report.failed().size());
        assertTrue(
                report.failed().get(0).why().startsWith("still throttled after 3 attempts"),
                report.failed().get(0).why());
        assertEquals(6, repository.calls.get());
        assertNull(report.stoppedBy());
    }

    @Test
    void aFailureEveryWriteWouldMeetStopsTheRun() {
        ScriptedRepository repository =
                new ScriptedRepository(
                        update -> {
                            throw failure(RepositoryException.Kind.CREDENTIALS);
                        });

        PropagationReport report =
                new DriftPropagation(repository, d -> {})
                        .propagate(
                                "blog",
                                plan(5),
                                DriftPropagation.Options.withConcurrency(1),
                                p -> {},
                                Cancellation.none());

        assertEquals(1, report.failed().size());
        assertEquals(4, report.notAttempted().size());
        assertTrue(report.stoppedBy().contains("CREDENTIALS from the test"));
    }

    @Test
    void cancellingWhileBackingOffLeavesTheWriteNotAttempted() {
        Cancellation cancellation = new Cancellation();
        ScriptedRepository repository =
                new ScriptedRepository(
                        update -> {
                            throw failure(RepositoryException.Kind.THROTTLED);
                        });

        PropagationReport report =
                new DriftPropagation(repository, d -> cancellation.cancel())
                        .propagate(
                                "blog",
                                plan(3),
                                DriftPropagation.Options.withConcurrency(1),
                                p -> {},
                                cancellation);

        assertEquals(3, report.notAttempted().size());
        assertTrue(report.cancelled());
        assertEquals(1, repository.calls.get());
    }

    @Test
    void noMoreWritesAreInFlightThanTheConcurrencyAllows() {
        AtomicInteger inFlight = new AtomicInteger();
        List<Integer> seen = Collections.synchronizedList(new ArrayList<>());
        ScriptedRepository repository =
                new ScriptedRepository(
                        update -> {
                            seen.add(inFlight.incrementAndGet());
                            try {
                                Thread.sleep(5);
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                            inFlight.decrementAndGet();
                            return new WriteOutcome.Written(null, 1, Optional.empty());
                        });

        PropagationReport report =
                new DriftPropagation(repository)
                        .propagate(
                                "blog",
                                plan(40),
                                DriftPropagation.Options.withConcurrency(3),
                                p -> {},
                                Cancellation.none());

        assertEquals(40, report.updated().size());
        int most = seen.stream().mapToInt(Integer::intValue).max().orElseThrow();
        assertTrue(most <= 3 && most > 1, "at most " + most + " in flight");
        assertEquals(40.0, report.consumedCapacity());
    }
}

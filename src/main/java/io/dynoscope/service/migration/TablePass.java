package io.dynoscope.service.migration;

import io.dynoscope.core.drift.PropagationPlan;
import io.dynoscope.core.expression.AttributePath;
import io.dynoscope.core.expression.Row;
import io.dynoscope.core.expression.UpdateRow;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.migration.AttributeComputation;
import io.dynoscope.core.migration.Computed;
import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.PatternAnswers;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.PageListener;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.core.work.DaemonPool;
import io.dynoscope.service.drift.GuardedUpdates;
import io.dynoscope.service.migration.PassTally.Count;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.RepositoryException;
import io.dynoscope.service.store.ScanSpec;
import io.dynoscope.service.store.UpdateSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;

/**
 * One pass over the whole table: its Scan segments read by a bounded number of workers, each item
 * of a page handled before the next page, and each segment's tally handed on once all its items
 * were. A backfill or catch-up pass writes, through the drift propagation's guard, the computed
 * attributes of each item that disagrees; a verification pass only counts; a cleanup pass removes
 * the attributes the target no longer uses.
 */
public final class TablePass implements PassRunner {

    /** What a pass does with each item. */
    public enum Kind {
        /** Writes what disagrees and hashes every item's other attributes (the "before"). */
        BACKFILL,
        /** Writes what disagrees. */
        CATCH_UP,
        /** Writes nothing; counts what disagrees and hashes (the "after"). */
        VERIFY,
        /** Removes the attributes the target no longer uses. */
        CLEANUP
    }

    /** Hears of a segment once every item of it was handled. */
    @FunctionalInterface
    public interface SegmentDone {
        void done(int segment, PassTally tally) throws IOException;
    }

    /**
     * Reads one segment's items in pages: the table's parallel Scan, or (a whole-table job's
     * backfill from a DynamoDB export) the export files the segment owns.
     */
    @FunctionalInterface
    public interface SegmentReader {
        ReadResult read(
                int segment, int totalSegments, PageListener pages, Cancellation cancellation);
    }

    /** Hears of progress after each page, on the reading thread. */
    @FunctionalInterface
    public interface Progress {
        void items(long read, long written);
    }

    /**
     * @param complete every segment was handled
     * @param stoppedBy why the pass stopped early (a failure every further request would meet), or
     *     null
     */
    public record Result(PassTally tally, boolean complete, String stoppedBy) {}

    /** How often one item is re-read and recomputed when its guarded write is refused. */
    static final int MAX_RECOMPUTES = 5;

    private final DynamoRepository repository;
    private final GuardedUpdates updates;
    private final String table;
    private final KeySchema keys;
    private final AttributeComputation computation;
    private final Map<String, List<String>> removals;
    private final SegmentReader backfillReader;

    /**
     * @param removals per entity, the attributes a cleanup pass removes
     */
    public TablePass(
            DynamoRepository repository,
            GuardedUpdates updates,
            String table,
            AttributeComputation computation,
            Map<String, List<String>> removals) {
        this.repository = repository;
        this.updates = updates;
        this.table = table;
        this.keys = computation.model().keys();
        this.computation = computation;
        this.removals = Map.copyOf(removals);
        this.backfillReader = null;
    }

    private TablePass(TablePass pass, SegmentReader backfillReader) {
        this.repository = pass.repository;
        this.updates = pass.updates;
        this.table = pass.table;
        this.keys = pass.keys;
        this.computation = pass.computation;
        this.removals = pass.removals;
        this.backfillReader = backfillReader;
    }

    /**
     * This pass with its backfill reading the items from {@code reader} (a snapshot, such as a
     * DynamoDB export) instead of the table: each write is still guarded on what was read, so an
     * item changed since the snapshot is re-read and computed again, one deleted is left deleted.
     * The other passes read the table.
     */
    public TablePass withBackfillFrom(SegmentReader reader) {
        return new TablePass(this, reader);
    }

    /**
     * Runs a pass over the segments of a {@code totalSegments}-segment Scan that are not in {@code
     * skip}, with {@code concurrency} workers.
     */
    @Override
    public Result run(
            Kind kind,
            int totalSegments,
            Set<Integer> skip,
            int concurrency,
            SegmentDone onSegment,
            Progress progress,
            Cancellation cancellation) {
        return runSegments(
                kind,
                totalSegments,
                IntStream.range(0, totalSegments).filter(s -> !skip.contains(s)).boxed().toList(),
                concurrency,
                onSegment,
                progress,
                cancellation);
    }

    /**
     * Runs a pass over {@code segments} of a {@code totalSegments}-segment Scan with {@code
     * concurrency} workers (a whole-table job's task runs the segments it owns this way).
     */
    public Result runSegments(
            Kind kind,
            int totalSegments,
            List<Integer> segments,
            int concurrency,
            SegmentDone onSegment,
            Progress progress,
            Cancellation cancellation) {
        Run run = new Run(kind, totalSegments, segments, onSegment, progress, cancellation);
        int workers = Math.max(1, Math.min(concurrency, segments.size()));
        ExecutorService pool = DaemonPool.of(workers, "migration");
        try {
            // an interrupted caller: the workers stop after their current request
            DaemonPool.runWorkers(
                    pool,
                    workers,
                    run::work,
                    cancellation,
                    cause -> run.stop("a migration worker failed: " + cause));
        } finally {
            pool.shutdownNow();
        }
        // the last word on the pass, with the writes since its last page (a cut-off one's too)
        progress.items(run.read.get(), run.written.get());
        return run.result();
    }

    /**
     * The guarded UpdateItem a backfill or catch-up pass sends to make {@code scanned} agree with
     * {@code computed}: sent only while the item holds what was scanned, both the values the new
     * attributes were computed from and the new attributes themselves ({@link Computed#guard}).
     */
    static UpdateSpec backfillWrite(String table, KeySchema keys, Item scanned, Computed computed) {
        return UpdateSpec.guarded(
                table,
                keys.keyOf(scanned),
                PropagationPlan.guarded(
                        keys.partitionKey(), computed.actions(scanned), computed.guard(scanned)));
    }

    /** One pass in progress. */
    private final class Run {
        private final Kind kind;
        private final int totalSegments;
        private final List<Integer> segments;
        private final SegmentDone onSegment;
        private final Progress progress;
        private final Cancellation cancellation;
        private final AtomicInteger next = new AtomicInteger();
        private final AtomicInteger finished = new AtomicInteger();
        private final AtomicLong read = new AtomicLong();
        private final AtomicLong written = new AtomicLong();
        private final AtomicReference<String> stoppedBy = new AtomicReference<>();
        private PassTally total = PassTally.EMPTY;

        Run(
                Kind kind,
                int totalSegments,
                List<Integer> segments,
                SegmentDone onSegment,
                Progress progress,
                Cancellation cancellation) {
            this.kind = kind;
            this.totalSegments = totalSegments;
            this.segments = segments;
            this.onSegment = onSegment;
            this.progress = progress;
            this.cancellation = cancellation;
        }

        void stop(String why) {
            stoppedBy.compareAndSet(null, why);
        }

        boolean stopping() {
            return stoppedBy.get() != null || cancellation.isCancelled();
        }

        void work() {
            while (!stopping()) {
                int i = next.getAndIncrement();
                if (i >= segments.size()) {
                    return;
                }
                segment(segments.get(i));
            }
        }

        private void segment(int segment) {
            PassTally.Counter counter = new PassTally.Counter();
            boolean[] cut = {false};
            ScanSpec spec =
                    ScanSpec.table(table)
                            .withSegments(totalSegments)
                            .consistent(kind != Kind.BACKFILL);
            ReadResult result;
            SegmentReader reader =
                    kind == Kind.BACKFILL && backfillReader != null
                            ? backfillReader
                            : (n, total, pages, cancel) ->
                                    repository.scanSegment(spec, n, pages, cancel);
            try {
                result =
                        reader.read(
                                segment,
                                totalSegments,
                                page -> {
                                    for (Item item : page.items()) {
                                        if (stopping()) {
                                            cut[0] = true;
                                            return false;
                                        }
                                        // counted before its write, so written never passes read
                                        read.incrementAndGet();
                                        if (!handle(item, counter)) {
                                            cut[0] = true;
                                            return false;
                                        }
                                    }
                                    progress.items(read.get(), written.get());
                                    return true;
                                },
                                cancellation);
            } catch (RepositoryException e) {
                stop(e.getMessage());
                return;
            }
            if (cut[0] || !result.complete()) {
                return;
            }
            PassTally tally = counter.tally();
            try {
                onSegment.done(segment, tally);
            } catch (IOException e) {
                stop("the journal could not be written: " + e.getMessage());
                throw new UncheckedIOException(e);
            }
            synchronized (this) {
                total = total.plus(tally);
            }
            finished.incrementAndGet();
        }

        synchronized Result result() {
            boolean complete = finished.get() == segments.size();
            return new Result(total, complete, stoppedBy.get());
        }

        /** Handles one item; false when the pass must stop (cancelled, or a failure for all). */
        private boolean handle(Item item, PassTally.Counter counter) {
            counter.add(Count.READ);
            Key key = keys.keyOf(item);
            Optional<Computed> computed = computation.compute(item);
            boolean hash = kind == Kind.BACKFILL || kind == Kind.VERIFY;
            if (computed.isEmpty()) {
                counter.add(Count.OF_NO_ENTITY, key.text());
                counter.entity(PassTally.NO_ENTITY, item, Set.of(), hash);
                return true;
            }
            String entity = computed.get().entity();
            counter.entity(entity, item, computation.computedNames(entity), hash);
            if (!computed.get().computable()) {
                counter.add(Count.UNCOMPUTABLE, key.text() + ": " + computed.get().problem());
                if (kind == Kind.VERIFY) {
                    unanswered(key, item, computed.get(), counter);
                }
                return true;
            }
            return switch (kind) {
                case BACKFILL, CATCH_UP -> migrate(key, item, computed.get(), counter);
                case VERIFY -> verify(key, item, computed.get(), counter);
                case CLEANUP ->
                        cleanUp(key, item, removals.getOrDefault(entity, List.of()), counter);
            };
        }

        private boolean verify(Key key, Item item, Computed computed, PassTally.Counter counter) {
            List<String> wrong = computed.disagreements(item);
            if (wrong.isEmpty()) {
                rightOrLeftOut(key, computed, counter);
            } else {
                String name = wrong.get(0);
                AttributeValue expected = computed.values().get(name);
                AttributeValue found = item.attributes().get(name);
                counter.add(
                        Count.DISAGREEING,
                        key.text()
                                + ": "
                                + name
                                + " is "
                                + (found == null ? "absent" : ItemJson.DYNAMODB.write(found))
                                + ", its template gives "
                                + (expected == null ? "none" : ItemJson.DYNAMODB.write(expected)));
            }
            return true;
        }

        /**
         * Counts an item that could not be keyed once per pattern of the target that reads an index
         * its entity keys and that it answers: the pattern can never return it.
         */
        private void unanswered(Key key, Item item, Computed computed, PassTally.Counter counter) {
            TableModel target = computation.model();
            Optional<Entity> entity = target.entity(computed.entity());
            for (AccessPattern pattern : target.accessPatterns()) {
                if (pattern.index() != null
                        && entity.isPresent()
                        && entity.get().indexKeys().containsKey(pattern.index())
                        && PatternAnswers.answerable(target, pattern, item)) {
                    counter.add(
                            Count.UNANSWERED,
                            "'"
                                    + pattern.name()
                                    + "' cannot return "
                                    + key.text()
                                    + " ("
                                    + computed.problem()
                                    + ")");
                }
            }
        }

        /** Counts an item that agrees: right, or left out of an index for a value it lacks. */
        private static void rightOrLeftOut(Key key, Computed computed, PassTally.Counter counter) {
            Optional<String> leftOut = computed.leftOut();
            if (leftOut.isPresent()) {
                counter.add(Count.LEFT_OUT, key.text() + ": " + leftOut.get());
            } else {
                counter.add(Count.ALREADY_RIGHT);
            }
        }

        /** Makes the item agree, re-reading and recomputing it while someone else changes it. */
        private boolean migrate(Key key, Item item, Computed computed, PassTally.Counter counter) {
            Item current = item;
            Computed now = computed;
            for (int attempt = 0; attempt < MAX_RECOMPUTES; attempt++) {
                List<UpdateRow> actions = now.actions(current);
                if (actions.isEmpty()) {
                    if (attempt == 0) {
                        rightOrLeftOut(key, computed, counter);
                    }
                    return true;
                }
                GuardedUpdates.Outcome outcome =
                        updates.send(
                                backfillWrite(table, keys, current, now),
                                cancellation::isCancelled);
                if (outcome instanceof GuardedUpdates.Updated) {
                    counter.add(Count.UPDATED);
                    written.incrementAndGet();
                    return true;
                }
                if (outcome instanceof GuardedUpdates.Refused refused) {
                    if (refused.current() == null) {
                        counter.add(Count.DELETED_MEANWHILE, key.text());
                        return true;
                    }
                    counter.add(Count.CHANGED_MEANWHILE, key.text());
                    current = refused.current();
                    Optional<Computed> again = computation.compute(current);
                    if (again.isEmpty() || !again.get().computable()) {
                        counter.add(
                                Count.UNCOMPUTABLE,
                                key.text()
                                        + ": changed meanwhile, "
                                        + again.map(Computed::problem)
                                                .orElse("and now of no entity"));
                        return true;
                    }
                    now = again.get();
                    continue;
                }
                return failed(key, outcome, counter);
            }
            counter.add(
                    Count.DISAGREEING,
                    key.text()
                            + ": still changing after "
                            + MAX_RECOMPUTES
                            + " attempts; left for the catch-up");
            return true;
        }

        /** Removes what the target no longer uses, guarded on the values read. */
        private boolean cleanUp(
                Key key, Item item, List<String> attributes, PassTally.Counter counter) {
            List<UpdateRow> actions = new ArrayList<>();
            List<Row> guard = new ArrayList<>();
            for (String attribute : attributes) {
                AttributeValue value = item.attributes().get(attribute);
                if (value != null) {
                    actions.add(UpdateRow.remove(AttributePath.of(attribute)));
                    guard.add(
                            PropagationPlan.stillHolds(
                                    AttributePath.of(attribute), Optional.of(value)));
                }
            }
            if (actions.isEmpty()) {
                return true;
            }
            GuardedUpdates.Outcome outcome = send(key, actions, guard);
            if (outcome instanceof GuardedUpdates.Updated) {
                counter.add(Count.REMOVED);
                written.incrementAndGet();
                return true;
            }
            if (outcome instanceof GuardedUpdates.Refused refused) {
                counter.add(
                        refused.current() == null
                                ? Count.DELETED_MEANWHILE
                                : Count.CHANGED_MEANWHILE,
                        key.text());
                return true;
            }
            return failed(key, outcome, counter);
        }

        /** One UpdateItem through the drift propagation's guard: only while {@code guard} holds. */
        private GuardedUpdates.Outcome send(Key key, List<UpdateRow> actions, List<Row> guard) {
            return updates.send(
                    UpdateSpec.guarded(
                            table,
                            key,
                            PropagationPlan.guarded(keys.partitionKey(), actions, guard)),
                    cancellation::isCancelled);
        }

        private boolean failed(Key key, GuardedUpdates.Outcome outcome, PassTally.Counter counter) {
            if (outcome instanceof GuardedUpdates.Failed failed) {
                counter.add(Count.FAILED, key.text() + ": " + failed.why());
                if (failed.stopsEverything()) {
                    stop(failed.why());
                    return false;
                }
                return true;
            }
            return false; // not attempted: cancelled while backing off
        }
    }
}

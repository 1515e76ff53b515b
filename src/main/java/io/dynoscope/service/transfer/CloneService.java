package io.dynoscope.service.transfer;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.core.table.TableChange;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.core.table.TableDefinition.Billing;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.access.WriteAccess;
import io.dynoscope.service.store.BatchResult;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.RepositoryException;
import io.dynoscope.service.store.ScanSpec;
import io.dynoscope.service.table.TableExistsException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.function.Consumer;

/**
 * Clone: a table copied to another connection (a local engine and AWS, one profile and another), or
 * to another name on the same one. The copy gets the source's keys, key types, global and local
 * secondary indexes with their projections and TTL attribute, billed as asked (on demand unless
 * told otherwise); then every item, read by a parallel Scan and written by a few concurrent
 * BatchWriteItem requests; then a count of the copy, which must equal the items read.
 */
public final class CloneService {

    /**
     * What to clone.
     *
     * @param segments parallel Scan segments on the source
     * @param concurrency batches written at once to the target
     */
    public record Request(
            String table, String targetTable, int segments, int concurrency, Billing billing) {
        public Request {
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(targetTable, "targetTable");
            Objects.requireNonNull(billing, "billing");
            if (segments < 1 || concurrency < 1) {
                throw new IllegalArgumentException("segments and concurrency are at least 1");
            }
        }
    }

    /** Items read from the source and written to the target so far. */
    public record Progress(long read, long written, int writeRequests, double writeCapacity) {}

    /**
     * How a clone ended.
     *
     * @param complete every item was read and written (false when cancelled or failed)
     * @param targetCount the items the copy holds, counted afterwards (-1 when not counted)
     * @param reads the source Scan's cost
     * @param timeToLive what became of the source's TTL setting, or empty when it has none
     * @param failure why the copy stopped, or null
     */
    public record Report(
            boolean complete,
            Progress progress,
            long targetCount,
            ReadStatistics reads,
            Optional<String> timeToLive,
            String failure) {

        /** Whether the copy holds exactly the items read. */
        public boolean countsMatch() {
            return targetCount == progress.read();
        }
    }

    private final DynamoRepository source;
    private final DynamoRepository target;

    public CloneService(DynamoRepository source, DynamoRepository target) {
        this.source = Objects.requireNonNull(source, "source");
        this.target = Objects.requireNonNull(target, "target");
    }

    /**
     * The requests that create the copy (CreateTable, and UpdateTimeToLive when the source has a
     * TTL attribute), as sent, to show first. Reads only the source's description.
     */
    public List<String> plan(Request request) {
        return changes(request, source.describeTable(request.table())).stream()
                .map(target::requestText)
                .toList();
    }

    private static List<TableChange> changes(Request request, TableInfo table) {
        List<TableChange> changes = new ArrayList<>();
        changes.add(
                new TableChange.CreateTable(
                        TableDefinition.like(table, request.targetTable(), request.billing())));
        table.ttlAttribute()
                .ifPresent(
                        ttl ->
                                changes.add(
                                        new TableChange.UpdateTimeToLive(
                                                request.targetTable(), ttl, true)));
        return changes;
    }

    /**
     * Creates the copy and fills it. Refuses a read-only target, and a target table that exists,
     * before anything is written.
     *
     * @param listener told after each page read and each batch written, on those threads
     */
    public Report clone(Request request, Consumer<Progress> listener, Cancellation cancellation) {
        WriteAccess.require(target, "clone into table '" + request.targetTable() + "'");
        TableInfo table = source.describeTable(request.table());
        if (target.listTables().contains(request.targetTable())) {
            throw new TableExistsException(
                    request.targetTable(),
                    "nothing was copied (a clone creates its table at the target: choose another"
                            + " --to-table or delete the table first)");
        }
        List<TableChange> changes = changes(request, table);
        target.changeTable(changes.get(0));
        Optional<String> timeToLive = Optional.empty();
        if (changes.size() > 1) {
            String attribute = table.ttlAttribute().orElseThrow();
            try {
                target.changeTable(changes.get(1));
                timeToLive = Optional.of("TTL on attribute '" + attribute + "'");
            } catch (RepositoryException e) {
                timeToLive =
                        Optional.of(
                                "TTL on attribute '"
                                        + attribute
                                        + "' was not set on the copy: "
                                        + e.serviceMessage());
            }
        }
        return copyItems(request, listener, cancellation, timeToLive);
    }

    private Report copyItems(
            Request request,
            Consumer<Progress> listener,
            Cancellation cancellation,
            Optional<String> timeToLive) {
        Copy copy = new Copy(request, listener);
        ReadResult reads;
        try (BatchWriters writers =
                new BatchWriters(
                        "clone",
                        request.concurrency(),
                        () -> cancellation.isCancelled() || copy.failure.get() != null)) {
            reads =
                    source.scan(
                            ScanSpec.table(request.table()).withSegments(request.segments()),
                            page -> copy.page(page.items(), writers),
                            cancellation);
        }
        Progress progress = copy.progress();
        boolean complete =
                reads.complete()
                        && copy.failure.get() == null
                        && progress.written() == progress.read();
        long count = complete ? count(request) : -1;
        return new Report(
                complete, progress, count, reads.statistics(), timeToLive, copy.failure.get());
    }

    /** The counters of one copy, and the writing of each page read. */
    private final class Copy {
        private final Request request;
        private final Consumer<Progress> listener;
        private final AtomicLong read = new AtomicLong();
        private final AtomicLong written = new AtomicLong();
        private final AtomicInteger requests = new AtomicInteger();
        private final DoubleAdder capacity = new DoubleAdder();
        private final AtomicReference<String> failure = new AtomicReference<>();

        Copy(Request request, Consumer<Progress> listener) {
            this.request = request;
            this.listener = listener;
        }

        /** Hands a page's items to the writers in batches; false stops the Scan. */
        boolean page(List<Item> items, BatchWriters writers) {
            read.addAndGet(items.size());
            listener.accept(progress());
            for (int from = 0; from < items.size(); from += ImportService.BATCH_SIZE) {
                List<Item> batch =
                        items.subList(
                                from, Math.min(items.size(), from + ImportService.BATCH_SIZE));
                if (!writers.submit(() -> write(batch))) {
                    return false;
                }
            }
            return true;
        }

        private void write(List<Item> batch) {
            try {
                BatchResult result =
                        target.batchWrite(
                                request.targetTable(), batch, List.of(), Cancellation.none());
                written.addAndGet(result.processed());
                requests.addAndGet(result.requests());
                capacity.add(result.consumedCapacity());
                listener.accept(progress());
            } catch (RuntimeException e) {
                failure.compareAndSet(null, e.getMessage());
            }
        }

        Progress progress() {
            return new Progress(read.get(), written.get(), requests.get(), capacity.sum());
        }
    }

    /** The items in the copy, by a Scan of it (the same segments as the source's). */
    private long count(Request request) {
        AtomicLong count = new AtomicLong();
        target.scan(
                ScanSpec.table(request.targetTable()).withSegments(request.segments()),
                page -> {
                    count.addAndGet(page.items().size());
                    return true;
                },
                Cancellation.none());
        return count.get();
    }
}

package io.dynoscope.service.sql;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.sql.ColumnPredicate;
import io.dynoscope.core.sql.PlannedRead;
import io.dynoscope.core.sql.ReadPlanner;
import io.dynoscope.core.sql.SqlRelation;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.PageListener;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.core.work.DaemonPool;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.QueryOrScanSpec;
import io.dynoscope.service.store.QuerySpec;
import io.dynoscope.service.store.ScanSpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.rex.RexNode;

/**
 * The DynamoDB reads of one statement, and the rows Calcite pulls from them.
 *
 * <p>Before the statement runs, {@link StatementPlan} tells it which reads each table scan of the
 * plan makes. A read that serves one scan streams: a reader thread sends its requests and hands
 * pages over a short queue, so rows reach the caller while later pages are on their way. A read
 * that serves several scans (the whole item collection that a join of two entities of one partition
 * shares) is read once, its pages kept for the statement ({@link SharedRead}), and each scan takes
 * its rows from them as they arrive.
 */
final class StatementReads implements SqlTable.RowSource {

    /**
     * Pages a streaming read may hold ahead of the rows taken from it (the repository asks for one
     * more while it delivers a page): enough for reads and rows to overlap, and little to throw
     * away when the rows are no longer wanted.
     */
    private static final int PAGES_AHEAD = 1;

    private static final long POLL_MILLIS = 50;

    /** How often a limited read looks whether its rows want more. */
    private static final long DEMAND_POLL_MILLIS = 2;

    /** How long the end of a statement waits for a stopped read's request in flight. */
    private static final long FINISH_MILLIS = 60_000;

    private final DynamoRepository repository;
    private final Cancellation cancellation;
    private final List<Cancellation> running = new CopyOnWriteArrayList<>();
    private final List<Thread> readers = new CopyOnWriteArrayList<>();
    private final List<ExecutedRead> executed = Collections.synchronizedList(new ArrayList<>());
    private final Map<PlannedRead, SharedRead> shared = new ConcurrentHashMap<>();
    private final Map<PlannedRead, List<Item>> firstItems = new ConcurrentHashMap<>();
    private volatile StatementPlan plan = StatementPlan.EMPTY;

    StatementReads(DynamoRepository repository, Cancellation cancellation) {
        this.repository = repository;
        this.cancellation = cancellation;
    }

    void plan(StatementPlan statementPlan) {
        this.plan = statementPlan;
    }

    /** The reads run so far, in the order they started. */
    List<ExecutedRead> executed() {
        synchronized (executed) {
            return List.copyOf(executed);
        }
    }

    /**
     * Waits for the reads still under way (stopped or not) to end, so that what they cost is known,
     * and returns every read the statement ran.
     */
    List<ExecutedRead> finish() {
        for (Thread reader : readers) {
            try {
                reader.join(FINISH_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return executed();
    }

    /** Samples a table for its columns (once a console), counted among this statement's reads. */
    void sample(SqlCatalog catalog, String table) {
        ExecutedRead record =
                ExecutedRead.sample(PlannedRead.sample(table, SqlCatalog.SAMPLE_SIZE));
        Cancellation stop = new Cancellation();
        running.add(stop);
        try {
            catalog.sample(table, stop)
                    .ifPresent(
                            result -> {
                                record.finish(result);
                                executed.add(record);
                            });
        } finally {
            running.remove(stop);
        }
    }

    /** Stops every read under way. */
    void cancel() {
        running.forEach(Cancellation::cancel);
    }

    @Override
    public Enumerable<Object[]> rows(SqlRelation relation, List<RexNode> filters, int[] projects) {
        StatementPlan.Lookup lookup = plan.lookupOf(relation, filters).orElse(null);
        List<PlannedRead> reads =
                lookup != null
                        ? null
                        : plan.readsOf(relation, filters)
                                .orElseGet(
                                        () ->
                                                ReadPlanner.plan(
                                                        relation,
                                                        RexPredicates.of(filters),
                                                        projects));
        return new AbstractEnumerable<>() {
            @Override
            public Enumerator<Object[]> enumerator() {
                return new RowEnumerator(relation, filters, projects, reads, lookup);
            }
        };
    }

    /** Rows of one relation from its reads (or its key lookup's), one read after the other. */
    private final class RowEnumerator implements Enumerator<Object[]> {
        private final SqlRelation relation;
        private final List<RexNode> filters;
        private final int[] projects;
        private Iterator<PlannedRead> reads;
        private final StatementPlan.Lookup lookup;
        private Iterator<Item> items = Collections.emptyIterator();
        private Object[] current;

        /** Reads {@code reads}, or, when they are null, looks up by {@code lookup}. */
        RowEnumerator(
                SqlRelation relation,
                List<RexNode> filters,
                int[] projects,
                List<PlannedRead> reads,
                StatementPlan.Lookup lookup) {
            this.relation = relation;
            this.filters = filters;
            this.projects = projects;
            this.reads = reads == null ? null : reads.iterator();
            this.lookup = lookup;
        }

        @Override
        public Object[] current() {
            return current;
        }

        @Override
        public boolean moveNext() {
            if (reads == null) {
                items = lookUp(lookup, projects).iterator();
                reads = Collections.emptyIterator();
            }
            while (true) {
                while (items.hasNext()) {
                    Object[] row = relation.row(items.next(), projects);
                    if (row != null) {
                        if (items instanceof StreamingRead streaming) {
                            streaming.rowTaken();
                        }
                        current = row;
                        return true;
                    }
                }
                closeItems();
                if (!reads.hasNext() || cancellation.isCancelled()) {
                    return false;
                }
                items = open(reads.next(), relation, filters);
            }
        }

        @Override
        public void reset() {
            throw new UnsupportedOperationException("a DynamoDB read cannot be rewound");
        }

        @Override
        public void close() {
            closeItems();
        }

        private void closeItems() {
            if (items instanceof StreamingRead streaming) {
                streaming.stop();
            }
            items = Collections.emptyIterator();
        }
    }

    /**
     * The items of a key lookup: the other side's reads (kept), the distinct values of its join
     * column, then one Query per value, a few at a time.
     */
    private List<Item> lookUp(StatementPlan.Lookup lookup, int[] projects) {
        Set<Object> values = new LinkedHashSet<>();
        int[] sourceColumn = {lookup.sourceColumn()};
        for (PlannedRead read : lookup.sourceReads()) {
            for (Iterator<Item> items = shared(read).items(); items.hasNext(); ) {
                Item item = items.next();
                Object[] row = lookup.source().row(item, sourceColumn);
                if (row != null && row[0] != null) {
                    values.add(row[0]);
                }
            }
        }
        List<PlannedRead> queries = new ArrayList<>();
        for (Object value : values) {
            List<ColumnPredicate> keyed = new ArrayList<>(lookup.predicates());
            keyed.add(ColumnPredicate.of(lookup.column(), ColumnPredicate.Operator.EQ, value));
            for (PlannedRead read : ReadPlanner.plan(lookup.relation(), keyed, projects)) {
                queries.add(
                        read.because(
                                StatementPlan.LOOKUP
                                        + lookup.source().name()
                                        + "."
                                        + lookup.source()
                                                .columns()
                                                .get(lookup.sourceColumn())
                                                .name()
                                        + " = "
                                        + value));
            }
        }
        ExecutorService lookups = DaemonPool.of(StatementPlan.LOOKUP_CONCURRENCY, "sql-lookup");
        try {
            List<Future<List<Item>>> pending = new ArrayList<>();
            for (PlannedRead query : queries) {
                pending.add(lookups.submit(() -> collect(query)));
            }
            List<Item> items = new ArrayList<>();
            for (Future<List<Item>> future : pending) {
                items.addAll(future.get());
            }
            return items;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return List.of();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException failure
                    ? failure
                    : new IllegalStateException(e.getCause());
        } finally {
            lookups.shutdownNow();
        }
    }

    /**
     * The items of {@code read} for one scan: streamed when the scan is its only consumer, else
     * from the read shared by the statement; a scan merged first takes only its own range first.
     */
    private Iterator<Item> open(PlannedRead read, SqlRelation relation, List<RexNode> filters) {
        if (plan.consumers(read) < 2) {
            StreamingRead streaming = new StreamingRead(read);
            streaming.start();
            return streaming;
        }
        SharedRead sharedRead = shared(read);
        PlannedRead own = plan.mergedFirst(relation, filters).orElse(null);
        if (own == null || read.isScan()) {
            return sharedRead.items();
        }
        return firstItems
                .computeIfAbsent(
                        own,
                        o ->
                                sharedRead.until(
                                        o.keyCondition().sortKey().orElseThrow(),
                                        read.keyCondition().keys().sortKey().orElseThrow(),
                                        read.scanForward(),
                                        () ->
                                                collect(
                                                        o.because(
                                                                StatementPlan.FIRST_BY_KEY
                                                                        + "the rows of "
                                                                        + relation.name()
                                                                        + ", which the first page"
                                                                        + " of the shared Query"
                                                                        + " did not reach"))))
                .iterator();
    }

    /** The statement's one run of a read that several scans take rows from, started on demand. */
    private SharedRead shared(PlannedRead read) {
        return shared.computeIfAbsent(
                read,
                r -> {
                    SharedRead sharedRead = new SharedRead(cancellation);
                    running.add(sharedRead.stop());
                    readers.add(
                            sharedRead.start(
                                    (listener, stop) -> {
                                        try {
                                            run(r, listener, stop);
                                        } finally {
                                            running.remove(stop);
                                        }
                                    }));
                    return sharedRead;
                });
    }

    /** Reads every page of a read on the calling thread. */
    List<Item> collect(PlannedRead read) {
        List<Item> items = new ArrayList<>();
        Cancellation stop = new Cancellation();
        running.add(stop);
        try {
            run(
                    read,
                    page -> {
                        items.addAll(page.items());
                        return !cancellation.isCancelled();
                    },
                    stop);
        } finally {
            running.remove(stop);
        }
        return items;
    }

    /** Sends a PartiQL SELECT with ExecuteStatement and returns every item of every page. */
    List<Item> executeStatement(String statement) {
        ExecutedRead record = new ExecutedRead(statement);
        executed.add(record);
        List<Item> items = new ArrayList<>();
        record.finish(
                repository.executeStatement(
                        statement,
                        page -> {
                            items.addAll(page.items());
                            return !cancellation.isCancelled();
                        },
                        cancellation));
        return items;
    }

    /**
     * Sends a read's requests, its pages to {@code listener}. A read with a limit asks for that
     * many items a request and stops there; when the rows still want more (a view skips the items
     * that are not its entity's), it goes on from where it stopped, as many again.
     */
    private void run(PlannedRead read, PageListener listener, Cancellation stop) {
        run(read, listener, stop, () -> true);
    }

    /**
     * As above; {@code wantsMore} is asked before a limited read goes on, and may wait until the
     * rows taken so far are used up.
     */
    private void run(
            PlannedRead read, PageListener listener, Cancellation stop, BooleanSupplier wantsMore) {
        ExecutedRead record = new ExecutedRead(read);
        executed.add(record);
        ReadStatistics total = ReadStatistics.NONE;
        Key resume = null;
        ReadResult result;
        do {
            result = send(read, resume, listener, stop);
            total = total.plus(result.statistics());
            resume = result.resumeKey();
            record.finish(new ReadResult(total, resume, result.cancelled()));
        } while (read.limit() > 0
                && resume != null
                && !result.cancelled()
                && !stop.isCancelled()
                && !cancellation.isCancelled()
                && wantsMore.getAsBoolean());
    }

    private ReadResult send(
            PlannedRead read, Key resume, PageListener listener, Cancellation stop) {
        if (read.isScan()) {
            return repository.scan(
                    shaped(ScanSpec.table(read.table()), read, resume), listener, stop);
        }
        QuerySpec query = QuerySpec.of(read.table(), read.keyConditionExpression());
        return repository.query(
                shaped(read.scanForward() ? query : query.descending(), read, resume),
                listener,
                stop);
    }

    /** {@code spec} with the read's index, filter, projection and limit, from {@code resume}. */
    private static <S extends QueryOrScanSpec<S>> S shaped(S spec, PlannedRead read, Key resume) {
        return spec.onIndex(read.index())
                .withFilter(read.filter())
                .withProjection(read.projection())
                .withPageSize(read.limit())
                .withLimit(read.limit())
                .startingAfter(resume);
    }

    /** A read on a reader thread that hands its pages to the row enumerator. */
    private final class StreamingRead implements Iterator<Item> {
        private final PlannedRead read;
        private final BlockingQueue<Object> pages = new ArrayBlockingQueue<>(PAGES_AHEAD);
        private final Cancellation stop = new Cancellation();
        private Iterator<Item> page = Collections.emptyIterator();
        private boolean finished;

        private final Object end = new Object();

        /*
         * Demand is counted, not flagged: the rows ask for page n+1 once they have used up n pages,
         * and the reader sends another request only while the pages asked for outnumber the pages
         * handed over. A flag ("waiting") could still be set from the wait for the page just handed,
         * and send a request the rows never wanted.
         */
        private volatile long pagesAskedFor;
        private final AtomicLong pagesHanded = new AtomicLong();
        private long pagesTaken;
        private final AtomicLong rows = new AtomicLong();

        StreamingRead(PlannedRead read) {
            this.read = read;
        }

        void start() {
            running.add(stop);
            Thread reader =
                    DaemonPool.threads("sql-read")
                            .newThread(
                                    () -> {
                                        Object last = end;
                                        try {
                                            run(read, p -> handPage(p.items()), stop, this::wanted);
                                        } catch (RuntimeException e) {
                                            last = e;
                                        } finally {
                                            running.remove(stop);
                                        }
                                        hand(last);
                                    });
            readers.add(reader);
            reader.start();
        }

        private boolean handPage(List<Item> items) {
            boolean handed = hand(items);
            if (handed) {
                pagesHanded.incrementAndGet();
            }
            return handed;
        }

        /** Puts a page (or the end) on the queue, waiting while it is full; false once stopped. */
        private boolean hand(Object element) {
            try {
                while (!stop.isCancelled() && !cancellation.isCancelled()) {
                    if (pages.offer(element, POLL_MILLIS, TimeUnit.MILLISECONDS)) {
                        return true;
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return false;
        }

        void stop() {
            stop.cancel();
        }

        void rowTaken() {
            rows.incrementAndGet();
        }

        /**
         * Whether a limited read should go on: fewer rows than its limit came of its items (some
         * were not the view's), and the rows have used up every page handed over and want another.
         */
        private boolean wanted() {
            while (!stop.isCancelled() && !cancellation.isCancelled()) {
                if (rows.get() >= read.limit()) {
                    return false;
                }
                if (pagesAskedFor > pagesHanded.get()) {
                    return true;
                }
                try {
                    Thread.sleep(DEMAND_POLL_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
            return false;
        }

        @Override
        public boolean hasNext() {
            while (!page.hasNext()) {
                if (finished) {
                    return false;
                }
                Object next = take();
                if (next == end || next == null) {
                    finished = true;
                    return false;
                }
                if (next instanceof RuntimeException failure) {
                    finished = true;
                    throw failure;
                }
                @SuppressWarnings("unchecked")
                List<Item> items = (List<Item>) next;
                page = items.iterator();
            }
            return true;
        }

        private Object take() {
            try {
                pagesAskedFor = pagesTaken + 1;
                while (!cancellation.isCancelled()) {
                    Object next = pages.poll(POLL_MILLIS, TimeUnit.MILLISECONDS);
                    if (next != null) {
                        pagesTaken++;
                        return next;
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            stop.cancel();
            return null;
        }

        @Override
        public Item next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return page.next();
        }
    }
}

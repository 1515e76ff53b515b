package io.dynoscope.service.sql;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.sql.PlannedRead;
import io.dynoscope.core.sql.ReadPlanner;
import io.dynoscope.core.sql.SqlRelation;
import io.dynoscope.repository.Cancellation;
import io.dynoscope.repository.DynamoRepository;
import io.dynoscope.repository.PageListener;
import io.dynoscope.repository.QuerySpec;
import io.dynoscope.repository.ReadResult;
import io.dynoscope.repository.ScanSpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
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
 * shares) is read once and kept for the statement: the per-statement cache of item collections.
 */
final class StatementReads implements SqlTable.RowSource {

    /** Pages a streaming read may run ahead of the rows taken from it. */
    private static final int PAGES_AHEAD = 2;

    private static final long POLL_MILLIS = 50;

    private final DynamoRepository repository;
    private final Cancellation cancellation;
    private final List<Cancellation> running = new CopyOnWriteArrayList<>();
    private final List<ExecutedRead> executed = Collections.synchronizedList(new ArrayList<>());
    private final Map<PlannedRead, List<Item>> kept = new ConcurrentHashMap<>();
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

    /** Stops every read under way. */
    void cancel() {
        running.forEach(Cancellation::cancel);
    }

    @Override
    public Enumerable<Object[]> rows(SqlRelation relation, List<RexNode> filters, int[] projects) {
        List<PlannedRead> reads =
                plan.readsOf(relation, filters)
                        .orElseGet(
                                () ->
                                        ReadPlanner.plan(
                                                relation, RexPredicates.of(filters), projects));
        return new AbstractEnumerable<>() {
            @Override
            public Enumerator<Object[]> enumerator() {
                return new RowEnumerator(relation, projects, reads);
            }
        };
    }

    /** Rows of one relation from its reads, one read after the other. */
    private final class RowEnumerator implements Enumerator<Object[]> {
        private final SqlRelation relation;
        private final int[] projects;
        private final Iterator<PlannedRead> reads;
        private Iterator<Item> items = Collections.emptyIterator();
        private Object[] current;

        RowEnumerator(SqlRelation relation, int[] projects, List<PlannedRead> reads) {
            this.relation = relation;
            this.projects = projects;
            this.reads = reads.iterator();
        }

        @Override
        public Object[] current() {
            return current;
        }

        @Override
        public boolean moveNext() {
            while (true) {
                while (items.hasNext()) {
                    Object[] row = relation.row(items.next(), projects);
                    if (row != null) {
                        current = row;
                        return true;
                    }
                }
                closeItems();
                if (!reads.hasNext() || cancellation.isCancelled()) {
                    return false;
                }
                items = open(reads.next());
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

    private Iterator<Item> open(PlannedRead read) {
        if (plan.consumers(read) < 2) {
            StreamingRead streaming = new StreamingRead(read);
            streaming.start();
            return streaming;
        }
        return kept.computeIfAbsent(read, this::collect).iterator();
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

    private void run(PlannedRead read, PageListener listener, Cancellation stop) {
        ExecutedRead record = new ExecutedRead(read);
        executed.add(record);
        ReadResult result;
        if (read.isScan()) {
            ScanSpec spec =
                    ScanSpec.table(read.table())
                            .withFilter(read.filter())
                            .withProjection(read.projection());
            result =
                    repository.scan(
                            read.index() == null ? spec : spec.onIndex(read.index()),
                            listener,
                            stop);
        } else {
            QuerySpec spec =
                    QuerySpec.of(read.table(), read.keyConditionExpression())
                            .withFilter(read.filter())
                            .withProjection(read.projection());
            if (!read.scanForward()) {
                spec = spec.descending();
            }
            result =
                    repository.query(
                            read.index() == null ? spec : spec.onIndex(read.index()),
                            listener,
                            stop);
        }
        record.finish(result);
    }

    /** A read on a reader thread that hands its pages to the row enumerator. */
    private final class StreamingRead implements Iterator<Item> {
        private final PlannedRead read;
        private final BlockingQueue<Object> pages = new ArrayBlockingQueue<>(PAGES_AHEAD);
        private final Cancellation stop = new Cancellation();
        private Iterator<Item> page = Collections.emptyIterator();
        private boolean finished;

        private final Object end = new Object();

        StreamingRead(PlannedRead read) {
            this.read = read;
        }

        void start() {
            running.add(stop);
            Thread reader =
                    new Thread(
                            () -> {
                                Object last = end;
                                try {
                                    run(read, p -> hand(p.items()), stop);
                                } catch (RuntimeException e) {
                                    last = e;
                                } finally {
                                    running.remove(stop);
                                }
                                hand(last);
                            },
                            "dynoscope-sql-read");
            reader.setDaemon(true);
            reader.start();
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
                while (!cancellation.isCancelled()) {
                    Object next = pages.poll(POLL_MILLIS, TimeUnit.MILLISECONDS);
                    if (next != null) {
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

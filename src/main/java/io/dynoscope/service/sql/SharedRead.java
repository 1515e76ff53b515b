package io.dynoscope.service.sql;

import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.Page;
import io.dynoscope.core.table.PageListener;
import io.dynoscope.core.work.DaemonPool;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Supplier;

/**
 * A read that several scans of one statement take rows from (the whole item collection that a join
 * of two entities of one partition shares): sent once, on a reader thread, its pages kept for the
 * statement, and every scan reading them as they arrive. A join's rows therefore go out with the
 * pages in the Query's key order instead of after the last page.
 */
final class SharedRead {

    /** Sends the read's requests, its pages to the listener, until it ends or is stopped. */
    interface Sender {
        void send(PageListener listener, Cancellation stop);
    }

    private static final long POLL_MILLIS = 50;

    private final Cancellation statement;
    private final Cancellation stop = new Cancellation();
    private final List<List<Item>> pages = new ArrayList<>();
    private final List<Boolean> continued = new ArrayList<>();
    private boolean ended;
    private RuntimeException failure;

    /**
     * @param statement the statement's cancellation: once it is cancelled no scan waits for a page
     */
    SharedRead(Cancellation statement) {
        this.statement = statement;
    }

    /** What stops the reader thread (the statement's end stops it). */
    Cancellation stop() {
        return stop;
    }

    /** Starts the reader thread and returns it. */
    Thread start(Sender sender) {
        return DaemonPool.start(
                "sql-shared-read",
                () -> {
                    RuntimeException failed = null;
                    try {
                        sender.send(this::add, stop);
                    } catch (RuntimeException e) {
                        failed = e;
                    }
                    synchronized (this) {
                        failure = failed;
                        ended = true;
                        notifyAll();
                    }
                });
    }

    private synchronized boolean add(Page page) {
        pages.add(page.items());
        continued.add(page.lastEvaluatedKey() != null);
        notifyAll();
        return !stop.isCancelled() && !statement.isCancelled();
    }

    /**
     * Page {@code n}, waiting for it; null when the read ended (or the statement was cancelled)
     * before it.
     *
     * @throws RuntimeException the read's failure, once every page before it was taken
     */
    synchronized List<Item> page(int n) {
        while (pages.size() <= n && !ended && !statement.isCancelled()) {
            try {
                wait(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
        if (pages.size() > n) {
            return pages.get(n);
        }
        if (failure != null) {
            throw failure;
        }
        return null;
    }

    /** Whether page {@code n} (taken already) said that more pages follow it. */
    private synchronized boolean continues(int n) {
        return continued.get(n);
    }

    /** Every item of the read, page after page, as the pages arrive. */
    Iterator<Item> items() {
        return new Iterator<>() {
            private int next;
            private Iterator<Item> page = Collections.emptyIterator();
            private boolean done;

            @Override
            public boolean hasNext() {
                while (!page.hasNext() && !done) {
                    List<Item> items = page(next++);
                    if (items == null) {
                        done = true;
                    } else {
                        page = items.iterator();
                    }
                }
                return page.hasNext();
            }

            @Override
            public Item next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return page.next();
            }
        };
    }

    /**
     * The items of a scan that must have all its rows before any other row goes out (the side a
     * join builds first) and whose own read is a narrower range of this read's keys: the read's
     * items as they come, until its key order has gone past {@code range} or it ended. When the
     * first page has not reached a range of one key yet and more pages follow, the scan's own read
     * (its parent item, read by its key) is sent instead, beside the next pages: so the join's
     * first row goes out with the first page whichever end of the collection the parent sorts to.
     *
     * @param sortKey the sort-key attribute of the read's table or index
     * @param forward the read's direction
     * @param ownRead the scan's own read, run on the calling thread
     */
    List<Item> until(
            SortKeyCondition range, String sortKey, boolean forward, Supplier<List<Item>> ownRead) {
        List<Item> taken = new ArrayList<>();
        boolean reached = false;
        for (int n = 0; ; n++) {
            List<Item> items = page(n);
            if (items == null) {
                return taken;
            }
            for (Item item : items) {
                AttributeValue key = item.get(sortKey).orElse(null);
                if (key != null && range.isBehind(key, forward)) {
                    return taken;
                }
                reached |= key != null && range.admits(key);
                taken.add(item);
            }
            if (!reached && range.operator() == SortKeyCondition.Operator.EQ && continues(n)) {
                return ownRead.get();
            }
        }
    }
}

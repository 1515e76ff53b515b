package io.dynoscope.repository;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.Page;
import io.dynoscope.core.table.PageListener;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.core.work.DaemonPool;
import io.dynoscope.service.store.ScanSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import software.amazon.awssdk.core.exception.AbortedException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The paging loop shared by Query and Scan: sends requests until the data ends, the item limit is
 * reached, the listener asks to stop or the caller cancels; streams each page to the listener
 * (serialised across parallel-scan segments) and adds up the read statistics.
 *
 * <p>When the limit cuts a response short, the page ends at the last item returned and the resume
 * key is that item's key (table keys plus index keys), so "load more" continues exactly there.
 */
final class PagedRead {

    /**
     * Sends the requests read ahead of single-segment reads: threads are kept a minute between
     * reads, so paging through a table starts none.
     */
    private static final ExecutorService READ_AHEAD =
            Executors.newCachedThreadPool(DaemonPool.threads("read-ahead"));

    /** One request of a read, as the SDK answered it. */
    record Response(
            List<Map<String, AttributeValue>> items,
            int scannedCount,
            Map<String, AttributeValue> lastEvaluatedKey,
            double consumedCapacity) {}

    /**
     * Sends one request of a segment from a start key (null for the beginning) with a Limit (null
     * for none).
     */
    @FunctionalInterface
    interface Fetcher {
        Response fetch(
                int segment, Map<String, AttributeValue> exclusiveStartKey, Integer requestLimit);
    }

    private final String operation;
    private final String table;
    private final Fetcher fetcher;
    private final SdkErrors errors;
    private final int limit;
    private final int pageSize;
    private final boolean filtered;
    private final Supplier<List<String>> resumeKeyAttributes;
    private final PageListener listener;
    private final Cancellation cancellation;

    private final AtomicInteger remaining;

    /** Stops every segment: the listener had enough, or a segment failed. */
    private final Cancellation stop = Cancellation.none();

    private final Object listenerLock = new Object();
    private final Object statisticsLock = new Object();
    private int requests;
    private double consumedCapacity;
    private long scannedCount;
    private long returnedCount;
    private volatile List<String> keyAttributes;

    /**
     * @param resumeKeyAttributes the attributes of a resume key (table keys, plus index keys when
     *     reading an index); asked for only when a page is cut short
     */
    PagedRead(
            String operation,
            String table,
            Fetcher fetcher,
            SdkErrors errors,
            int limit,
            int pageSize,
            boolean filtered,
            Supplier<List<String>> resumeKeyAttributes,
            PageListener listener,
            Cancellation cancellation) {
        this.operation = operation;
        this.table = table;
        this.fetcher = fetcher;
        this.errors = errors;
        this.limit = limit;
        this.pageSize = pageSize;
        this.filtered = filtered;
        this.resumeKeyAttributes = resumeKeyAttributes;
        this.listener = listener;
        this.cancellation = cancellation;
        this.remaining = new AtomicInteger(limit == 0 ? Integer.MAX_VALUE : limit);
    }

    /** The attributes of a resume key for a read of {@code index} (null for the table). */
    static List<String> resumeKeyAttributes(TableInfo table, String index) {
        List<String> names = new ArrayList<>(keyNames(table.keySchema()));
        if (index != null) {
            keyNames(table.keySchemaOf(index)).stream()
                    .filter(n -> !names.contains(n))
                    .forEach(names::add);
        }
        return names;
    }

    static List<String> keyNames(KeySchema schema) {
        List<String> names = new ArrayList<>(2);
        names.addAll(schema.attributes());
        return names;
    }

    /** Reads one segment from {@code startKey}. */
    ReadResult runSingle(Key startKey) {
        return runSegment(0, startKey);
    }

    /** Reads segment {@code segment} of a parallel Scan on its own, from {@code startKey}. */
    ReadResult runSegment(int segment, Key startKey) {
        long started = System.nanoTime();
        SegmentEnd end =
                readSegment(
                        segment,
                        startKey == null ? null : SdkConversions.toSdk(startKey),
                        READ_AHEAD);
        return new ReadResult(statistics(started), end.resumeKey, end.stopped);
    }

    /**
     * Reads {@code segments} parallel-scan segments (TotalSegments), at most {@link
     * ScanSpec#MAX_CONCURRENT_SEGMENTS} at a time: a bounded pool of workers takes the segments in
     * turn, so a million segments never means a million threads. One failed segment ends the scan
     * (the others stop after their current request) and is thrown once all have stopped.
     */
    ReadResult runParallel(int segments) {
        long started = System.nanoTime();
        int workers = Math.min(segments, ScanSpec.MAX_CONCURRENT_SEGMENTS);
        ExecutorService pool = DaemonPool.of(workers, "scan-segment");
        AtomicInteger nextSegment = new AtomicInteger();
        AtomicBoolean cutShort = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        try {
            DaemonPool.runWorkers(
                    pool,
                    workers,
                    () -> {
                        try {
                            int segment;
                            while (!stop.isCancelled()
                                    && !cancellation.isCancelled()
                                    && remaining.get() > 0
                                    && (segment = nextSegment.getAndIncrement()) < segments) {
                                SegmentEnd end = readSegment(segment, null, null);
                                // A parallel scan has no single resume key, so one cut short by
                                // its limit is incomplete.
                                if (end.stopped || end.resumeKey != null) {
                                    cutShort.set(true);
                                }
                            }
                        } catch (RuntimeException e) {
                            stop.cancel();
                            throw e;
                        }
                    },
                    stop,
                    failed -> failure.compareAndSet(null, failed));
            if (failure.get() instanceof RuntimeException runtime) {
                throw runtime;
            } else if (failure.get() != null) {
                throw new IllegalStateException(failure.get());
            }
            boolean unread = nextSegment.get() < segments;
            return new ReadResult(statistics(started), null, cutShort.get() || unread);
        } finally {
            pool.shutdownNow();
        }
    }

    private record SegmentEnd(Key resumeKey, boolean stopped) {}

    /**
     * Reads one segment. With a {@code readAhead} executor, the next request is sent as soon as a
     * page's response says there is more and the limit will surely want it, so the service works on
     * the next page while this one is converted and delivered. A request sent ahead is a request
     * made: if the read then stops, its response is waited for and counted, but not delivered.
     */
    private SegmentEnd readSegment(
            int segment, Map<String, AttributeValue> startKey, ExecutorService readAhead) {
        Map<String, AttributeValue> next = startKey;
        Future<Response> ahead = null;
        while (true) {
            if (cancellation.isCancelled() || stop.isCancelled()) {
                settle(ahead);
                return new SegmentEnd(SdkConversions.keyOrNull(next), true);
            }
            Response response;
            try {
                response =
                        ahead != null
                                ? awaitResponse(ahead)
                                : fetcher.fetch(segment, next, requestLimit());
                ahead = null;
            } catch (SdkException e) {
                if (cancellation.isCancelled()) {
                    return new SegmentEnd(SdkConversions.keyOrNull(next), true);
                }
                throw errors.translate(operation, table, e);
            }
            List<Map<String, AttributeValue>> received = response.items();
            int granted = claim(received.size());
            List<Map<String, AttributeValue>> returned =
                    granted < received.size() ? received.subList(0, granted) : received;
            Key resumeKey;
            if (granted < received.size()) {
                resumeKey =
                        granted == 0
                                ? SdkConversions.keyOrNull(next)
                                : keyOf(returned.get(granted - 1));
            } else {
                resumeKey = SdkConversions.keyOrNull(response.lastEvaluatedKey());
            }
            record(response, returned.size());
            if (granted == 0 && !received.isEmpty()) {
                // Other segments already reached the limit: nothing of this page is delivered.
                return new SegmentEnd(resumeKey, false);
            }
            if (readAhead != null
                    && resumeKey != null
                    && granted == received.size()
                    && remaining.get() > 0
                    && !cancellation.isCancelled()) {
                Map<String, AttributeValue> aheadStart = response.lastEvaluatedKey();
                Integer aheadLimit = requestLimit();
                ahead = readAhead.submit(() -> fetcher.fetch(segment, aheadStart, aheadLimit));
            }
            List<Item> items = returned.stream().map(SdkConversions::item).toList();
            boolean keepReading =
                    deliver(
                            new Page(
                                    items,
                                    response.scannedCount(),
                                    resumeKey,
                                    response.consumedCapacity(),
                                    segment));
            if (resumeKey == null) {
                return new SegmentEnd(null, false);
            }
            if (!keepReading) {
                settle(ahead);
                return new SegmentEnd(resumeKey, true);
            }
            if (remaining.get() == 0) {
                settle(ahead);
                return new SegmentEnd(resumeKey, false);
            }
            next = SdkConversions.toSdk(resumeKey);
        }
    }

    /** The response of a request sent ahead; its failure is thrown as the SDK's own exception. */
    private static Response awaitResponse(Future<Response> ahead) {
        try {
            return ahead.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            ahead.cancel(true);
            throw AbortedException.builder().message("the read was interrupted").cause(e).build();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /** Waits for a request sent ahead that will not be delivered, and counts it: it was made. */
    private void settle(Future<Response> ahead) {
        if (ahead == null) {
            return;
        }
        try {
            record(awaitResponse(ahead), 0);
        } catch (RuntimeException e) {
            // the read is ending anyway; a failed request sent ahead changes nothing the caller saw
        }
    }

    /**
     * The Limit of the next request: the page size, and for an unfiltered read no more than the
     * items still wanted (a filtered read asks for full pages, since most items may be filtered
     * out).
     */
    private Integer requestLimit() {
        Integer size = pageSize > 0 ? pageSize : null;
        if (limit == 0 || filtered) {
            return size;
        }
        int wanted = remaining.get();
        return size == null
                ? Integer.valueOf(Math.max(1, wanted))
                : Integer.valueOf(Math.max(1, Math.min(size, wanted)));
    }

    /** Takes up to {@code count} items from what the limit still allows. */
    private int claim(int count) {
        while (true) {
            int left = remaining.get();
            int granted = Math.min(left, count);
            if (remaining.compareAndSet(left, left - granted)) {
                return granted;
            }
        }
    }

    private Key keyOf(Map<String, AttributeValue> item) {
        List<String> names = keyAttributes;
        if (names == null) {
            names = resumeKeyAttributes.get();
            keyAttributes = names;
        }
        Map<String, io.dynoscope.core.item.AttributeValue> key = new LinkedHashMap<>();
        for (String name : names) {
            AttributeValue value = item.get(name);
            if (value == null) {
                throw new IllegalStateException(
                        "a returned item has no key attribute '" + name + "'");
            }
            key.put(name, SdkConversions.fromSdk(value));
        }
        return new Key(key);
    }

    private boolean deliver(Page page) {
        synchronized (listenerLock) {
            if (stop.isCancelled()) {
                return false;
            }
            boolean keepReading = listener.onPage(page);
            if (!keepReading) {
                stop.cancel();
            }
            return keepReading;
        }
    }

    private void record(Response response, int returned) {
        synchronized (statisticsLock) {
            requests++;
            consumedCapacity += response.consumedCapacity();
            scannedCount += response.scannedCount();
            returnedCount += returned;
        }
    }

    private ReadStatistics statistics(long startedNanos) {
        synchronized (statisticsLock) {
            return new ReadStatistics(
                    requests,
                    consumedCapacity,
                    scannedCount,
                    returnedCount,
                    Duration.ofNanos(System.nanoTime() - startedNanos));
        }
    }
}

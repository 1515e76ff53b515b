package io.dynoscope.service.read;

import io.dynoscope.core.collection.KeyOrder;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.Page;
import io.dynoscope.core.table.PageListener;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.core.work.DaemonPool;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.QuerySpec;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A fan-out read of a write-sharded key: every shard is queried concurrently, at most {@code
 * concurrency} reads at a time, each shard keeping its own resume key; the items are merged in
 * sort-key order (DynamoDB's key order, in the direction of the read) and delivered as one stream.
 *
 * <p>An item is delivered only once every shard that is not finished has an item waiting, so no
 * item can later turn up before one already delivered, across calls too: {@link #read} with a limit
 * stops after that many items and the next call ("load more") continues the shards that have more.
 * A shard's next request is sent ahead while its previous items wait to be merged; what was read
 * but not yet delivered stays for the next call. Statistics add up every request of every shard.
 *
 * <p>One instance is one read; call {@link #read} from one thread at a time.
 */
public final class FanOutRead {

    /** Shard reads at a time: 4 reads, each with at most one request sent ahead, in flight. */
    public static final int DEFAULT_CONCURRENCY = 4;

    /**
     * The items one shard read asks for when the call wants every item: DynamoDB's 1 MB pages
     * decide, as they do for a plain Query.
     */
    static final int WHOLE_CHUNK = 10_000;

    /** The most a shard read asks for to fill a call's limit. */
    static final int MAX_CHUNK = 1_000;

    static final int MIN_CHUNK = 25;

    /**
     * How a call ended.
     *
     * @param statistics the requests of this call, every shard's added up; the time is wall time
     * @param more whether any shard has items not yet delivered ("load more")
     * @param cancelled whether the caller cancelled or the listener asked to stop
     */
    public record Result(ReadStatistics statistics, boolean more, boolean cancelled) {}

    /**
     * One shard's part of the read so far.
     *
     * @param delivered items of this shard delivered in the merged stream
     * @param waiting items read but not yet delivered (they come first on "load more")
     * @param finished whether the shard has been read to its end
     */
    public record ShardProgress(
            AttributeValue partitionKey,
            long delivered,
            int waiting,
            boolean finished,
            ReadStatistics statistics) {}

    private final DynamoRepository repository;
    private final FanOutQuery query;
    private final int concurrency;
    private final List<Shard> shards = new ArrayList<>();
    private final PriorityQueue<Shard> byHead;
    private final String sortKey;

    /** Shards not finished whose buffer is empty: while there is one, nothing can be merged. */
    private int waiting;

    private long buffered;
    private ReadStatistics total = ReadStatistics.NONE;

    public FanOutRead(DynamoRepository repository, FanOutQuery query) {
        this(repository, query, DEFAULT_CONCURRENCY);
    }

    public FanOutRead(DynamoRepository repository, FanOutQuery query, int concurrency) {
        this.repository = Objects.requireNonNull(repository, "repository");
        this.query = Objects.requireNonNull(query, "query");
        if (concurrency < 1) {
            throw new IllegalArgumentException("a fan-out reads at least one shard at a time");
        }
        this.concurrency = concurrency;
        for (AttributeValue shard : query.shards()) {
            shards.add(new Shard(shards.size(), shard, query.shardQuery(shard)));
        }
        this.waiting = shards.size();
        this.byHead = new PriorityQueue<>(mergeOrder(query));
        this.sortKey = query.keys().sortKey().orElse(null);
    }

    private static Comparator<Shard> mergeOrder(FanOutQuery query) {
        Comparator<Shard> byShard = Comparator.comparingInt(s -> s.index);
        if (query.keys().sortKey().isEmpty()) {
            return byShard;
        }
        Comparator<Shard> bySortKey =
                (a, b) -> compareKeys(a.buffer.peek().key(), b.buffer.peek().key());
        return (query.scanForward() ? bySortKey : bySortKey.reversed()).thenComparing(byShard);
    }

    /**
     * An item waiting in a shard's buffer with its sort key made ready on the reading thread: a
     * {@link String} when the key is a string of characters below U+D800 (whose Java order is
     * DynamoDB's UTF-8 order, and which the JDK compares fastest), else the key's value.
     */
    private record Waiting(Item item, Object key) {}

    private static Object mergeKey(Item item, String sortKey) {
        if (sortKey == null) {
            return null;
        }
        AttributeValue value = item.attributes().get(sortKey);
        if (value == null) {
            throw new IllegalStateException("a returned item has no sort key '" + sortKey + "'");
        }
        if (value instanceof AttributeValue.Str s && belowSurrogates(s.value())) {
            return s.value();
        }
        return value;
    }

    private static boolean belowSurrogates(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) >= Character.MIN_SURROGATE) {
                return false;
            }
        }
        return true;
    }

    /** DynamoDB's key order of two keys made by {@link #mergeKey}. */
    private static int compareKeys(Object a, Object b) {
        if (a instanceof String x && b instanceof String y) {
            return x.compareTo(y);
        }
        return KeyOrder.compare(asValue(a), asValue(b));
    }

    private static AttributeValue asValue(Object key) {
        return key instanceof String s ? AttributeValue.s(s) : (AttributeValue) key;
    }

    public FanOutQuery query() {
        return query;
    }

    /**
     * Delivers up to {@code limit} more items (0: every item left) in merged order to {@code
     * listener}, on the calling thread, as they become certain. Blocks until then, the end, a
     * cancel or a failure; a failure of any shard stops the others and is thrown.
     */
    public Result read(int limit, PageListener listener, Cancellation cancellation) {
        if (limit < 0) {
            throw new IllegalArgumentException("the limit cannot be negative");
        }
        Call call = new Call(limit, listener, cancellation);
        Result result = call.run();
        total = total.plus(result.statistics());
        return result;
    }

    /** Whether any shard has items not yet delivered. */
    public boolean hasMore() {
        return buffered > 0 || shards.stream().anyMatch(s -> !s.finished);
    }

    /** Every call's requests added up (time: the calls' wall times added). */
    public ReadStatistics statistics() {
        return total;
    }

    /** Each shard's part, in shard order. */
    public List<ShardProgress> shards() {
        return shards.stream()
                .map(
                        s ->
                                new ShardProgress(
                                        s.partitionKey,
                                        s.delivered,
                                        s.buffer.size(),
                                        s.finished,
                                        s.statistics))
                .toList();
    }

    private int chunkFor(int limit) {
        if (query.pageSize() > 0) {
            return query.pageSize();
        }
        if (limit == 0) {
            return WHOLE_CHUNK;
        }
        int perShard = (limit + shards.size() - 1) / shards.size();
        return Math.max(MIN_CHUNK, Math.min(MAX_CHUNK, perShard + perShard / 4 + 1));
    }

    private static final class Shard {
        final int index;
        final AttributeValue partitionKey;
        final QuerySpec query;
        final ArrayDeque<Waiting> buffer = new ArrayDeque<>();
        Key resumeKey;

        boolean finished;
        boolean reading;
        long delivered;
        ReadStatistics statistics = ReadStatistics.NONE;

        Shard(int index, AttributeValue partitionKey, QuerySpec query) {
            this.index = index;
            this.partitionKey = partitionKey;
            this.query = query;
        }
    }

    /** What a shard read reports to the merge: each page as it arrives, then how it ended. */
    private sealed interface Event permits PageRead, ChunkEnd {}

    private record PageRead(Shard shard, Page page, List<Waiting> items) implements Event {}

    /** A shard read of up to a chunk of items ended ({@code failure} null) or failed. */
    private record ChunkEnd(Shard shard, ReadResult result, RuntimeException failure)
            implements Event {}

    /** The state of one call of {@link #read}. */
    private final class Call {
        private final int limit;
        private final PageListener listener;
        private final Cancellation cancellation;
        private final Cancellation shardCancellation = new Cancellation();
        private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
        private final int chunk;
        private ExecutorService pool;
        private int reading;
        private long emitted;
        private boolean cancelled;
        private boolean stopped;
        private boolean interrupted;
        private RuntimeException failure;
        private ReadStatistics statistics = ReadStatistics.NONE;
        private long unreportedScanned;
        private double unreportedCapacity;

        Call(int limit, PageListener listener, Cancellation cancellation) {
            this.limit = limit;
            this.listener = Objects.requireNonNull(listener, "listener");
            this.cancellation = Objects.requireNonNull(cancellation, "cancellation");
            this.chunk = chunkFor(limit);
        }

        Result run() {
            long started = System.nanoTime();
            pool = DaemonPool.of(concurrency, "fan-out");
            try {
                while (true) {
                    if (!cancelled && cancellation.isCancelled()) {
                        cancel();
                    }
                    boolean ending = cancelled || stopped || failure != null;
                    if (!ending) {
                        merge();
                        ending = stopped || limitReached() || exhausted();
                        if (!ending) {
                            schedule();
                        }
                    }
                    if (reading == 0) {
                        if (ending) {
                            break;
                        }
                        throw new IllegalStateException("the fan-out is waiting for nothing");
                    }
                    awaitEvent();
                }
            } finally {
                pool.shutdownNow();
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
            if (failure != null) {
                throw failure;
            }
            return new Result(
                    statistics.withElapsed(Duration.ofNanos(System.nanoTime() - started)),
                    hasMore(),
                    cancelled || stopped);
        }

        private void cancel() {
            cancelled = true;
            shardCancellation.cancel();
        }

        private boolean limitReached() {
            return limit > 0 && emitted >= limit;
        }

        private boolean exhausted() {
            return !hasMore();
        }

        /** Delivers every item that is certain to come next, up to the limit. */
        private void merge() {
            List<Item> items = new ArrayList<>();
            while (waiting == 0 && !limitReached()) {
                Shard next = byHead.poll();
                if (next == null) {
                    break;
                }
                items.add(next.buffer.poll().item());
                buffered--;
                next.delivered++;
                emitted++;
                if (!next.buffer.isEmpty()) {
                    byHead.add(next);
                } else if (!next.finished) {
                    waiting++;
                }
            }
            if (!items.isEmpty()) {
                Page page = new Page(items, (int) unreportedScanned, null, unreportedCapacity, 0);
                unreportedScanned = 0;
                unreportedCapacity = 0;
                if (!listener.onPage(page)) {
                    stopped = true;
                }
            }
        }

        /**
         * Starts the reads the merge waits for, then reads ahead while more is wanted than is
         * waiting, at most {@code concurrency} at a time.
         */
        private void schedule() {
            for (Shard shard : shards) {
                if (reading >= concurrency) {
                    return;
                }
                if (!shard.finished && !shard.reading && shard.buffer.isEmpty()) {
                    start(shard);
                }
            }
            long wanted = limit == 0 ? Long.MAX_VALUE : limit - emitted;
            for (Shard shard : shards) {
                if (reading >= concurrency) {
                    return;
                }
                if (!shard.finished
                        && !shard.reading
                        && shard.buffer.size() < chunk
                        && buffered + (long) reading * chunk < wanted) {
                    start(shard);
                }
            }
        }

        private void start(Shard shard) {
            QuerySpec spec =
                    shard.query
                            .withPageSize(pageSizeFor())
                            .withLimit(chunk)
                            .startingAfter(shard.resumeKey);
            shard.reading = true;
            reading++;
            pool.execute(
                    () -> {
                        try {
                            ReadResult result =
                                    repository.query(
                                            spec,
                                            page -> {
                                                List<Waiting> ready =
                                                        new ArrayList<>(page.items().size());
                                                for (Item item : page.items()) {
                                                    ready.add(
                                                            new Waiting(
                                                                    item, mergeKey(item, sortKey)));
                                                }
                                                events.add(new PageRead(shard, page, ready));
                                                return true;
                                            },
                                            shardCancellation);
                            events.add(new ChunkEnd(shard, result, null));
                        } catch (RuntimeException e) {
                            events.add(new ChunkEnd(shard, null, e));
                        }
                    });
        }

        /** Each request's Limit: the query's page size, else what the chunk wants. */
        private int pageSizeFor() {
            return query.pageSize() > 0 ? query.pageSize() : chunk;
        }

        private void awaitEvent() {
            Event event;
            try {
                event = events.poll(20, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                // The caller's thread was interrupted: stop every shard, then wait for them.
                interrupted = true;
                if (!cancelled) {
                    cancel();
                }
                return;
            }
            if (event instanceof PageRead read) {
                accept(read.shard(), read.page(), read.items());
            } else if (event instanceof ChunkEnd end) {
                ended(end);
            }
        }

        /** A page of a shard: its items join the shard's buffer at once. */
        private void accept(Shard shard, Page page, List<Waiting> items) {
            unreportedScanned += page.scannedCount();
            unreportedCapacity += page.consumedCapacity();
            if (page.items().isEmpty()) {
                return;
            }
            boolean wasEmpty = shard.buffer.isEmpty();
            shard.buffer.addAll(items);
            buffered += items.size();
            if (wasEmpty) {
                byHead.add(shard);
                waiting--;
            }
        }

        private void ended(ChunkEnd end) {
            Shard shard = end.shard();
            shard.reading = false;
            reading--;
            if (end.failure() != null) {
                if (failure == null) {
                    failure = end.failure();
                }
                shardCancellation.cancel();
                return;
            }
            ReadResult result = end.result();
            ReadStatistics read = result.statistics();
            statistics = statistics.plus(read);
            shard.statistics = shard.statistics.plus(read);
            shard.resumeKey = result.resumeKey();
            shard.finished = result.complete();
            if (shard.finished && shard.buffer.isEmpty()) {
                waiting--;
            }
        }
    }
}

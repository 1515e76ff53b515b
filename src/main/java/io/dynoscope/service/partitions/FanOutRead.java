package io.dynoscope.service.partitions;

import io.dynoscope.core.collection.KeyOrder;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.repository.Cancellation;
import io.dynoscope.repository.DynamoRepository;
import io.dynoscope.repository.Page;
import io.dynoscope.repository.PageListener;
import io.dynoscope.repository.QuerySpec;
import io.dynoscope.repository.ReadResult;
import io.dynoscope.repository.ReadStatistics;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
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

    /** The Limit of a request when neither the query nor the call's limit says. */
    static final int MAX_CHUNK = 1000;

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
    }

    private static Comparator<Shard> mergeOrder(FanOutQuery query) {
        Comparator<Shard> byShard = Comparator.comparingInt(s -> s.index);
        if (query.keys().sortKey().isEmpty()) {
            return byShard;
        }
        String sortKey = query.keys().sortKey().get();
        Comparator<Shard> bySortKey =
                (a, b) ->
                        KeyOrder.compare(
                                sortKeyOf(a.buffer.peek(), sortKey),
                                sortKeyOf(b.buffer.peek(), sortKey));
        return (query.scanForward() ? bySortKey : bySortKey.reversed()).thenComparing(byShard);
    }

    private static AttributeValue sortKeyOf(Item item, String sortKey) {
        AttributeValue value = item.attributes().get(sortKey);
        if (value == null) {
            throw new IllegalStateException("a returned item has no sort key '" + sortKey + "'");
        }
        return value;
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
            return MAX_CHUNK;
        }
        int perShard = (limit + shards.size() - 1) / shards.size();
        return Math.max(MIN_CHUNK, Math.min(MAX_CHUNK, perShard + perShard / 4 + 1));
    }

    private static final class Shard {
        final int index;
        final AttributeValue partitionKey;
        final QuerySpec query;
        final ArrayDeque<Item> buffer = new ArrayDeque<>();
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

    /** One shard read of up to a chunk of items, as it ended. */
    private record Chunk(
            Shard shard, List<Item> items, ReadResult result, RuntimeException failure) {}

    /** The state of one call of {@link #read}. */
    private final class Call {
        private final int limit;
        private final PageListener listener;
        private final Cancellation cancellation;
        private final Cancellation shardCancellation = new Cancellation();
        private final BlockingQueue<Chunk> finishedChunks = new LinkedBlockingQueue<>();
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
            pool =
                    Executors.newFixedThreadPool(
                            concurrency,
                            runnable -> {
                                Thread thread = new Thread(runnable, "dynoscope-fan-out");
                                thread.setDaemon(true);
                                return thread;
                            });
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
                    awaitChunk();
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
                items.add(next.buffer.poll());
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
                    shard.query.withPageSize(chunk).withLimit(chunk).startingAfter(shard.resumeKey);
            shard.reading = true;
            reading++;
            pool.execute(
                    () -> {
                        List<Item> items = new ArrayList<>();
                        try {
                            ReadResult result =
                                    repository.query(
                                            spec,
                                            page -> items.addAll(page.items()),
                                            shardCancellation);
                            finishedChunks.add(new Chunk(shard, items, result, null));
                        } catch (RuntimeException e) {
                            finishedChunks.add(new Chunk(shard, items, null, e));
                        }
                    });
        }

        private void awaitChunk() {
            Chunk done;
            try {
                done = finishedChunks.poll(20, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                // The caller's thread was interrupted: stop every shard, then wait for them.
                interrupted = true;
                if (!cancelled) {
                    cancel();
                }
                return;
            }
            if (done != null) {
                accept(done);
            }
        }

        private void accept(Chunk done) {
            Shard shard = done.shard();
            shard.reading = false;
            reading--;
            if (done.failure() != null) {
                if (failure == null) {
                    failure = done.failure();
                }
                shardCancellation.cancel();
                return;
            }
            ReadResult result = done.result();
            ReadStatistics read = result.statistics();
            statistics = statistics.plus(read);
            shard.statistics = shard.statistics.plus(read);
            unreportedScanned += read.scannedCount();
            unreportedCapacity += read.consumedCapacity();
            boolean wasWaiting = shard.buffer.isEmpty();
            shard.buffer.addAll(done.items());
            buffered += done.items().size();
            shard.resumeKey = result.resumeKey();
            shard.finished = result.complete();
            boolean nowWaiting = shard.buffer.isEmpty() && !shard.finished;
            if (wasWaiting && !shard.buffer.isEmpty()) {
                byHead.add(shard);
            }
            waiting += (nowWaiting ? 1 : 0) - (wasWaiting ? 1 : 0);
        }
    }
}

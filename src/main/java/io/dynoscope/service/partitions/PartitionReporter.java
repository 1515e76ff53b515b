package io.dynoscope.service.partitions;

import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.partitions.PartitionReport;
import io.dynoscope.core.partitions.PartitionTally;
import io.dynoscope.core.partitions.SampleEstimate;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.ContributorInsights;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.core.work.DaemonPool;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.QuerySpec;
import io.dynoscope.service.store.ScanSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Makes the partitions report of a table: reads it once, as parallel Scan segments on a bounded
 * pool, counting items and bytes per partition-key value; or reads a random sample of segments
 * whole and scales the totals up with their error bound.
 */
public final class PartitionReporter {

    /** Segments read at a time. */
    public static final int DEFAULT_CONCURRENCY = 4;

    /** Segments a full read splits the table into. */
    public static final int DEFAULT_SEGMENTS = 8;

    /** Segments a sample chooses from: small slices of the key space, read whole. */
    public static final int SAMPLE_SEGMENTS = 1_000;

    private final DynamoRepository repository;

    public PartitionReporter(DynamoRepository repository) {
        this.repository = Objects.requireNonNull(repository, "repository");
    }

    /**
     * How to read.
     *
     * @param segments Scan segments of a full read (1 for a plain Scan)
     * @param sampleItems read random segments whole until this many items are read, or 0 to read
     *     the whole table
     * @param concurrency segments read at a time
     * @param seed chooses the sample's segments (the same seed, the same sample)
     */
    public record Options(int segments, int sampleItems, int concurrency, long seed) {
        public Options {
            if (segments < 1 || segments > 1_000_000) {
                throw new IllegalArgumentException(
                        "a Scan has 1 to 1,000,000 segments, not " + segments);
            }
            if (sampleItems < 0) {
                throw new IllegalArgumentException("a sample cannot be negative");
            }
            if (concurrency < 1) {
                throw new IllegalArgumentException("read at least one segment at a time");
            }
        }

        /** The whole table in {@value #DEFAULT_SEGMENTS} segments. */
        public static Options full() {
            return new Options(DEFAULT_SEGMENTS, 0, DEFAULT_CONCURRENCY, 1);
        }

        public Options withSegments(int count) {
            return new Options(count, sampleItems, concurrency, seed);
        }

        /** A sample of about {@code items} items. */
        public Options sampling(int items) {
            return new Options(segments, items, concurrency, seed);
        }
    }

    /**
     * Where the read is.
     *
     * @param itemsRead items counted so far
     * @param segmentsDone segments read whole
     * @param segments segments to read (for a sample: the most it may read)
     * @param tableItems the table's item count as DynamoDB last published it (AWS updates it about
     *     every six hours), or 0
     */
    public record Progress(long itemsRead, int segmentsDone, int segments, long tableItems) {}

    /**
     * The report and what the read cost.
     *
     * @param complete false when cancelled: the report counts what was read by then
     */
    public record Result(PartitionReport report, ReadStatistics reads, boolean complete) {}

    /**
     * Reads {@code table} and reports its partitions; {@code model} (may be null) names its shard
     * groups. {@code progress} is called on the reading threads, one call at a time.
     */
    public Result report(
            String table,
            Options options,
            TableModel model,
            Consumer<Progress> progress,
            Cancellation cancellation) {
        long started = System.nanoTime();
        TableInfo info = repository.describeTable(table);
        List<SecondaryIndex> localIndexes = info.localSecondaryIndexes();
        Run run = new Run(table, info, localIndexes, options, progress, cancellation);
        run.read();
        PartitionTally tally = new PartitionTally(info.keySchema(), localIndexes);
        run.tallies.forEach(tally::merge);
        SampleEstimate sample = null;
        if (options.sampleItems() > 0) {
            long[] items = run.tallies.stream().mapToLong(PartitionTally::items).toArray();
            long[] bytes = run.tallies.stream().mapToLong(PartitionTally::bytes).toArray();
            sample = items.length == 0 ? null : SampleEstimate.of(run.totalSegments, items, bytes);
        }
        ReadStatistics reads =
                run.statistics.withElapsed(Duration.ofNanos(System.nanoTime() - started));
        return new Result(
                PartitionReport.of(table, tally, sample, model), reads, !run.cancelled.get());
    }

    /**
     * The first item of one partition (one Query request), such as the sharding advisor's code
     * writes as its example; empty when the partition has none now.
     */
    public Optional<Item> firstItem(
            String table, KeySchema keys, AttributeValue partitionKey, Cancellation cancellation) {
        List<Item> items = new ArrayList<>(1);
        repository.query(
                QuerySpec.of(table, KeyCondition.partition(keys, partitionKey)).withLimit(1),
                page -> items.addAll(page.items()),
                cancellation);
        return items.stream().findFirst();
    }

    /** The busiest keys from CloudWatch Contributor Insights, where there are any. */
    public ContributorInsights contributorInsights(String table, Duration window) {
        return repository.contributorInsights(table, window);
    }

    /** One report's reading: the segments in the order they are read, and what each counted. */
    private final class Run {
        final String table;
        final TableInfo info;
        final List<SecondaryIndex> localIndexes;
        final Options options;
        final Consumer<Progress> progress;
        final Cancellation cancellation;
        final int totalSegments;
        final List<Integer> order = new ArrayList<>();
        final List<PartitionTally> tallies = new ArrayList<>();
        final AtomicBoolean cancelled = new AtomicBoolean();
        ReadStatistics statistics = ReadStatistics.NONE;
        long itemsRead;
        int done;

        Run(
                String table,
                TableInfo info,
                List<SecondaryIndex> localIndexes,
                Options options,
                Consumer<Progress> progress,
                Cancellation cancellation) {
            this.table = table;
            this.info = info;
            this.localIndexes = localIndexes;
            this.options = options;
            this.progress = Objects.requireNonNull(progress, "progress");
            this.cancellation = Objects.requireNonNull(cancellation, "cancellation");
            this.totalSegments = options.sampleItems() > 0 ? SAMPLE_SEGMENTS : options.segments();
            for (int s = 0; s < totalSegments; s++) {
                order.add(s);
            }
            if (options.sampleItems() > 0) {
                Collections.shuffle(order, new Random(options.seed()));
            }
        }

        void read() {
            if (totalSegments == 1) {
                PartitionTally tally = new PartitionTally(info.keySchema(), localIndexes);
                ReadResult result =
                        repository.scan(
                                ScanSpec.table(table),
                                page -> {
                                    tally.addAll(page.items());
                                    counted(page.items().size(), false);
                                    return true;
                                },
                                cancellation);
                finished(tally, result);
                return;
            }
            ExecutorService pool =
                    DaemonPool.of(Math.min(options.concurrency(), totalSegments), "partitions");
            try {
                List<Future<?>> futures = new ArrayList<>();
                for (int segment : order) {
                    futures.add(pool.submit(() -> readSegment(segment)));
                }
                RuntimeException failure = null;
                for (Future<?> future : futures) {
                    try {
                        future.get();
                    } catch (ExecutionException e) {
                        if (failure == null && e.getCause() instanceof RuntimeException r) {
                            failure = r;
                            cancelled.set(true);
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        cancelled.set(true);
                    }
                }
                if (failure != null) {
                    throw failure;
                }
            } finally {
                pool.shutdownNow();
            }
        }

        private void readSegment(int segment) {
            if (cancelled.get() || cancellation.isCancelled() || sampleComplete()) {
                if (cancellation.isCancelled()) {
                    cancelled.set(true);
                }
                return;
            }
            PartitionTally tally = new PartitionTally(info.keySchema(), localIndexes);
            ReadResult result =
                    repository.scanSegment(
                            ScanSpec.table(table).withSegments(totalSegments),
                            segment,
                            page -> {
                                tally.addAll(page.items());
                                counted(page.items().size(), false);
                                return !cancelled.get();
                            },
                            cancellation);
            finished(tally, result);
        }

        private synchronized boolean sampleComplete() {
            return options.sampleItems() > 0 && done >= 2 && itemsRead >= options.sampleItems();
        }

        private synchronized void counted(int items, boolean segmentDone) {
            itemsRead += items;
            if (segmentDone) {
                done++;
            }
            progress.accept(new Progress(itemsRead, done, totalSegments, info.itemCount()));
        }

        private void finished(PartitionTally tally, ReadResult result) {
            synchronized (this) {
                statistics = statistics.plus(result.statistics());
                if (result.complete()) {
                    // A segment cut short would bias a sample: only whole segments count.
                    tallies.add(tally);
                } else {
                    cancelled.set(true);
                    if (options.sampleItems() == 0) {
                        tallies.add(tally);
                    }
                }
            }
            counted(0, result.complete());
        }
    }
}

package io.dynoscope.core.partitions;

import io.dynoscope.core.collection.KeyOrder;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.model.TableModel;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How a table's items spread over its partition-key values: each value's items and bytes and its
 * share of the table, largest first; how skewed that is; the write-sharded keys among them and the
 * balance between their shards; and, for a table with a local secondary index, each item
 * collection's size against DynamoDB's 10 GB limit.
 *
 * @param keys the table's key schema
 * @param hasLocalSecondaryIndex whether the table has an LSI, which limits each item collection
 * @param items the table's items (estimated when sampled)
 * @param bytes the table's size by DynamoDB's item-size rules (estimated when sampled)
 * @param sample how a sample was taken and how far to trust its totals; empty for a full read
 * @param partitions every partition-key value read, largest first
 * @param distribution how many partitions hold how many bytes, in power-of-two size classes
 * @param shardGroups the write-sharded keys found, by their model shard group or their shape
 * @param collectionLimits each item collection against the 10 GB limit, largest first; empty
 *     without an LSI
 */
public record PartitionReport(
        String table,
        KeySchema keys,
        boolean hasLocalSecondaryIndex,
        long items,
        long bytes,
        Optional<SampleEstimate> sample,
        List<Partition> partitions,
        Skew skew,
        List<SizeClass> distribution,
        List<ShardBalance> shardGroups,
        List<CollectionLimit> collectionLimits) {

    /** DynamoDB's limit on an item collection of a table with an LSI: 10 GB. */
    public static final long COLLECTION_LIMIT_BYTES = 10L * 1024 * 1024 * 1024;

    /** From this share of the 10 GB limit a collection is flagged: time to shard it. */
    public static final double WARNING_SHARE = 0.5;

    /** From this share of the limit a collection is close to refusing writes. */
    public static final double CRITICAL_SHARE = 0.8;

    public PartitionReport {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(keys, "keys");
        Objects.requireNonNull(sample, "sample");
        partitions = List.copyOf(partitions);
        distribution = List.copyOf(distribution);
        shardGroups = List.copyOf(shardGroups);
        collectionLimits = List.copyOf(collectionLimits);
    }

    /**
     * One partition-key value.
     *
     * @param share its bytes' share of the table's bytes (0..1)
     */
    public record Partition(
            AttributeValue partitionKey,
            long items,
            long bytes,
            long writeUnits,
            long collectionBytes,
            double share) {}

    /**
     * How unevenly the bytes spread.
     *
     * @param largestToMedian the largest partition's bytes over the median partition's
     * @param topPercentCount the partitions in the top 1% (at least one)
     * @param topPercentShare their share of the table's bytes
     */
    public record Skew(
            long largestBytes,
            double medianBytes,
            double largestToMedian,
            int topPercentCount,
            double topPercentShare) {}

    /**
     * Partitions of {@code fromBytes} (inclusive) to {@code toBytes} (exclusive).
     *
     * @param bytes the bytes those partitions hold together
     */
    public record SizeClass(long fromBytes, long toBytes, int partitions, long bytes) {}

    /**
     * One write-sharded key and how evenly its shards are filled.
     *
     * @param source the model's shard group it belongs to, or "key shape" when recognised ad hoc
     * @param shards every shard of the range, in shard order (a shard with nothing counts zero)
     * @param largestToMean the fullest shard's bytes over the shards' mean (1.0 is even)
     * @param emptyShards shards of the range with no items
     */
    public record ShardBalance(
            ShardedKey key,
            String source,
            List<Partition> shards,
            long items,
            long bytes,
            double largestToMean,
            int emptyShards) {
        public ShardBalance {
            shards = List.copyOf(shards);
        }
    }

    /** How close an item collection is to the 10 GB limit. */
    public enum LimitLevel {
        OK,
        WARNING,
        CRITICAL
    }

    /**
     * One item collection of a table with an LSI.
     *
     * @param bytes the collection's items plus their LSI entries
     * @param shareOfLimit bytes over 10 GB
     */
    public record CollectionLimit(
            AttributeValue partitionKey, long bytes, double shareOfLimit, LimitLevel level) {}

    /** The source name of shard groups recognised without a model. */
    public static final String KEY_SHAPE = "key shape";

    /**
     * The report of a tally.
     *
     * @param sample how the tally was sampled, or null when it read the whole table
     * @param model the table's model, whose shard groups are named; may be null
     */
    public static PartitionReport of(
            String table, PartitionTally tally, SampleEstimate sample, TableModel model) {
        return of(
                table,
                tally.keys(),
                tally.hasLocalSecondaryIndex(),
                sample == null ? tally.items() : sample.items(),
                sample == null ? tally.bytes() : sample.bytes(),
                tally.partitions(),
                sample,
                model);
    }

    /**
     * The report of partitions counted elsewhere (a report file read back).
     *
     * @param items the table's items (estimated when sampled)
     * @param bytes the table's bytes (estimated when sampled)
     */
    public static PartitionReport of(
            String table,
            KeySchema keys,
            boolean hasLocalSecondaryIndex,
            long items,
            long bytes,
            List<PartitionSize> sizes,
            SampleEstimate sample,
            TableModel model) {
        List<Partition> partitions = new ArrayList<>(sizes.size());
        for (PartitionSize p : sizes) {
            partitions.add(
                    new Partition(
                            p.partitionKey(),
                            p.items(),
                            p.bytes(),
                            p.writeUnits(),
                            p.collectionBytes(),
                            bytes == 0 ? 0 : (double) p.bytes() / bytes));
        }
        partitions.sort(LARGEST_FIRST);
        return new PartitionReport(
                table,
                keys,
                hasLocalSecondaryIndex,
                items,
                bytes,
                Optional.ofNullable(sample),
                partitions,
                skew(partitions, bytes),
                distribution(partitions),
                shardGroups(partitions, model),
                hasLocalSecondaryIndex ? collectionLimits(partitions) : List.of());
    }

    /** Largest first: by bytes, then items, then DynamoDB's order of the key. */
    static final Comparator<Partition> LARGEST_FIRST =
            Comparator.comparingLong(Partition::bytes)
                    .thenComparingLong(Partition::items)
                    .reversed()
                    .thenComparing(Partition::partitionKey, KeyOrder.comparator());

    /** The {@code n} largest partitions. */
    public List<Partition> top(int n) {
        return partitions.subList(0, Math.min(n, partitions.size()));
    }

    /** The partition of a partition-key value, if it was read. */
    public Optional<Partition> partition(AttributeValue partitionKey) {
        return partitions.stream().filter(p -> p.partitionKey().equals(partitionKey)).findFirst();
    }

    public boolean sampled() {
        return sample.isPresent();
    }

    private static Skew skew(List<Partition> largestFirst, long tableBytes) {
        if (largestFirst.isEmpty()) {
            return new Skew(0, 0, 0, 0, 0);
        }
        int n = largestFirst.size();
        double median =
                n % 2 == 1
                        ? largestFirst.get(n / 2).bytes()
                        : (largestFirst.get(n / 2 - 1).bytes() + largestFirst.get(n / 2).bytes())
                                / 2.0;
        long largest = largestFirst.get(0).bytes();
        int top = Math.max(1, (int) Math.ceil(n * 0.01));
        long topBytes = 0;
        for (int i = 0; i < top; i++) {
            topBytes += largestFirst.get(i).bytes();
        }
        return new Skew(
                largest,
                median,
                median == 0 ? 0 : largest / median,
                top,
                tableBytes == 0 ? 0 : (double) topBytes / tableBytes);
    }

    /** Power-of-two size classes from the smallest partition's to the largest's. */
    private static List<SizeClass> distribution(List<Partition> partitions) {
        if (partitions.isEmpty()) {
            return List.of();
        }
        int lowest = sizeClass(partitions.get(partitions.size() - 1).bytes());
        int highest = sizeClass(partitions.get(0).bytes());
        int[] counts = new int[highest - lowest + 1];
        long[] bytes = new long[counts.length];
        for (Partition p : partitions) {
            int c = sizeClass(p.bytes()) - lowest;
            counts[c]++;
            bytes[c] += p.bytes();
        }
        List<SizeClass> classes = new ArrayList<>(counts.length);
        for (int c = 0; c < counts.length; c++) {
            int power = lowest + c;
            classes.add(
                    new SizeClass(
                            power == 0 ? 0 : 1L << power, 1L << (power + 1), counts[c], bytes[c]));
        }
        return classes;
    }

    /** The power of two at or below {@code bytes} (0 for 0 and 1). */
    private static int sizeClass(long bytes) {
        return bytes <= 1 ? 0 : 63 - Long.numberOfLeadingZeros(bytes);
    }

    private static List<ShardBalance> shardGroups(List<Partition> partitions, TableModel model) {
        Map<String, Partition> byText = new HashMap<>();
        for (Partition p : partitions) {
            if (p.partitionKey() instanceof AttributeValue.Str s) {
                byText.put(s.value(), p);
            } else if (p.partitionKey() instanceof AttributeValue.Num n) {
                byText.put(n.text(), p);
            }
        }
        Map<ShardedKey, String> keys = new LinkedHashMap<>();
        List<String> unclaimed = new ArrayList<>();
        for (String value : byText.keySet()) {
            Optional<ShardedKey> fromModel =
                    model == null ? Optional.empty() : ShardedKey.ofShard(model, value);
            if (fromModel.isPresent()) {
                String group = model.shardGroupOf(value).orElseThrow().name();
                keys.putIfAbsent(fromModel.get(), group);
            } else {
                unclaimed.add(value);
            }
        }
        ShardShapes.recognise(unclaimed).forEach(key -> keys.putIfAbsent(key, KEY_SHAPE));
        List<ShardBalance> groups = new ArrayList<>();
        keys.forEach(
                (key, source) -> {
                    List<Partition> shards = new ArrayList<>();
                    long items = 0;
                    long bytes = 0;
                    long largest = 0;
                    int empty = 0;
                    for (String shard : key.shards()) {
                        Partition p = byText.get(shard);
                        if (p == null) {
                            p = new Partition(AttributeValue.s(shard), 0, 0, 0, 0, 0);
                            empty++;
                        }
                        shards.add(p);
                        items += p.items();
                        bytes += p.bytes();
                        largest = Math.max(largest, p.bytes());
                    }
                    double mean = (double) bytes / shards.size();
                    groups.add(
                            new ShardBalance(
                                    key,
                                    source,
                                    shards,
                                    items,
                                    bytes,
                                    mean == 0 ? 0 : largest / mean,
                                    empty));
                });
        groups.sort(Comparator.comparingLong(ShardBalance::bytes).reversed());
        return groups;
    }

    private static List<CollectionLimit> collectionLimits(List<Partition> partitions) {
        List<CollectionLimit> limits = new ArrayList<>(partitions.size());
        for (Partition p : partitions) {
            double share = (double) p.collectionBytes() / COLLECTION_LIMIT_BYTES;
            limits.add(
                    new CollectionLimit(
                            p.partitionKey(), p.collectionBytes(), share, level(share)));
        }
        limits.sort(Comparator.comparingLong(CollectionLimit::bytes).reversed());
        return limits;
    }

    /** How close a collection of this share of the 10 GB limit is. */
    public static LimitLevel level(double shareOfLimit) {
        if (shareOfLimit >= CRITICAL_SHARE) {
            return LimitLevel.CRITICAL;
        }
        return shareOfLimit >= WARNING_SHARE ? LimitLevel.WARNING : LimitLevel.OK;
    }
}

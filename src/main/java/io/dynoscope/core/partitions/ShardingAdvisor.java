package io.dynoscope.core.partitions;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.ValueText;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Advises how many shards a heavy partition-key value needs, from DynamoDB's per-partition limits:
 * 3,000 read units and 1,000 write units a second, and, on a table with a local secondary index, 10
 * GB per item collection. Plans leave headroom: 80% of the throughput limits, half the size limit
 * (where the report starts warning), so a shard can grow.
 */
public final class ShardingAdvisor {

    public static final double PARTITION_READ_UNITS = 3_000;
    public static final double PARTITION_WRITE_UNITS = 1_000;
    static final double THROUGHPUT_HEADROOM = 0.8;

    private ShardingAdvisor() {}

    /**
     * The advice for one partition of a report.
     *
     * @param traffic the partition's peak traffic, or {@link Traffic#unknown()}
     * @param hasLocalSecondaryIndex whether the table has an LSI (only then does size limit)
     * @param shards the number of shards wanted, or 0 to take the advised number
     */
    public static ShardingAdvice advise(
            PartitionReport.Partition partition,
            Traffic traffic,
            boolean hasLocalSecondaryIndex,
            int shards) {
        if (shards < 0) {
            throw new IllegalArgumentException("the number of shards cannot be negative");
        }
        long sizeLimit =
                (long) (PartitionReport.COLLECTION_LIMIT_BYTES * PartitionReport.WARNING_SHARE);
        int forSize =
                hasLocalSecondaryIndex
                        ? (int) Math.max(1, ceilDiv(partition.collectionBytes(), sizeLimit))
                        : 1;
        int forReads =
                atLeastOne(
                        traffic.readUnitsPerSecond(), PARTITION_READ_UNITS * THROUGHPUT_HEADROOM);
        int forWrites =
                atLeastOne(
                        traffic.writeUnitsPerSecond(), PARTITION_WRITE_UNITS * THROUGHPUT_HEADROOM);
        List<String> reasons = new ArrayList<>();
        if (hasLocalSecondaryIndex) {
            reasons.add(
                    String.format(
                            Locale.ROOT,
                            "size: %s of the 10 GB item-collection limit (the table has an LSI); %s",
                            ValueText.bytes(partition.collectionBytes()),
                            forSize == 1
                                    ? "one partition holds it"
                                    : forSize + " shards keep each under 5 GB"));
        } else {
            reasons.add(
                    "size: "
                            + ValueText.bytes(partition.bytes())
                            + "; without an LSI an item collection has no size limit");
        }
        reasons.add(
                traffic.readUnitsPerSecond() == 0
                        ? "reads: no traffic figure (enable Contributor Insights or enter one)"
                        : throughput(
                                "reads",
                                traffic.readUnitsPerSecond(),
                                PARTITION_READ_UNITS,
                                forReads));
        reasons.add(
                traffic.writeUnitsPerSecond() == 0
                        ? "writes: no traffic figure (enable Contributor Insights or enter one)"
                        : throughput(
                                "writes",
                                traffic.writeUnitsPerSecond(),
                                PARTITION_WRITE_UNITS,
                                forWrites));
        int advised = Math.max(forSize, Math.max(forReads, forWrites));
        int chosen = shards == 0 ? advised : shards;
        Optional<ShardedKey> newKey = Optional.empty();
        if (chosen > 1) {
            newKey = Optional.of(shardedKey(partition.partitionKey(), chosen));
        }
        return new ShardingAdvice(
                partition.partitionKey(),
                forSize,
                forReads,
                forWrites,
                chosen,
                reasons,
                newKey,
                partition.items(),
                2 * partition.writeUnits(),
                ceilDiv(ceilDiv(partition.bytes(), 4096), 2));
    }

    /**
     * The advice for a key that is already write-sharded: the traffic is the whole group's, and the
     * fullest shard (traffic assumed to follow the bytes) must stay under 80% of a partition. The
     * advised number is never fewer than the shards the group has.
     *
     * @param traffic the group's combined peak traffic, or {@link Traffic#unknown()}
     * @param shards the number of shards wanted, or 0 to take the advised number
     */
    public static ShardGroupAdvice adviseGroup(
            PartitionReport.ShardBalance group,
            Traffic traffic,
            boolean hasLocalSecondaryIndex,
            int shards) {
        if (shards < 0) {
            throw new IllegalArgumentException("the number of shards cannot be negative");
        }
        int current = group.shards().size();
        // the fullest shard's load in units of the mean shard's: an uneven group needs more
        double skew = group.bytes() == 0 ? 1 : Math.max(1, group.largestToMean());
        long sizeLimit =
                (long) (PartitionReport.COLLECTION_LIMIT_BYTES * PartitionReport.WARNING_SHARE);
        long fullestBytes =
                group.shards().stream()
                        .mapToLong(PartitionReport.Partition::collectionBytes)
                        .max()
                        .orElse(0);
        int forSize =
                hasLocalSecondaryIndex
                        ? (int) Math.max(1, Math.ceil((double) fullestBytes * current / sizeLimit))
                        : 1;
        int forReads =
                atLeastOne(
                        traffic.readUnitsPerSecond() * skew,
                        PARTITION_READ_UNITS * THROUGHPUT_HEADROOM);
        int forWrites =
                atLeastOne(
                        traffic.writeUnitsPerSecond() * skew,
                        PARTITION_WRITE_UNITS * THROUGHPUT_HEADROOM);
        int advised = Math.max(current, Math.max(forSize, Math.max(forReads, forWrites)));
        return new ShardGroupAdvice(
                group,
                traffic,
                hasLocalSecondaryIndex,
                forSize,
                forReads,
                forWrites,
                shards == 0 ? advised : shards);
    }

    /**
     * The sharded key of a string partition-key value: {@code WS#huge} in 4 shards is {@code
     * WS#huge#{01..04}}.
     */
    public static ShardedKey shardedKey(AttributeValue partitionKey, int shards) {
        if (!(partitionKey instanceof AttributeValue.Str s)) {
            throw new IllegalArgumentException(
                    "only a string partition key takes a shard suffix, not " + partitionKey.type());
        }
        int width = Math.max(2, Integer.toString(shards).length());
        String range =
                String.format(Locale.ROOT, "{%0" + width + "d..%0" + width + "d}", 1, shards);
        return ShardedKey.parse(s.value() + "#" + range);
    }

    private static String throughput(String what, double perSecond, double limit, int shards) {
        return String.format(
                Locale.ROOT,
                "%s: %,.0f units/s against %,.0f per partition; %s",
                what,
                perSecond,
                limit,
                shards == 1 ? "one partition serves it" : shards + " shards keep each under 80%");
    }

    private static int atLeastOne(double demand, double perShard) {
        return (int) Math.max(1, Math.ceil(demand / perShard));
    }

    private static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }
}

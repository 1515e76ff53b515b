package io.dynoscope.core.partitions;

import io.dynoscope.core.item.ValueText;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * What a key that is already write-sharded needs: its current shards, their combined and per-shard
 * load against DynamoDB's 1,000 write units / 3,000 read units per partition, whether more shards
 * are needed, and how to move to them. Advising {@code WS#big} as if it were one partition would
 * name shards ({@code WS#big#01..04}) that collide with the ones it has.
 *
 * @param group the shard group as the report found it
 * @param traffic the peak traffic of the whole group (every shard together)
 * @param hasLocalSecondaryIndex whether the table has an LSI (only then does size limit)
 * @param shardsForSize shards to keep each under half the 10 GB limit (1 without an LSI)
 * @param shardsForReads shards to keep the fullest under 80% of 3,000 read units
 * @param shardsForWrites shards to keep the fullest under 80% of 1,000 write units
 * @param shards the number advised (never fewer than the group has), or the number asked for
 */
public record ShardGroupAdvice(
        PartitionReport.ShardBalance group,
        Traffic traffic,
        boolean hasLocalSecondaryIndex,
        int shardsForSize,
        int shardsForReads,
        int shardsForWrites,
        int shards) {

    public ShardGroupAdvice {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(traffic, "traffic");
    }

    /** The shards the group has now. */
    public int currentShards() {
        return group.shards().size();
    }

    /** Whether the limits call for more shards than the group has. */
    public boolean needed() {
        return Math.max(shardsForSize, Math.max(shardsForReads, shardsForWrites)) > currentShards();
    }

    /**
     * The fullest shard's share of the group's load: its bytes over the total, assuming traffic
     * follows the bytes (an even spread is {@code 1 / shards}).
     */
    public double fullestShare() {
        int n = currentShards();
        return group.bytes() == 0 ? 1.0 / n : group.largestToMean() / n;
    }

    /** Read units a second on each shard at an even spread. */
    public double readsPerShard() {
        return traffic.readUnitsPerSecond() / currentShards();
    }

    /** Write units a second on each shard at an even spread. */
    public double writesPerShard() {
        return traffic.writeUnitsPerSecond() / currentShards();
    }

    /** Read units a second on the fullest shard. */
    public double readsOnFullest() {
        return traffic.readUnitsPerSecond() * fullestShare();
    }

    /** Write units a second on the fullest shard. */
    public double writesOnFullest() {
        return traffic.writeUnitsPerSecond() * fullestShare();
    }

    /** The key to move to, such as {@code WS#big#{01..13}}; empty when the count stays. */
    public Optional<ShardedKey> newKey() {
        if (shards == currentShards()) {
            return Optional.empty();
        }
        int width = Math.max(2, Integer.toString(shards).length());
        return Optional.of(
                ShardedKey.parse(group.key().template().withRange(1, shards, width).text()));
    }

    /** The advice in words: the first line, then the others as bullets. */
    public String text() {
        List<String> lines = lines();
        return lines.get(0) + "\n• " + String.join("\n• ", lines.subList(1, lines.size()));
    }

    /** The advice in sentences: the state, the load per shard, the verdict, and the move. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        int n = currentShards();
        String key = group.key().name();
        lines.add(
                String.format(
                        Locale.ROOT,
                        "%s is already sharded: %d shards (%s), %,d items, %s; the fullest shard"
                                + " holds %.2f× the mean.",
                        key,
                        n,
                        group.key().text(),
                        group.items(),
                        ValueText.bytes(group.bytes()),
                        group.largestToMean()));
        lines.add(
                load(
                        "writes",
                        traffic.writeUnitsPerSecond(),
                        writesPerShard(),
                        writesOnFullest(),
                        ShardingAdvisor.PARTITION_WRITE_UNITS));
        lines.add(
                load(
                        "reads",
                        traffic.readUnitsPerSecond(),
                        readsPerShard(),
                        readsOnFullest(),
                        ShardingAdvisor.PARTITION_READ_UNITS));
        lines.add(
                hasLocalSecondaryIndex
                        ? String.format(
                                Locale.ROOT,
                                "size: %s in all against 10 GB per shard (the table has an LSI);"
                                        + " %d shards keep each under 5 GB",
                                ValueText.bytes(group.bytes()),
                                shardsForSize)
                        : "size: without an LSI an item collection has no size limit");
        lines.add(verdict());
        newKey().ifPresent(to -> lines.add(move(to)));
        return lines;
    }

    private String verdict() {
        int n = currentShards();
        int advised = Math.max(shardsForSize, Math.max(shardsForReads, shardsForWrites));
        if (needed()) {
            return String.format(
                    Locale.ROOT,
                    "More shards needed: %d (now %d) keep the fullest under 80%% of a partition.",
                    advised,
                    n);
        }
        return String.format(
                Locale.ROOT,
                "No more shards needed: %d shards carry this load (%d would do).",
                n,
                Math.max(1, advised));
    }

    private String move(ShardedKey to) {
        if (shards < currentShards()) {
            return String.format(
                    Locale.ROOT,
                    "To go down to %s: write new items to %d shards only, then move the %,d"
                            + " items of shards %d..%d (write each under a kept shard, delete the"
                            + " old) before readers stop fanning out to them.",
                    to.text(),
                    shards,
                    removedItems(),
                    shards + 1,
                    currentShards());
        }
        return String.format(
                Locale.ROOT,
                "To move to %s: readers fan out over all %d shards first, then writers spread"
                        + " over them. With a random suffix no item moves (the %d shards keep"
                        + " theirs); with a calculated suffix an item's shard can change, so"
                        + " rewrite the group: at most %,d items, %,d write units (write each,"
                        + " delete the old).",
                to.text(),
                shards,
                currentShards(),
                group.items(),
                2 * group.shards().stream().mapToLong(PartitionReport.Partition::writeUnits).sum());
    }

    private long removedItems() {
        return group.shards().stream()
                .skip(shards)
                .mapToLong(PartitionReport.Partition::items)
                .sum();
    }

    private static String load(
            String what, double combined, double perShard, double fullest, double limit) {
        if (combined == 0) {
            return what + ": no traffic figure (enter the group's combined peak)";
        }
        return String.format(
                Locale.ROOT,
                "%s: %,.0f units/s combined; %,.0f per shard at an even spread, %,.0f on the"
                        + " fullest (%.0f%% of %,.0f per partition)",
                what,
                combined,
                perShard,
                fullest,
                100 * fullest / limit,
                limit);
    }
}

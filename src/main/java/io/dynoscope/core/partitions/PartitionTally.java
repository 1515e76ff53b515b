package io.dynoscope.core.partitions;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemSize;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.SecondaryIndex;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Items and bytes per partition-key value, counted as a table is read. Not thread-safe: give each
 * parallel segment its own tally and {@link #merge} them.
 */
public final class PartitionTally {

    private static final int ITEMS = 0;
    private static final int BYTES = 1;
    private static final int WRITE_UNITS = 2;
    private static final int COLLECTION_BYTES = 3;

    private final KeySchema keys;
    private final List<SecondaryIndex> localIndexes;
    private final Map<AttributeValue, long[]> byPartition = new HashMap<>();
    private long items;
    private long bytes;

    /**
     * @param keys the table's key schema
     * @param localIndexes the table's LSIs, whose entries count towards each collection's size
     */
    public PartitionTally(KeySchema keys, List<SecondaryIndex> localIndexes) {
        this.keys = Objects.requireNonNull(keys, "keys");
        this.localIndexes = List.copyOf(localIndexes);
    }

    /** Counts one item; throws when it has no partition key. */
    public void add(Item item) {
        AttributeValue partitionKey = item.attributes().get(keys.partitionKey());
        if (partitionKey == null) {
            throw new IllegalArgumentException(
                    "an item has no partition key '" + keys.partitionKey() + "'");
        }
        long size = ItemSize.of(item);
        long[] counts = byPartition.computeIfAbsent(partitionKey, k -> new long[4]);
        counts[ITEMS]++;
        counts[BYTES] += size;
        counts[WRITE_UNITS] += writeUnits(size);
        long collection = size;
        for (SecondaryIndex index : localIndexes) {
            collection += IndexEntries.bytes(index, item, keys);
        }
        counts[COLLECTION_BYTES] += collection;
        items++;
        bytes += size;
    }

    /** Adds one partition's counts from another tally of the same table (a job task's answer). */
    public void add(PartitionSize partition) {
        long[] mine = byPartition.computeIfAbsent(partition.partitionKey(), k -> new long[4]);
        mine[ITEMS] += partition.items();
        mine[BYTES] += partition.bytes();
        mine[WRITE_UNITS] += partition.writeUnits();
        mine[COLLECTION_BYTES] += partition.collectionBytes();
        items += partition.items();
        bytes += partition.bytes();
    }

    public void addAll(List<Item> page) {
        page.forEach(this::add);
    }

    /** Adds another tally of the same table (another segment) to this one. */
    public void merge(PartitionTally other) {
        other.byPartition.forEach(
                (key, counts) -> {
                    long[] mine = byPartition.computeIfAbsent(key, k -> new long[4]);
                    for (int i = 0; i < mine.length; i++) {
                        mine[i] += counts[i];
                    }
                });
        items += other.items;
        bytes += other.bytes;
    }

    public long items() {
        return items;
    }

    public long bytes() {
        return bytes;
    }

    public int partitionCount() {
        return byPartition.size();
    }

    public KeySchema keys() {
        return keys;
    }

    public boolean hasLocalSecondaryIndex() {
        return !localIndexes.isEmpty();
    }

    /** Every partition counted, in no particular order. */
    public List<PartitionSize> partitions() {
        List<PartitionSize> partitions = new ArrayList<>(byPartition.size());
        byPartition.forEach(
                (key, c) ->
                        partitions.add(
                                new PartitionSize(
                                        key,
                                        c[ITEMS],
                                        c[BYTES],
                                        c[WRITE_UNITS],
                                        c[COLLECTION_BYTES])));
        return partitions;
    }

    /** Write capacity units to write an item of this size once: one per started KB. */
    public static long writeUnits(long itemBytes) {
        return Math.max(1, (itemBytes + 1023) / 1024);
    }
}

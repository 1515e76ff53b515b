package io.dynoscope.core.collection;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The loaded items that share one partition key value: what the grid shows as one block under a
 * header. The parent item (sort key equal to the parent marker) comes first, then the other items
 * in sort-key order in the direction of the read.
 *
 * <p>Only {@link ItemCollections} changes a collection; read it on the thread that feeds it.
 */
public final class ItemCollection {

    private AttributeValue partitionKey;
    private Object partitionOrderKey;
    private final GroupingOptions options;
    private final int arrival;
    private final SortedItems children;

    /** The write-sharded key this collection stands for, or null for an ordinary partition. */
    private ShardedCollection sharded;

    private int[] shardItems;
    private long[] shardBytes;

    /** Usually none or one; a GSI can hold several items with the marker as sort key. */
    private List<Item> parents = List.of();

    private long sizeBytes;
    private boolean collapsed;

    /** The order of the items after the parents, or null for the sort key's (the read's). */
    private ItemOrder itemOrder;

    /** The children in {@link #itemOrder}, computed when first asked for after a change. */
    private Item[] ordered;

    /** Index in the grid's current collection order, kept by {@link ItemCollections}. */
    int position;

    ItemCollection(
            AttributeValue partitionKey,
            Object partitionOrderKey,
            GroupingOptions options,
            int arrival,
            boolean collapsed,
            ShardedCollection sharded) {
        this.partitionKey = partitionKey;
        this.partitionOrderKey = partitionOrderKey;
        this.options = options;
        this.arrival = arrival;
        this.collapsed = collapsed;
        String sortKeyName = options.keySchema().sortKey().orElse(null);
        this.children =
                new SortedItems(
                        options.direction() == ReadDirection.DESCENDING,
                        item ->
                                sortKeyName == null
                                        ? null
                                        : KeyOrder.normalize(item.attributes().get(sortKeyName)));
        this.sharded = sharded;
        this.shardItems = sharded == null ? null : new int[sharded.shards().size()];
        this.shardBytes = sharded == null ? null : new long[sharded.shards().size()];
    }

    /**
     * The partition key value shared by every item here; for a sharded collection, its logical key
     * ({@link ShardedCollection#key()}).
     */
    public AttributeValue partitionKey() {
        return partitionKey;
    }

    /** How many items of this collection have been loaded. */
    public int itemCount() {
        return parents.size() + children.size();
    }

    /**
     * The total size in bytes of the loaded items, as measured by the grouping's item-size
     * function.
     */
    public long sizeBytes() {
        return sizeBytes;
    }

    /** Whether the loaded items reach the configured size or count threshold. */
    public boolean isLarge() {
        return sizeBytes >= options.largeCollectionBytes()
                || itemCount() >= options.largeCollectionItems();
    }

    /** The write-sharded key whose shards this collection merges, if it is one. */
    public Optional<ShardedCollection> sharded() {
        return Optional.ofNullable(sharded);
    }

    /**
     * The loaded items and bytes of each shard, in shard order (shards with nothing loaded yet
     * count zero); empty for an ordinary collection.
     */
    public List<ShardCount> shardCounts() {
        if (sharded == null) {
            return List.of();
        }
        List<ShardCount> counts = new ArrayList<>(shardItems.length);
        for (int i = 0; i < shardItems.length; i++) {
            counts.add(new ShardCount(sharded.shards().get(i), shardItems[i], shardBytes[i]));
        }
        return counts;
    }

    /** What one shard of a sharded collection holds of the loaded items. */
    public record ShardCount(AttributeValue partitionKey, int itemCount, long sizeBytes) {}

    /** The parent item, when one has been loaded. */
    public Optional<Item> parent() {
        return parents.isEmpty() ? Optional.empty() : Optional.of(parents.get(0));
    }

    /** Whether the grid shows only this collection's header. */
    public boolean isCollapsed() {
        return collapsed;
    }

    /** The item at {@code index} in display order (parents first); O(log n). */
    public Item item(int index) {
        if (index < 0 || index >= itemCount()) {
            throw new IndexOutOfBoundsException("item " + index + " of " + itemCount());
        }
        int parentCount = parents.size();
        if (index < parentCount) {
            return parents.get(index);
        }
        return itemOrder == null
                ? children.get(index - parentCount)
                : orderedChildren()[index - parentCount];
    }

    /** The children sorted by {@link #itemOrder}; ties keep the sort key's order. */
    private Item[] orderedChildren() {
        if (ordered == null) {
            Item[] sorted = new Item[children.size()];
            for (int i = 0; i < sorted.length; i++) {
                sorted[i] = children.get(i);
            }
            Arrays.sort(sorted, itemOrder.comparator());
            ordered = sorted;
        }
        return ordered;
    }

    /** Whether the item at {@code index} in display order is a parent item. */
    public boolean isParentAt(int index) {
        return index >= 0 && index < parents.size();
    }

    /** The loaded items in display order, as a read-only live view. */
    public List<Item> items() {
        return new AbstractList<>() {
            @Override
            public Item get(int index) {
                return item(index);
            }

            @Override
            public int size() {
                return itemCount();
            }
        };
    }

    @Override
    public String toString() {
        return "ItemCollection["
                + (sharded == null ? partitionKey : sharded.label())
                + ", "
                + itemCount()
                + " items, "
                + sizeBytes
                + " bytes]";
    }

    /**
     * Makes this collection of a sharded key's own items (its parent) the sharded collection, when
     * the first of its shards arrives after them: the parent heads the block that was its own.
     */
    void becomeSharded(AttributeValue logicalKey, Object logicalOrderKey, ShardedCollection of) {
        partitionKey = logicalKey;
        partitionOrderKey = logicalOrderKey;
        sharded = of;
        shardItems = new int[of.shards().size()];
        shardBytes = new long[of.shards().size()];
    }

    /** The index of a shard's partition-key value, or -1 for an ordinary collection. */
    int shardIndexOf(AttributeValue shardPartitionKey) {
        if (sharded == null) {
            return -1;
        }
        int index = sharded.shardIndex(shardPartitionKey);
        if (index < 0) {
            throw new IllegalArgumentException(
                    shardPartitionKey + " is not one of the shards of " + sharded.label());
        }
        return index;
    }

    void add(Item item, Object sortKey, boolean parent, long itemSizeBytes, int shard) {
        item.pack(); // held as long as the grid shows it, among up to a million
        if (parent) {
            if (parents.isEmpty()) {
                parents = new ArrayList<>(1);
            }
            parents.add(item);
        } else {
            children.add(item, sortKey);
            ordered = null;
        }
        sizeBytes += itemSizeBytes;
        if (shard >= 0) {
            shardItems[shard]++;
            shardBytes[shard] += itemSizeBytes;
        }
    }

    /** Removes the first item that matches (parents first); returns it, or null when none does. */
    Item removeFirst(Predicate<Item> match) {
        for (int i = 0; i < parents.size(); i++) {
            if (match.test(parents.get(i))) {
                return parents.remove(i);
            }
        }
        ordered = null;
        return children.removeFirst(match);
    }

    void setItemOrder(ItemOrder order) {
        if (!Objects.equals(order, itemOrder)) {
            itemOrder = order;
            ordered = null;
        }
    }

    void shrink(Item removed, long removedSizeBytes) {
        sizeBytes -= removedSizeBytes;
        if (sharded != null) {
            int shard =
                    sharded.shardIndex(
                            removed.attributes().get(options.keySchema().partitionKey()));
            if (shard >= 0) {
                shardItems[shard]--;
                shardBytes[shard] -= removedSizeBytes;
            }
        }
    }

    void setCollapsed(boolean collapsed) {
        this.collapsed = collapsed;
    }

    /** Rows in the grid: the header, plus the items unless collapsed. */
    int rowCount() {
        return collapsed ? 1 : 1 + itemCount();
    }

    int arrival() {
        return arrival;
    }

    Object partitionOrderKey() {
        return partitionOrderKey;
    }
}

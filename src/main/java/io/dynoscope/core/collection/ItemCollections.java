package io.dynoscope.core.collection;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

/**
 * Groups the items of one read into item collections as its pages arrive, and presents them to the
 * item-collection grid as a flat list of rows: each collection's header, then (unless the
 * collection is collapsed) its items, parent first.
 *
 * <p>Adding a page costs about a hash lookup and a binary search per item; items that arrive in
 * sort-key order are appended. Row positions are prefix sums over the collections, brought up to
 * date lazily from the first collection that changed, so {@link #row(int)} is O(log n).
 *
 * <p>One instance holds one read: a new read (or the same read run again) starts a new instance,
 * since items are not de-duplicated by key. Not thread-safe: feed and read it from one thread (or
 * hand pages over to that thread).
 */
public final class ItemCollections {

    private static final Comparator<ItemCollection> BY_ARRIVAL =
            Comparator.comparingInt(ItemCollection::arrival);
    private static final Comparator<ItemCollection> BY_PARTITION_KEY =
            (a, b) -> KeyOrder.compareNormalized(a.partitionOrderKey(), b.partitionOrderKey());

    private final GroupingOptions options;
    private final ToLongFunction<Item> itemSize;
    private final String partitionKeyName;
    private final String sortKeyName;
    private final Object parentMarker;

    private final Map<AttributeValue, ItemCollection> byPartitionKey = new HashMap<>();

    /**
     * Partition keys that hold a sharded key's own items ({@code WS#big} of {@code WS#big#01…10}),
     * which sit in its collection without being one of its shards.
     */
    private final Set<AttributeValue> ownerKeys = new HashSet<>();

    /** The plain collections of such keys whose shards have not arrived yet, by logical key. */
    private final Map<AttributeValue, ItemCollection> waitingOwners = new HashMap<>();

    /** Collections in display order once {@link #updateLayout()} has run. */
    private final List<ItemCollection> ordered = new ArrayList<>();

    private CollectionOrder collectionOrder;
    private ItemOrder itemOrder;
    private boolean orderStale;
    private boolean collapseNew;
    private long itemCount;

    /**
     * {@code rowStarts[c]} is the header row of collection c; entries up to {@link #validRowStarts}
     * are current.
     */
    private int[] rowStarts = new int[16];

    private int validRowStarts;

    /**
     * @param options how to group, including the key schema of the table or index that was read
     * @param itemSize the size in bytes of one item, summed into each collection's size
     */
    public ItemCollections(GroupingOptions options, ToLongFunction<Item> itemSize) {
        this.options = Objects.requireNonNull(options, "options");
        this.itemSize = Objects.requireNonNull(itemSize, "itemSize");
        KeySchema schema = options.keySchema();
        this.partitionKeyName = schema.partitionKey();
        this.sortKeyName = schema.sortKey().orElse(null);
        this.parentMarker =
                sortKeyName == null
                        ? null
                        : options.parentMarker().map(KeyOrder::normalize).orElse(null);
        this.collectionOrder = options.collectionOrder();
    }

    public GroupingOptions options() {
        return options;
    }

    /**
     * Adds one page of a read. The page is checked first, so a page with an item that lacks a key
     * attribute (or has one of a type other than S, N or B) is rejected whole.
     *
     * @throws IllegalArgumentException naming the missing or wrong key attribute
     */
    public void addPage(List<Item> page) {
        int n = page.size();
        AttributeValue[] partitionKeys = new AttributeValue[n];
        Object[] sortKeys = new Object[n];
        long[] sizes = new long[n];
        for (int i = 0; i < n; i++) {
            Item item = page.get(i);
            partitionKeys[i] = keyAttribute(item, partitionKeyName, i);
            if (sortKeyName != null) {
                sortKeys[i] = KeyOrder.normalize(keyAttribute(item, sortKeyName, i));
            }
            sizes[i] = itemSize.applyAsLong(item);
        }
        ItemCollection current = null;
        AttributeValue currentKey = null;
        int shard = -1;
        for (int i = 0; i < n; i++) {
            // Reads return a partition's items together, so the previous item's collection usually
            // fits.
            if (current == null || !currentKey.equals(partitionKeys[i])) {
                currentKey = partitionKeys[i];
                current = collectionFor(currentKey);
                shard = ownerKeys.contains(currentKey) ? -1 : current.shardIndexOf(currentKey);
            }
            boolean parent =
                    parentMarker != null
                            && KeyOrder.compareNormalized(sortKeys[i], parentMarker) == 0;
            current.add(page.get(i), sortKeys[i], parent, sizes[i], shard);
            rowsChangedFrom(current);
        }
        itemCount += n;
    }

    /**
     * Takes out the first loaded item that matches (an item saved or deleted since it was read),
     * looking in the collection of {@code likelyPartitionKey} first. Its collection stays, even if
     * now empty, so the grid does not jump. Returns whether an item was removed.
     */
    public boolean remove(AttributeValue likelyPartitionKey, Predicate<Item> match) {
        ItemCollection likely =
                likelyPartitionKey == null ? null : byPartitionKey.get(likelyPartitionKey);
        if (likely != null && removeFrom(likely, match)) {
            return true;
        }
        for (ItemCollection collection : ordered) {
            if (collection != likely && removeFrom(collection, match)) {
                return true;
            }
        }
        return false;
    }

    private boolean removeFrom(ItemCollection collection, Predicate<Item> match) {
        Item removed = collection.removeFirst(match);
        if (removed == null) {
            return false;
        }
        collection.shrink(removed, itemSize.applyAsLong(removed));
        itemCount--;
        rowsChangedFrom(collection);
        return true;
    }

    /** The number of rows the grid shows: one per collection plus the items of expanded ones. */
    public int rowCount() {
        updateLayout();
        return rowStarts[ordered.size()];
    }

    /** The row at {@code index}; O(log n). */
    public CollectionRow row(int index) {
        int rows = rowCount();
        if (index < 0 || index >= rows) {
            throw new IndexOutOfBoundsException("row " + index + " of " + rows);
        }
        int c = Arrays.binarySearch(rowStarts, 0, ordered.size(), index);
        if (c >= 0) {
            // Row starts strictly increase (every collection has its header row): a hit is a
            // header.
            return new CollectionRow.Header(ordered.get(c));
        }
        c = -c - 2;
        ItemCollection collection = ordered.get(c);
        int inCollection = index - rowStarts[c] - 1;
        return new CollectionRow.ItemRow(
                collection,
                inCollection,
                collection.item(inCollection),
                collection.isParentAt(inCollection));
    }

    /** The row of a collection's header, e.g. to scroll to it. */
    public int headerRow(ItemCollection collection) {
        updateLayout();
        requireOwn(collection);
        return rowStarts[collection.position];
    }

    public int collectionCount() {
        return ordered.size();
    }

    /** All items loaded so far. */
    public long itemCount() {
        return itemCount;
    }

    /** The collections in the grid's current order, as a read-only live view. */
    public List<ItemCollection> collections() {
        return new AbstractList<>() {
            @Override
            public ItemCollection get(int index) {
                updateLayout();
                return ordered.get(index);
            }

            @Override
            public int size() {
                return ordered.size();
            }
        };
    }

    /**
     * The collection of a partition key value, if any of its items has been loaded: for a shard of
     * a sharded collection (or its logical key), the sharded collection.
     */
    public Optional<ItemCollection> collection(AttributeValue partitionKey) {
        return Optional.ofNullable(byPartitionKey.get(partitionKey));
    }

    public CollectionOrder collectionOrder() {
        return collectionOrder;
    }

    /** Reorders the collections; the items inside them keep their order. */
    public void setCollectionOrder(CollectionOrder order) {
        if (Objects.requireNonNull(order, "order") != collectionOrder) {
            collectionOrder = order;
            orderStale = true;
        }
    }

    /**
     * Orders the items inside every collection by an attribute (the parent stays first), or by the
     * sort key again with null; collections that arrive later follow it. No row comes or goes.
     */
    public void setItemOrder(ItemOrder order) {
        itemOrder = order;
        for (ItemCollection collection : ordered) {
            collection.setItemOrder(order);
        }
    }

    public void setCollapsed(ItemCollection collection, boolean collapsed) {
        requireOwn(collection);
        if (collection.isCollapsed() != collapsed) {
            collection.setCollapsed(collapsed);
            rowsChangedFrom(collection);
        }
    }

    /** Collapses or expands one collection; returns whether it is now collapsed. */
    public boolean toggleCollapsed(ItemCollection collection) {
        setCollapsed(collection, !collection.isCollapsed());
        return collection.isCollapsed();
    }

    /** Collapses every collection, including those whose first items have yet to arrive. */
    public void collapseAll() {
        setAllCollapsed(true);
    }

    /** Expands every collection, including those whose first items have yet to arrive. */
    public void expandAll() {
        setAllCollapsed(false);
    }

    private void setAllCollapsed(boolean collapsed) {
        collapseNew = collapsed;
        for (ItemCollection collection : ordered) {
            collection.setCollapsed(collapsed);
        }
        validRowStarts = 0;
    }

    private AttributeValue keyAttribute(Item item, String name, int indexInPage) {
        AttributeValue value = item.attributes().get(name);
        if (value == null) {
            throw new IllegalArgumentException(
                    "item " + indexInPage + " of the page has no key attribute '" + name + "'");
        }
        AttributeValue.Type type = value.type();
        if (type != AttributeValue.Type.S
                && type != AttributeValue.Type.N
                && type != AttributeValue.Type.B) {
            throw new IllegalArgumentException(
                    "item "
                            + indexInPage
                            + " of the page has key attribute '"
                            + name
                            + "' of type "
                            + type
                            + "; key attributes are S, N or B");
        }
        return value;
    }

    private ItemCollection collectionFor(AttributeValue partitionKey) {
        ItemCollection collection = byPartitionKey.get(partitionKey);
        if (collection != null) {
            return collection;
        }
        ShardedCollection sharded = options.shards().shardedCollectionOf(partitionKey).orElse(null);
        if (sharded != null) {
            collection = byPartitionKey.get(sharded.key());
            if (collection == null) {
                collection = shardedCollection(sharded);
            }
            byPartitionKey.put(partitionKey, collection);
            return collection;
        }
        ShardedCollection owned = options.shards().ownerOf(partitionKey).orElse(null);
        if (owned == null) {
            return newCollection(partitionKey, null);
        }
        ownerKeys.add(partitionKey);
        collection = byPartitionKey.get(owned.key());
        if (collection == null) {
            collection = newCollection(partitionKey, null);
            waitingOwners.put(owned.key(), collection);
        } else {
            byPartitionKey.put(partitionKey, collection);
        }
        return collection;
    }

    /** A sharded key's collection: the one of its own items if they came first, else a new one. */
    private ItemCollection shardedCollection(ShardedCollection sharded) {
        ItemCollection owner = waitingOwners.remove(sharded.key());
        if (owner == null) {
            return newCollection(sharded.key(), sharded);
        }
        owner.becomeSharded(sharded.key(), KeyOrder.normalize(sharded.key()), sharded);
        byPartitionKey.put(sharded.key(), owner);
        if (collectionOrder != CollectionOrder.ARRIVAL) {
            orderStale = true;
        }
        return owner;
    }

    private ItemCollection newCollection(AttributeValue partitionKey, ShardedCollection sharded) {
        ItemCollection collection =
                new ItemCollection(
                        partitionKey,
                        KeyOrder.normalize(partitionKey),
                        options,
                        ordered.size(),
                        collapseNew,
                        sharded);
        collection.setItemOrder(itemOrder);
        byPartitionKey.put(partitionKey, collection);
        collection.position = ordered.size();
        ordered.add(collection);
        if (collectionOrder != CollectionOrder.ARRIVAL) {
            orderStale = true;
        }
        return collection;
    }

    private void rowsChangedFrom(ItemCollection collection) {
        // Row starts up to and including this collection's own header are unaffected.
        validRowStarts = Math.min(validRowStarts, collection.position + 1);
    }

    private void updateLayout() {
        int count = ordered.size();
        if (orderStale) {
            // New collections sit after a sorted run, which the list's merge sort takes in one
            // pass.
            ordered.sort(
                    collectionOrder == CollectionOrder.ARRIVAL ? BY_ARRIVAL : BY_PARTITION_KEY);
            for (int c = 0; c < count; c++) {
                ordered.get(c).position = c;
            }
            orderStale = false;
            validRowStarts = 0;
        }
        if (rowStarts.length < count + 1) {
            rowStarts = Arrays.copyOf(rowStarts, Math.max(count + 1, rowStarts.length * 2));
        }
        int c = validRowStarts;
        if (c == 0) {
            rowStarts[0] = 0;
            c = 1;
        }
        for (; c <= count; c++) {
            rowStarts[c] = rowStarts[c - 1] + ordered.get(c - 1).rowCount();
        }
        validRowStarts = count + 1;
    }

    private void requireOwn(ItemCollection collection) {
        if (byPartitionKey.get(collection.partitionKey()) != collection) {
            throw new IllegalArgumentException(collection + " is not one of these collections");
        }
    }
}

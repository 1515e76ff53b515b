package io.dynoscope.core.collection;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.KeySchema;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * How loaded items are grouped into item collections.
 *
 * @param keySchema the key schema of whatever was read: the table's, or a GSI's or LSI's when the
 *     read was on an index, so that index views group by the index's keys
 * @param parentMarker the sort key value of a collection's parent item (such as {@code META}),
 *     shown first; empty when the table has no parent items. Ignored without a sort key.
 * @param direction the direction of the read; children follow it, the parent stays first
 * @param collectionOrder the initial order of collections; the grid may change it later
 * @param largeCollectionBytes a collection whose loaded items reach this many bytes is large
 * @param largeCollectionItems a collection with this many loaded items is large
 * @param shards which partition-key values are shards of one logical collection (a write-sharded
 *     key read by a fan-out), grouped under one header
 */
public record GroupingOptions(
        KeySchema keySchema,
        Optional<AttributeValue> parentMarker,
        ReadDirection direction,
        CollectionOrder collectionOrder,
        long largeCollectionBytes,
        long largeCollectionItems,
        ShardResolver shards) {

    /** 10 MB of loaded items: large enough to be a hot partition worth a look. */
    public static final long DEFAULT_LARGE_COLLECTION_BYTES = 10L * 1024 * 1024;

    public GroupingOptions {
        Objects.requireNonNull(keySchema, "keySchema");
        Objects.requireNonNull(parentMarker, "parentMarker");
        Objects.requireNonNull(direction, "direction");
        Objects.requireNonNull(collectionOrder, "collectionOrder");
        Objects.requireNonNull(shards, "shards");
        // A marker no key can equal (BOOL, M, ...) is a mistake worth reporting at once.
        parentMarker.ifPresent(KeyOrder::normalize);
        if (largeCollectionBytes < 1 || largeCollectionItems < 1) {
            throw new IllegalArgumentException(
                    "large-collection thresholds must be positive, not "
                            + largeCollectionBytes
                            + " bytes / "
                            + largeCollectionItems
                            + " items");
        }
    }

    /**
     * Defaults for a key schema: no parent marker, ascending, collections in arrival order, large
     * from 10 MB of loaded items (no item-count threshold), no shards.
     */
    public static GroupingOptions of(KeySchema keySchema) {
        return new GroupingOptions(
                keySchema,
                Optional.empty(),
                ReadDirection.ASCENDING,
                CollectionOrder.ARRIVAL,
                DEFAULT_LARGE_COLLECTION_BYTES,
                Long.MAX_VALUE,
                ShardResolver.none());
    }

    /** With a string parent marker, e.g. {@code "META"}. */
    public GroupingOptions withParentMarker(String marker) {
        return withParentMarker(AttributeValue.s(marker));
    }

    /** With a parent marker of the sort key's type (S, N or B). */
    public GroupingOptions withParentMarker(AttributeValue marker) {
        return with(parts -> parts.parentMarker = Optional.of(marker));
    }

    public GroupingOptions withDirection(ReadDirection newDirection) {
        return with(parts -> parts.direction = newDirection);
    }

    public GroupingOptions withCollectionOrder(CollectionOrder newOrder) {
        return with(parts -> parts.collectionOrder = newOrder);
    }

    /**
     * Large from {@code bytes} loaded bytes or {@code items} loaded items, whichever comes first.
     */
    public GroupingOptions withLargeCollectionThreshold(long bytes, long items) {
        return with(
                parts -> {
                    parts.largeCollectionBytes = bytes;
                    parts.largeCollectionItems = items;
                });
    }

    /** With these shards grouped into logical collections. */
    public GroupingOptions withShards(ShardResolver resolver) {
        return with(parts -> parts.shards = resolver);
    }

    /** With the shards of one write-sharded key shown as one logical collection. */
    public GroupingOptions withShardedCollection(ShardedCollection collection) {
        return withShards(ShardResolver.of(List.of(collection)));
    }

    /** These options with some parts changed (the record itself stays as it is). */
    private GroupingOptions with(Consumer<Parts> change) {
        Parts parts = new Parts(this);
        change.accept(parts);
        return new GroupingOptions(
                keySchema,
                parts.parentMarker,
                parts.direction,
                parts.collectionOrder,
                parts.largeCollectionBytes,
                parts.largeCollectionItems,
                parts.shards);
    }

    /** The parts of the options that change, to change some and make new options. */
    private static final class Parts {
        Optional<AttributeValue> parentMarker;
        ReadDirection direction;
        CollectionOrder collectionOrder;
        long largeCollectionBytes;
        long largeCollectionItems;
        ShardResolver shards;

        Parts(GroupingOptions options) {
            parentMarker = options.parentMarker;
            direction = options.direction;
            collectionOrder = options.collectionOrder;
            largeCollectionBytes = options.largeCollectionBytes;
            largeCollectionItems = options.largeCollectionItems;
            shards = options.shards;
        }
    }
}

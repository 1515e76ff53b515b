package io.dynoscope.core.collection;

import io.dynoscope.core.item.AttributeValue;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;

/**
 * The partitions of one write-sharded partition key, such as {@code WS#acme#01} … {@code
 * WS#acme#10}, shown by the grid as one logical item collection ({@code WS#acme · 10 shards}) with
 * the items of every shard merged in sort-key order.
 *
 * @param key the logical collection's own partition-key value: the shard template as a string, such
 *     as {@code WS#acme#{01..10}}, which no shard's value equals
 * @param name what the collection is called, such as {@code WS#acme}
 * @param shards the shards' partition-key values, in shard order
 */
public record ShardedCollection(AttributeValue key, String name, List<AttributeValue> shards) {

    public ShardedCollection {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(name, "name");
        shards = List.copyOf(shards);
        if (shards.size() < 2) {
            throw new IllegalArgumentException(
                    "a sharded collection has at least two shards, not " + shards.size());
        }
        if (new HashSet<>(shards).size() != shards.size()) {
            throw new IllegalArgumentException(name + " names a shard twice");
        }
        if (shards.contains(key)) {
            throw new IllegalArgumentException(
                    "the logical collection's key " + key + " is also one of its shards");
        }
    }

    /** What the grid's header calls it: {@code WS#acme · 10 shards}. */
    public String label() {
        return name + " · " + shards.size() + " shards";
    }

    /** The position of a shard's partition-key value among {@link #shards()}, or -1. */
    public int shardIndex(AttributeValue partitionKey) {
        return shards.indexOf(partitionKey);
    }
}

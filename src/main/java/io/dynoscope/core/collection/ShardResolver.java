package io.dynoscope.core.collection;

import io.dynoscope.core.item.AttributeValue;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Says which logical collection, if any, a partition-key value is a shard of, so that the grid
 * groups every shard of a write-sharded key under one header.
 */
@FunctionalInterface
public interface ShardResolver {

    /**
     * The logical collection {@code partitionKey} is a shard of (its {@link
     * ShardedCollection#shards()} contain it), or empty for an ordinary partition.
     */
    Optional<ShardedCollection> shardedCollectionOf(AttributeValue partitionKey);

    /**
     * The logical collection whose own items live under {@code partitionKey}, the key without its
     * shard ({@code WS#big} of {@code WS#big#01} … {@code WS#big#10}, where its META item is), or
     * empty. Such items join the collection once one of its shards has been loaded, so the parent
     * heads the shards' block instead of standing apart from it.
     */
    default Optional<ShardedCollection> ownerOf(AttributeValue partitionKey) {
        return Optional.empty();
    }

    /** No shards: every partition-key value is its own item collection. */
    static ShardResolver none() {
        return partitionKey -> Optional.empty();
    }

    /** These logical collections; a value that is a shard of none of them stays its own. */
    static ShardResolver of(List<ShardedCollection> collections) {
        Map<AttributeValue, ShardedCollection> byShard = new HashMap<>();
        for (ShardedCollection collection : collections) {
            for (AttributeValue shard : collection.shards()) {
                ShardedCollection other = byShard.putIfAbsent(shard, collection);
                if (other != null && !other.equals(collection)) {
                    throw new IllegalArgumentException(
                            shard
                                    + " is a shard of both "
                                    + other.name()
                                    + " and "
                                    + collection.name());
                }
            }
        }
        return partitionKey -> Optional.ofNullable(byShard.get(partitionKey));
    }
}

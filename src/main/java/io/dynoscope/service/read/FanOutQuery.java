package io.dynoscope.service.read;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.service.store.QuerySpec;
import java.util.List;
import java.util.Objects;

/**
 * The Query a fan-out sends to every shard of a write-sharded key: the read's table or index,
 * sort-key condition, filter, projection and direction, with each shard's partition-key value.
 *
 * @param read the Query as the person described it (its partition-key value names the shards)
 * @param shards the shards' partition-key values, in shard order
 * @param pageSize the Limit of each request, or 0 to let the fan-out choose from what is wanted
 */
public record FanOutQuery(ReadRequest read, List<AttributeValue> shards, int pageSize) {

    public FanOutQuery {
        Objects.requireNonNull(read, "read");
        if (read.mode() != ReadMode.QUERY) {
            throw new IllegalArgumentException("a fan-out is a Query, not a " + read.mode());
        }
        shards = List.copyOf(shards);
        if (shards.isEmpty()) {
            throw new IllegalArgumentException("a fan-out needs at least one shard");
        }
        if (pageSize < 0) {
            throw new IllegalArgumentException("the page size cannot be negative");
        }
    }

    /** Every shard of {@code read}, each request sized by what the fan-out wants. */
    public static FanOutQuery of(ReadRequest read, List<AttributeValue> shards) {
        return new FanOutQuery(read, shards, 0);
    }

    /** The key schema of the table or index read (its sort key orders the merge). */
    KeySchema keys() {
        return read.keyCondition().keys();
    }

    boolean scanForward() {
        return read.scanForward();
    }

    /** The Query of one shard (its page size and limit are set per request by the fan-out). */
    QuerySpec shardQuery(AttributeValue shard) {
        return read.onPartition(shard).query(null).withLimit(0);
    }
}

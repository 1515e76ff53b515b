package io.dynoscope.service.partitions;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.repository.QuerySpec;
import java.util.List;
import java.util.Objects;

/**
 * The Query a fan-out sends to every shard of a write-sharded key: the same table or index,
 * sort-key condition, filter, projection and direction, with each shard's partition-key value.
 *
 * @param index the index read, or null for the table
 * @param keys the key schema of the table or index read (its sort key orders the merge)
 * @param shards the shards' partition-key values, in shard order
 * @param sortKey a condition on the sort key, or null
 * @param filter a filter expression, or null
 * @param projection a projection expression, or null
 * @param pageSize the Limit of each request, or 0 to let the fan-out choose from what is wanted
 */
public record FanOutQuery(
        String table,
        String index,
        KeySchema keys,
        List<AttributeValue> shards,
        SortKeyCondition sortKey,
        CompiledExpression filter,
        CompiledExpression projection,
        boolean scanForward,
        int pageSize,
        boolean consistentRead) {

    public FanOutQuery {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(keys, "keys");
        shards = List.copyOf(shards);
        if (shards.isEmpty()) {
            throw new IllegalArgumentException("a fan-out needs at least one shard");
        }
        if (pageSize < 0) {
            throw new IllegalArgumentException("the page size cannot be negative");
        }
    }

    /** Every item of every shard of a table, ascending. */
    public static FanOutQuery of(String table, KeySchema keys, List<AttributeValue> shards) {
        return new FanOutQuery(table, null, keys, shards, null, null, null, true, 0, false);
    }

    /** On an index, whose key schema is {@code indexKeys}. */
    public FanOutQuery onIndex(String indexName, KeySchema indexKeys) {
        return new FanOutQuery(
                table,
                indexName,
                indexKeys,
                shards,
                sortKey,
                filter,
                projection,
                scanForward,
                pageSize,
                consistentRead);
    }

    public FanOutQuery withSortKey(SortKeyCondition condition) {
        return new FanOutQuery(
                table,
                index,
                keys,
                shards,
                condition,
                filter,
                projection,
                scanForward,
                pageSize,
                consistentRead);
    }

    public FanOutQuery withFilter(CompiledExpression filterExpression) {
        return new FanOutQuery(
                table,
                index,
                keys,
                shards,
                sortKey,
                filterExpression,
                projection,
                scanForward,
                pageSize,
                consistentRead);
    }

    public FanOutQuery withProjection(CompiledExpression projectionExpression) {
        return new FanOutQuery(
                table,
                index,
                keys,
                shards,
                sortKey,
                filter,
                projectionExpression,
                scanForward,
                pageSize,
                consistentRead);
    }

    /** Newest first: every shard read with ScanIndexForward=false, merged the same way. */
    public FanOutQuery descending() {
        return new FanOutQuery(
                table,
                index,
                keys,
                shards,
                sortKey,
                filter,
                projection,
                false,
                pageSize,
                consistentRead);
    }

    public FanOutQuery withPageSize(int itemsPerRequest) {
        return new FanOutQuery(
                table,
                index,
                keys,
                shards,
                sortKey,
                filter,
                projection,
                scanForward,
                itemsPerRequest,
                consistentRead);
    }

    /** The Query of one shard (its page size and limit are set per request by the fan-out). */
    QuerySpec shardQuery(AttributeValue shard) {
        KeyCondition keyCondition = KeyCondition.partition(keys, shard).and(sortKey);
        QuerySpec spec =
                QuerySpec.of(table, keyCondition.compile(filter, projection))
                        .withFilter(filter)
                        .withProjection(projection)
                        .consistent(consistentRead);
        if (index != null) {
            spec = spec.onIndex(index);
        }
        return scanForward ? spec : spec.descending();
    }
}

package io.dynoscope.repository;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Key;
import java.util.Objects;

/**
 * A Query on a table or one of its indexes: a partition-key value and an optional sort-key
 * condition (the repository writes the key condition expression from them), or a ready key
 * condition.
 *
 * @param index index name, or null for the table
 * @param keyCondition a ready key condition; when set, partitionKeyValue and sortKeyCondition are
 *     unused
 * @param partitionKeyValue the partition-key value (the attribute name comes from the table or
 *     index)
 * @param sortKeyCondition optional sort-key condition, or null
 * @param scanForward false reads newest first (descending sort key)
 * @param filter optional filter expression, or null
 * @param projection optional projection expression (names only), or null
 * @param limit the most items to return in all, or 0 for no limit; a filtered read keeps paging
 *     past empty pages until it has this many or the partition ends
 * @param pageSize the Limit sent with each request, or 0 to let DynamoDB fill 1 MB pages
 * @param exclusiveStartKey where to resume ("load more"), or null
 */
public record QuerySpec(
        String table,
        String index,
        ExpressionSpec keyCondition,
        AttributeValue partitionKeyValue,
        SortKeyCondition sortKeyCondition,
        boolean scanForward,
        ExpressionSpec filter,
        ExpressionSpec projection,
        int limit,
        int pageSize,
        Key exclusiveStartKey,
        boolean consistentRead) {

    public QuerySpec {
        Objects.requireNonNull(table, "table");
        if (keyCondition == null && partitionKeyValue == null) {
            throw new IllegalArgumentException(
                    "a Query needs a partition-key value or a key condition");
        }
        if (limit < 0 || pageSize < 0) {
            throw new IllegalArgumentException("limit and page size cannot be negative");
        }
    }

    /** A Query for one item collection, ascending, on the table. */
    public static QuerySpec partition(String table, AttributeValue partitionKeyValue) {
        return new QuerySpec(
                table, null, null, partitionKeyValue, null, true, null, null, 0, 0, null, false);
    }

    public QuerySpec onIndex(String indexName) {
        return new QuerySpec(
                table,
                indexName,
                keyCondition,
                partitionKeyValue,
                sortKeyCondition,
                scanForward,
                filter,
                projection,
                limit,
                pageSize,
                exclusiveStartKey,
                consistentRead);
    }

    public QuerySpec withSortKey(SortKeyCondition condition) {
        return new QuerySpec(
                table,
                index,
                keyCondition,
                partitionKeyValue,
                condition,
                scanForward,
                filter,
                projection,
                limit,
                pageSize,
                exclusiveStartKey,
                consistentRead);
    }

    public QuerySpec descending() {
        return new QuerySpec(
                table,
                index,
                keyCondition,
                partitionKeyValue,
                sortKeyCondition,
                false,
                filter,
                projection,
                limit,
                pageSize,
                exclusiveStartKey,
                consistentRead);
    }

    public QuerySpec withFilter(ExpressionSpec filterExpression) {
        return new QuerySpec(
                table,
                index,
                keyCondition,
                partitionKeyValue,
                sortKeyCondition,
                scanForward,
                filterExpression,
                projection,
                limit,
                pageSize,
                exclusiveStartKey,
                consistentRead);
    }

    public QuerySpec withProjection(ExpressionSpec projectionExpression) {
        return new QuerySpec(
                table,
                index,
                keyCondition,
                partitionKeyValue,
                sortKeyCondition,
                scanForward,
                filter,
                projectionExpression,
                limit,
                pageSize,
                exclusiveStartKey,
                consistentRead);
    }

    public QuerySpec withLimit(int maxItems) {
        return new QuerySpec(
                table,
                index,
                keyCondition,
                partitionKeyValue,
                sortKeyCondition,
                scanForward,
                filter,
                projection,
                maxItems,
                pageSize,
                exclusiveStartKey,
                consistentRead);
    }

    public QuerySpec withPageSize(int itemsPerRequest) {
        return new QuerySpec(
                table,
                index,
                keyCondition,
                partitionKeyValue,
                sortKeyCondition,
                scanForward,
                filter,
                projection,
                limit,
                itemsPerRequest,
                exclusiveStartKey,
                consistentRead);
    }

    public QuerySpec startingAfter(Key key) {
        return new QuerySpec(
                table,
                index,
                keyCondition,
                partitionKeyValue,
                sortKeyCondition,
                scanForward,
                filter,
                projection,
                limit,
                pageSize,
                key,
                consistentRead);
    }

    public QuerySpec withKeyCondition(ExpressionSpec condition) {
        return new QuerySpec(
                table,
                index,
                condition,
                partitionKeyValue,
                sortKeyCondition,
                scanForward,
                filter,
                projection,
                limit,
                pageSize,
                exclusiveStartKey,
                consistentRead);
    }
}

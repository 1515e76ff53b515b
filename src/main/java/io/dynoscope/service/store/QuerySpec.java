package io.dynoscope.service.store;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.core.item.Key;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A Query on a table or one of its indexes, with every expression compiled: the repository sends
 * what it is given.
 *
 * @param index index name, or null for the table
 * @param keyCondition the KeyConditionExpression with its placeholders
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
        CompiledExpression keyCondition,
        boolean scanForward,
        CompiledExpression filter,
        CompiledExpression projection,
        int limit,
        int pageSize,
        Key exclusiveStartKey,
        boolean consistentRead)
        implements QueryOrScanSpec<QuerySpec> {

    public QuerySpec {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(keyCondition, "a Query needs a key condition");
        if (limit < 0 || pageSize < 0) {
            throw new IllegalArgumentException("limit and page size cannot be negative");
        }
    }

    /** A Query on the table, ascending, with no filter, projection or limit. */
    public static QuerySpec of(String table, CompiledExpression keyCondition) {
        return new QuerySpec(table, null, keyCondition, true, null, null, 0, 0, null, false);
    }

    /** A Query on the table for a key condition stated by its parts. */
    public static QuerySpec of(String table, KeyCondition keyCondition) {
        return of(table, keyCondition.compile());
    }

    public QuerySpec descending() {
        return with(q -> q.scanForward = false);
    }

    @Override
    public QuerySpec with(Consumer<QueryOrScanParts> change) {
        QueryOrScanParts parts = new QueryOrScanParts(this);
        change.accept(parts);
        return parts.query();
    }
}

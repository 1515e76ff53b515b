package io.dynoscope.service.store;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.item.Key;
import java.util.function.Consumer;

/**
 * What a Query and a Scan share, each change made on a copy: the index, the filter and projection,
 * how much to read and where to resume, and the read's consistency.
 */
public sealed interface QueryOrScanSpec<S extends QueryOrScanSpec<S>> permits QuerySpec, ScanSpec {

    String table();

    /** The index read, or null for the table. */
    String index();

    CompiledExpression filter();

    CompiledExpression projection();

    int limit();

    int pageSize();

    Key exclusiveStartKey();

    boolean consistentRead();

    /** This read with {@code change} made to a copy of its parts. */
    S with(Consumer<QueryOrScanParts> change);

    default S onIndex(String indexName) {
        return with(read -> read.index = indexName);
    }

    default S withFilter(CompiledExpression filterExpression) {
        return with(read -> read.filter = filterExpression);
    }

    default S withProjection(CompiledExpression projectionExpression) {
        return with(read -> read.projection = projectionExpression);
    }

    default S withLimit(int maxItems) {
        return with(read -> read.limit = maxItems);
    }

    default S withPageSize(int itemsPerRequest) {
        return with(read -> read.pageSize = itemsPerRequest);
    }

    default S startingAfter(Key key) {
        return with(read -> read.exclusiveStartKey = key);
    }

    default S consistent(boolean consistent) {
        return with(read -> read.consistentRead = consistent);
    }
}

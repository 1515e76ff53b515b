package io.dynoscope.service.store;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.item.Key;

/**
 * The parts of a Query or a Scan, to change some and make another: a Query leaves {@code segments}
 * at 1, a Scan leaves {@code keyCondition} null and {@code scanForward} true.
 */
public final class QueryOrScanParts {
    final String table;
    String index;
    CompiledExpression keyCondition;
    boolean scanForward = true;
    CompiledExpression filter;
    CompiledExpression projection;
    int segments = 1;
    int limit;
    int pageSize;
    Key exclusiveStartKey;
    boolean consistentRead;

    QueryOrScanParts(QueryOrScanSpec<?> read) {
        table = read.table();
        index = read.index();
        filter = read.filter();
        projection = read.projection();
        limit = read.limit();
        pageSize = read.pageSize();
        exclusiveStartKey = read.exclusiveStartKey();
        consistentRead = read.consistentRead();
        if (read instanceof QuerySpec query) {
            keyCondition = query.keyCondition();
            scanForward = query.scanForward();
        } else {
            segments = ((ScanSpec) read).segments();
        }
    }

    QuerySpec query() {
        return new QuerySpec(
                table,
                index,
                keyCondition,
                scanForward,
                filter,
                projection,
                limit,
                pageSize,
                exclusiveStartKey,
                consistentRead);
    }

    ScanSpec scan() {
        return new ScanSpec(
                table,
                index,
                filter,
                projection,
                segments,
                limit,
                pageSize,
                exclusiveStartKey,
                consistentRead);
    }
}

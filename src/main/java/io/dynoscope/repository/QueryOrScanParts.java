package io.dynoscope.repository;

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

    QueryOrScanParts(QuerySpec query) {
        this(query.table(), query.index(), query.filter(), query.projection(), query.limit());
        keyCondition = query.keyCondition();
        scanForward = query.scanForward();
        pageSize = query.pageSize();
        exclusiveStartKey = query.exclusiveStartKey();
        consistentRead = query.consistentRead();
    }

    QueryOrScanParts(ScanSpec scan) {
        this(scan.table(), scan.index(), scan.filter(), scan.projection(), scan.limit());
        segments = scan.segments();
        pageSize = scan.pageSize();
        exclusiveStartKey = scan.exclusiveStartKey();
        consistentRead = scan.consistentRead();
    }

    private QueryOrScanParts(
            String table,
            String index,
            CompiledExpression filter,
            CompiledExpression projection,
            int limit) {
        this.table = table;
        this.index = index;
        this.filter = filter;
        this.projection = projection;
        this.limit = limit;
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

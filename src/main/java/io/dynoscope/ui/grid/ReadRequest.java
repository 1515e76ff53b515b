package io.dynoscope.ui.grid;

import io.dynoscope.core.collection.ReadDirection;
import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.core.item.Key;
import io.dynoscope.repository.QuerySpec;
import io.dynoscope.repository.ScanSpec;

/** A read as the grid's form described it, resumable from a key ("load more"). */
record ReadRequest(
        String table,
        ItemGridViewModel.ReadMode mode,
        String index,
        KeyCondition keyCondition,
        boolean scanForward,
        CompiledExpression filter,
        CompiledExpression projection,
        int segments,
        int limit,
        QuerySpec readyQuery,
        ScanSpec readyScan) {

    ReadRequest(
            String table,
            ItemGridViewModel.ReadMode mode,
            String index,
            KeyCondition keyCondition,
            boolean scanForward,
            CompiledExpression filter,
            CompiledExpression projection,
            int segments,
            int limit) {
        this(
                table,
                mode,
                index,
                keyCondition,
                scanForward,
                filter,
                projection,
                segments,
                limit,
                null,
                null);
    }

    /** A Query built elsewhere (the expression builder), run as it is. */
    static ReadRequest of(QuerySpec query) {
        return new ReadRequest(
                query.table(),
                ItemGridViewModel.ReadMode.QUERY,
                query.index(),
                null,
                query.scanForward(),
                query.filter(),
                query.projection(),
                1,
                query.limit(),
                query,
                null);
    }

    /** A Scan built elsewhere (the expression builder), run as it is. */
    static ReadRequest of(ScanSpec scan) {
        return new ReadRequest(
                scan.table(),
                ItemGridViewModel.ReadMode.SCAN,
                scan.index(),
                null,
                true,
                scan.filter(),
                scan.projection(),
                scan.segments(),
                scan.limit(),
                null,
                scan);
    }

    boolean ready() {
        return readyQuery != null || readyScan != null;
    }

    ReadDirection direction() {
        return mode == ItemGridViewModel.ReadMode.QUERY
                ? ReadDirection.ofScanIndexForward(scanForward)
                : ReadDirection.ASCENDING;
    }

    QuerySpec query(Key startAfter) {
        if (readyQuery != null) {
            return readyQuery.startingAfter(startAfter);
        }
        QuerySpec spec =
                QuerySpec.of(table, keyCondition.compile(filter, projection))
                        .withFilter(filter)
                        .withProjection(projection)
                        .withLimit(limit)
                        .startingAfter(startAfter);
        if (index != null) {
            spec = spec.onIndex(index);
        }
        return scanForward ? spec : spec.descending();
    }

    ScanSpec scan(Key startAfter) {
        if (readyScan != null) {
            return startAfter == null
                    ? readyScan
                    : readyScan.withSegments(1).startingAfter(startAfter);
        }
        ScanSpec spec =
                ScanSpec.table(table)
                        .withFilter(filter)
                        .withProjection(projection)
                        .withLimit(limit);
        if (index != null) {
            spec = spec.onIndex(index);
        }
        // a parallel scan cannot resume from one key, so "load more" continues as a single segment
        return startAfter == null ? spec.withSegments(segments) : spec.startingAfter(startAfter);
    }

    String describe() {
        return (mode == ItemGridViewModel.ReadMode.QUERY ? "Query " : "Scan ")
                + table
                + (index == null ? "" : " (" + index + ")");
    }
}

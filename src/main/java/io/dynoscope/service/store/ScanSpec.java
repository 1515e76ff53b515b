package io.dynoscope.service.store;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.item.Key;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A Scan of a table or index, optionally as parallel segments.
 *
 * @param index index name, or null for the table
 * @param filter optional filter expression, or null
 * @param projection optional projection expression, or null
 * @param segments 1 for a plain scan; N reads N segments (TotalSegments = N, at most 1,000,000), at
 *     most {@link #MAX_CONCURRENT_SEGMENTS} at a time
 * @param limit the most items to return in all, or 0 for no limit
 * @param pageSize the Limit sent with each request, or 0 for full 1 MB pages
 * @param exclusiveStartKey where to resume a single-segment scan, or null
 */
public record ScanSpec(
        String table,
        String index,
        CompiledExpression filter,
        CompiledExpression projection,
        int segments,
        int limit,
        int pageSize,
        Key exclusiveStartKey,
        boolean consistentRead)
        implements QueryOrScanSpec<ScanSpec> {

    /** DynamoDB's limit on TotalSegments. */
    public static final int MAX_SEGMENTS = 1_000_000;

    /**
     * The most segments a local engine reads correctly: dynalite divides a table into 4,096 hash
     * ranges, and with more segments its last ones read the whole table again.
     */
    public static final int MAX_LOCAL_SEGMENTS = 4_096;

    /**
     * How many segments are read at once: one thread and one connection each (the HTTP client keeps
     * 64); the rest wait their turn.
     */
    public static final int MAX_CONCURRENT_SEGMENTS = 64;

    public ScanSpec {
        Objects.requireNonNull(table, "table");
        if (segments < 1 || segments > MAX_SEGMENTS) {
            throw new IllegalArgumentException(
                    "a Scan has 1 to 1,000,000 segments (DynamoDB's TotalSegments), not "
                            + segments);
        }
        if (limit < 0 || pageSize < 0) {
            throw new IllegalArgumentException("limit and page size cannot be negative");
        }
        if (segments > 1 && exclusiveStartKey != null) {
            throw new IllegalArgumentException("a parallel Scan cannot resume from one key");
        }
    }

    public static ScanSpec table(String table) {
        return new ScanSpec(table, null, null, null, 1, 0, 0, null, false);
    }

    public ScanSpec withSegments(int totalSegments) {
        return with(scan -> scan.segments = totalSegments);
    }

    @Override
    public ScanSpec with(Consumer<QueryOrScanParts> change) {
        QueryOrScanParts parts = new QueryOrScanParts(this);
        change.accept(parts);
        return parts.scan();
    }
}

package io.dynoscope.repository;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.Page;
import io.dynoscope.core.table.PageListener;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.GetResult;
import io.dynoscope.service.store.QueryOrScanSpec;
import io.dynoscope.service.store.QuerySpec;
import io.dynoscope.service.store.ScanSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * The reads of one connection: Query, Scan (whole, parallel or one segment), GetItem and PartiQL's
 * ExecuteStatement. A projection always includes the key attributes, so every item read can be
 * identified and a limited read can resume after it.
 */
final class SdkReads {

    // Placeholders the repository adds itself; the #dynoscope prefix keeps them apart from the
    // user's.
    private static final String KEY_PROJECTION_PLACEHOLDER = "#dynoscopeKey";

    private final SdkCalls calls;
    private final SdkTables tables;
    private final ConnectionSpec connection;

    SdkReads(SdkCalls calls, SdkTables tables, ConnectionSpec connection) {
        this.calls = calls;
        this.tables = tables;
        this.connection = connection;
    }

    ReadResult query(QuerySpec spec, PageListener listener, Cancellation cancellation) {
        String table = spec.table();
        Placeholders placeholders = new Placeholders("Query", table);
        placeholders.add(spec.keyCondition());
        placeholders.add(spec.filter());
        String projection =
                projectionWithKeys(spec.projection(), table, spec.index(), placeholders);

        QueryRequest.Builder base =
                QueryRequest.builder()
                        .tableName(table)
                        .indexName(spec.index())
                        .keyConditionExpression(spec.keyCondition().text())
                        .filterExpression(spec.filter() == null ? null : spec.filter().text())
                        .projectionExpression(projection)
                        .scanIndexForward(spec.scanForward())
                        .consistentRead(spec.consistentRead() ? Boolean.TRUE : null)
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);
        placeholders.applyTo(base::expressionAttributeNames, base::expressionAttributeValues);
        QueryRequest template = base.build();

        PagedRead read =
                pagedRead(
                        "Query",
                        spec,
                        (segment, startKey, requestLimit) -> {
                            QueryResponse response =
                                    calls.client()
                                            .query(
                                                    template.toBuilder()
                                                            .exclusiveStartKey(startKey)
                                                            .limit(requestLimit)
                                                            .build());
                            return page(
                                    response.items(),
                                    response.scannedCount(),
                                    response.lastEvaluatedKey(),
                                    response.consumedCapacity());
                        },
                        listener,
                        cancellation);
        return read.runSingle(spec.exclusiveStartKey());
    }

    ReadResult scan(ScanSpec spec, PageListener listener, Cancellation cancellation) {
        if (spec.segments() > ScanSpec.MAX_LOCAL_SEGMENTS
                && connection instanceof ConnectionSpec.Endpoint endpoint
                && endpoint.isLocalEngine()) {
            throw new IllegalArgumentException(
                    String.format(
                            Locale.ROOT,
                            "a local engine reads at most %,d parallel Scan segments correctly"
                                    + " (dynalite divides a table into %,d hash ranges; more"
                                    + " segments would return items twice), not %,d; on AWS the"
                                    + " limit is %,d",
                            ScanSpec.MAX_LOCAL_SEGMENTS,
                            ScanSpec.MAX_LOCAL_SEGMENTS,
                            spec.segments(),
                            ScanSpec.MAX_SEGMENTS));
        }
        PagedRead read = scanRead(spec, listener, cancellation);
        return spec.segments() > 1
                ? read.runParallel(spec.segments())
                : read.runSingle(spec.exclusiveStartKey());
    }

    private PagedRead scanRead(ScanSpec spec, PageListener listener, Cancellation cancellation) {
        String table = spec.table();
        Placeholders placeholders = new Placeholders("Scan", table);
        placeholders.add(spec.filter());
        String projection =
                projectionWithKeys(spec.projection(), table, spec.index(), placeholders);
        ScanRequest.Builder base =
                ScanRequest.builder()
                        .tableName(table)
                        .indexName(spec.index())
                        .filterExpression(spec.filter() == null ? null : spec.filter().text())
                        .projectionExpression(projection)
                        .consistentRead(spec.consistentRead() ? Boolean.TRUE : null)
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);
        if (spec.segments() > 1) {
            base.totalSegments(spec.segments());
        }
        placeholders.applyTo(base::expressionAttributeNames, base::expressionAttributeValues);
        ScanRequest template = base.build();
        boolean parallel = spec.segments() > 1;

        return pagedRead(
                "Scan",
                spec,
                (segment, startKey, requestLimit) -> {
                    ScanRequest.Builder request =
                            template.toBuilder().exclusiveStartKey(startKey).limit(requestLimit);
                    if (parallel) {
                        request.segment(segment);
                    }
                    ScanResponse response = calls.client().scan(request.build());
                    return page(
                            response.items(),
                            response.scannedCount(),
                            response.lastEvaluatedKey(),
                            response.consumedCapacity());
                },
                listener,
                cancellation);
    }

    /**
     * A Query or Scan read page by page through {@code fetcher}; a read cut short by its limit
     * resumes after the key attributes of the table or index read.
     */
    private PagedRead pagedRead(
            String operation,
            QueryOrScanSpec<?> spec,
            PagedRead.Fetcher fetcher,
            PageListener listener,
            Cancellation cancellation) {
        return new PagedRead(
                operation,
                spec.table(),
                fetcher,
                calls.errors(),
                spec.limit(),
                spec.pageSize(),
                spec.filter() != null,
                () ->
                        PagedRead.resumeKeyAttributes(
                                tables.cachedDescription(operation, spec.table()), spec.index()),
                listener,
                cancellation);
    }

    /** One answer of a Query or a Scan, whose SDK types share no interface. */
    private static PagedRead.Response page(
            List<Map<String, AttributeValue>> items,
            Integer scannedCount,
            Map<String, AttributeValue> lastEvaluatedKey,
            ConsumedCapacity consumed) {
        return new PagedRead.Response(
                items,
                SdkCalls.orZero(scannedCount),
                lastEvaluatedKey,
                SdkCalls.capacity(consumed));
    }

    ReadResult scanSegment(
            ScanSpec spec, int segment, PageListener listener, Cancellation cancellation) {
        if (spec.segments() < 2 || segment < 0 || segment >= spec.segments()) {
            throw new IllegalArgumentException(
                    "segment " + segment + " of a Scan in " + spec.segments() + " segments");
        }
        return scanRead(spec, listener, cancellation).runSegment(segment, null);
    }

    /**
     * The user's projection plus the key attributes it leaves out, so every returned item can be
     * identified and a read cut short by its limit can resume from the last item's key.
     */
    private String projectionWithKeys(
            CompiledExpression projection, String table, String index, Placeholders placeholders) {
        if (projection == null) {
            return null;
        }
        placeholders.add(projection);
        List<String> projected = new ArrayList<>();
        for (String path : projection.text().split(",")) {
            String trimmed = path.strip();
            projected.add(
                    trimmed.startsWith("#")
                            ? projection.names().getOrDefault(trimmed, trimmed)
                            : trimmed);
        }
        StringBuilder expression = new StringBuilder(projection.text());
        int added = 0;
        for (String keyName :
                PagedRead.resumeKeyAttributes(
                        tables.cachedDescription(placeholders.operation(), table), index)) {
            if (!projected.contains(keyName)) {
                String placeholder = KEY_PROJECTION_PLACEHOLDER + added++;
                placeholders.name(placeholder, keyName);
                expression.append(", ").append(placeholder);
            }
        }
        return expression.toString();
    }

    GetResult getItem(String table, Key key, boolean consistentRead) {
        long started = System.nanoTime();
        GetItemResponse response =
                calls.call(
                        "GetItem",
                        table,
                        () ->
                                calls.client()
                                        .getItem(
                                                r ->
                                                        r.tableName(table)
                                                                .key(SdkConversions.toSdk(key))
                                                                .consistentRead(consistentRead)
                                                                .returnConsumedCapacity(
                                                                        ReturnConsumedCapacity
                                                                                .TOTAL)));
        Optional<Item> item =
                response.hasItem() && !response.item().isEmpty()
                        ? Optional.of(SdkConversions.item(response.item()))
                        : Optional.empty();
        int count = item.isPresent() ? 1 : 0;
        return new GetResult(
                item,
                new ReadStatistics(
                        1,
                        SdkCalls.capacity(response.consumedCapacity()),
                        count,
                        count,
                        Duration.ofNanos(System.nanoTime() - started)));
    }

    ReadResult executeStatement(
            String statement, PageListener listener, Cancellation cancellation) {
        long started = System.nanoTime();
        int requests = 0;
        double consumed = 0;
        long returned = 0;
        String nextToken = null;
        boolean stopped = false;
        do {
            if (cancellation.isCancelled()) {
                stopped = true;
                break;
            }
            String token = nextToken;
            ExecuteStatementResponse response =
                    calls.call(
                            "ExecuteStatement",
                            null,
                            () ->
                                    calls.client()
                                            .executeStatement(
                                                    r ->
                                                            r.statement(statement)
                                                                    .nextToken(token)
                                                                    .returnConsumedCapacity(
                                                                            ReturnConsumedCapacity
                                                                                    .TOTAL)));
            requests++;
            List<Item> items = response.items().stream().map(SdkConversions::item).toList();
            double capacity = SdkCalls.capacity(response.consumedCapacity());
            consumed += capacity;
            returned += items.size();
            nextToken = response.nextToken();
            if (!listener.onPage(new Page(items, items.size(), null, capacity, 0))) {
                stopped = nextToken != null;
                break;
            }
        } while (nextToken != null);
        return new ReadResult(
                new ReadStatistics(
                        requests,
                        consumed,
                        returned,
                        returned,
                        Duration.ofNanos(System.nanoTime() - started)),
                null,
                stopped);
    }
}

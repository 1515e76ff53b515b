package io.dynoscope.service.read;

import io.dynoscope.core.collection.ReadDirection;
import io.dynoscope.core.expression.AsRows;
import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.ExpressionCompiler;
import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.core.expression.KeyChoice;
import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.core.expression.Row;
import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.expression.snippet.SnippetRequest;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.store.QuerySpec;
import io.dynoscope.service.store.ScanSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A read as a person described it — in the read bar, in the expression builder, or saved — in one
 * form, so that the read bar can always show the read that produced the grid, whoever started it.
 *
 * @param index the index read, or null for the table
 * @param keyCondition the partition (and sort-key condition) of a Query, the full key of a GetItem;
 *     null for a Scan
 * @param filter a filter expression, or null
 * @param projection a projection expression, or null
 * @param segments parallel Scan segments (1 for a Query or GetItem)
 * @param limit the most items to read before stopping (0: no limit); "load more" continues
 */
public record ReadRequest(
        String table,
        ReadMode mode,
        String index,
        KeyCondition keyCondition,
        boolean scanForward,
        CompiledExpression filter,
        CompiledExpression projection,
        int segments,
        int limit,
        boolean consistentRead) {

    public ReadRequest {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(mode, "mode");
        if ((mode == ReadMode.SCAN) != (keyCondition == null)) {
            throw new IllegalArgumentException(
                    mode == ReadMode.SCAN
                            ? "a Scan takes no key condition"
                            : "a " + mode + " needs a key");
        }
        if (mode == ReadMode.GET && index != null) {
            throw new IllegalArgumentException("a GetItem reads the table, not an index");
        }
        if (segments < 1 || limit < 0) {
            throw new IllegalArgumentException("segments start at 1 and limits at 0");
        }
    }

    /** A Scan of the table: what a table tab reads when it opens. */
    public static ReadRequest scan(String table, int limit) {
        return new ReadRequest(table, ReadMode.SCAN, null, null, true, null, null, 1, limit, false);
    }

    /** A Query of one item collection (or, by a shard range, of several), every item of it. */
    public static ReadRequest query(String table, KeyCondition keyCondition, boolean scanForward) {
        return new ReadRequest(
                table, ReadMode.QUERY, null, keyCondition, scanForward, null, null, 1, 0, false);
    }

    /** A GetItem of the item with {@code key} (every attribute of the table's key schema). */
    public static ReadRequest get(String table, KeySchema keys, Key key, boolean consistentRead) {
        KeyCondition condition =
                KeyCondition.partition(keys, key.attributes().get(keys.partitionKey()));
        if (keys.sortKey().isPresent()) {
            condition =
                    condition.and(
                            SortKeyCondition.of(
                                    SortKeyCondition.Operator.EQ,
                                    key.attributes().get(keys.sortKey().get())));
        }
        return new ReadRequest(
                table, ReadMode.GET, null, condition, true, null, null, 1, 0, consistentRead);
    }

    /**
     * The read of a request built in the expression builder: a Query (its key condition read back
     * into a partition and sort-key condition), a Scan, or a GetItem. {@code limit} applies when
     * the request has none.
     *
     * @throws IllegalArgumentException when the request is a write, or its key condition is not one
     *     DynamoDB accepts
     */
    public static ReadRequest of(SnippetRequest request, TableInfo info, int limit) {
        String index = request.index().orElse(null);
        CompiledExpression filter = request.expression(ExpressionKind.FILTER);
        CompiledExpression projection = request.expression(ExpressionKind.PROJECTION);
        return switch (request.operation()) {
            case QUERY ->
                    new ReadRequest(
                            request.table(),
                            ReadMode.QUERY,
                            index,
                            keyCondition(request, info.keySchemaOf(index)),
                            request.scanForward(),
                            filter,
                            projection,
                            1,
                            limit,
                            false);
            case SCAN ->
                    new ReadRequest(
                            request.table(),
                            ReadMode.SCAN,
                            index,
                            null,
                            true,
                            filter,
                            projection,
                            1,
                            limit,
                            false);
            case GET_ITEM -> {
                ReadRequest get =
                        get(request.table(), info.keySchema(), request.key().orElseThrow(), false);
                yield new ReadRequest(
                        get.table,
                        ReadMode.GET,
                        null,
                        get.keyCondition,
                        true,
                        null,
                        projection,
                        1,
                        limit,
                        false);
            }
            default ->
                    throw new IllegalArgumentException(
                            request.operation().apiName() + " is a write, not a read");
        };
    }

    /** The key condition's rows as a partition and an optional sort-key condition. */
    private static KeyCondition keyCondition(SnippetRequest request, KeySchema keys) {
        CompiledExpression text = request.expression(ExpressionKind.KEY_CONDITION);
        AsRows<Row> rows =
                ExpressionCompiler.conditionRows(
                        ExpressionKind.KEY_CONDITION, text.text(), text.names(), text.values());
        if (!(rows instanceof AsRows.Shown<Row> shown)) {
            throw new IllegalArgumentException(
                    "the key condition cannot be read as a partition and a sort-key condition: "
                            + ((AsRows.NotShown<Row>) rows).reason());
        }
        List<Row> parts = shown.rows();
        KeyCondition condition = null;
        SortKeyCondition sortKey = null;
        for (Row row : parts) {
            String attribute = row.path().attribute();
            if (attribute.equals(keys.partitionKey()) && row.operator() == Row.Operator.EQ) {
                condition = KeyCondition.partition(keys, row.values().get(0));
            } else if (keys.sortKey().map(attribute::equals).orElse(false)) {
                sortKey = sortKeyCondition(row);
            } else {
                throw new IllegalArgumentException(
                        "'" + attribute + "' is not a key attribute of what the Query reads");
            }
        }
        if (condition == null) {
            throw new IllegalArgumentException(
                    "the key condition needs " + keys.partitionKey() + " = a value");
        }
        return condition.and(sortKey);
    }

    private static SortKeyCondition sortKeyCondition(Row row) {
        return KeyChoice.sortKeyConditionOf(row)
                .orElseThrow(
                        () ->
                                new IllegalArgumentException(
                                        row.operator().symbol() + " cannot compare a sort key"));
    }

    /** The order rows arrive in: a Query's direction; a Scan or GetItem ascending. */
    public ReadDirection direction() {
        return mode == ReadMode.QUERY
                ? ReadDirection.ofScanIndexForward(scanForward)
                : ReadDirection.ASCENDING;
    }

    /** The Query of this read, resuming after {@code startAfter} (null: from the start). */
    public QuerySpec query(Key startAfter) {
        QuerySpec spec =
                QuerySpec.of(table, keyCondition.compile(filter, projection))
                        .onIndex(index)
                        .withFilter(filter)
                        .withProjection(projection)
                        .withLimit(limit)
                        .startingAfter(startAfter)
                        .consistent(consistentRead);
        return scanForward ? spec : spec.descending();
    }

    /**
     * The same Query of another partition (a shard of a fan-out), with the read's sort-key
     * condition, filter, projection and direction.
     */
    public ReadRequest onPartition(AttributeValue partitionValue) {
        return new ReadRequest(
                table,
                mode,
                index,
                new KeyCondition(keyCondition.keys(), partitionValue, keyCondition.sortKey()),
                scanForward,
                filter,
                projection,
                segments,
                limit,
                consistentRead);
    }

    /**
     * Whether this read walks an item collection newest first (a descending Query) and would meet
     * its parent — the item whose sort key is {@code marker} — among the items it returns. Such a
     * read meets the parent last, so a read that stops early has not met it yet.
     */
    public boolean walksTowardsParent(AttributeValue marker) {
        return mode == ReadMode.QUERY
                && !scanForward
                && keyCondition.keys().sortKey().isPresent()
                && keyCondition.sortKey().map(c -> c.admits(marker)).orElse(true);
    }

    /**
     * The Query of this read's collection narrowed to its parent (sort key = {@code marker}), with
     * the read's filter and projection: one request.
     */
    public QuerySpec parentQuery(AttributeValue marker) {
        KeyCondition parent =
                KeyCondition.partition(keyCondition.keys(), keyCondition.partitionValue())
                        .and(SortKeyCondition.of(SortKeyCondition.Operator.EQ, marker));
        return QuerySpec.of(table, parent.compile(filter, projection))
                .onIndex(index)
                .withFilter(filter)
                .withProjection(projection)
                .consistent(consistentRead);
    }

    /**
     * The Scan of this read. A parallel Scan cannot resume from one key, so "load more" continues
     * as a single segment.
     */
    public ScanSpec scan(Key startAfter) {
        ScanSpec spec =
                ScanSpec.table(table)
                        .onIndex(index)
                        .withFilter(filter)
                        .withProjection(projection)
                        .withLimit(limit)
                        .consistent(consistentRead);
        return startAfter == null ? spec.withSegments(segments) : spec.startingAfter(startAfter);
    }

    /** The key a GetItem reads. */
    public Key key() {
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        key.put(keyCondition.keys().partitionKey(), keyCondition.partitionValue());
        keyCondition
                .sortKey()
                .ifPresent(sk -> key.put(keyCondition.keys().sortKey().orElseThrow(), sk.value()));
        return new Key(key);
    }

    /** A few words for progress and errors: {@code Query saas (byStatus)}. */
    public String describe() {
        return mode + " " + table + (index == null ? "" : " (" + index + ")");
    }
}

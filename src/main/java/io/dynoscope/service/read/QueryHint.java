package io.dynoscope.service.read;

import io.dynoscope.core.expression.AsRows;
import io.dynoscope.core.expression.AttributePath;
import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.ExpressionCompiler;
import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.core.expression.KeyChoice;
import io.dynoscope.core.expression.Row;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.KeyValues;
import io.dynoscope.core.table.Projection;
import io.dynoscope.core.table.TableInfo;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The source article's "Scan used where a Query belongs": a Scan whose filter requires the
 * partition key of the table (or of one of its indexes) to equal one value reads the whole table to
 * keep one item collection. The Query of that collection reads only the collection, for the same
 * items. The hint says so and carries that Query: the partition key's row becomes its key
 * condition, a row on the sort key its sort-key condition, the other rows its filter; projection,
 * limit and consistency stay.
 *
 * @param message what to tell the person, in one or two sentences
 * @param query the equivalent Query
 */
public record QueryHint(String message, ReadRequest query) {

    /**
     * The hint for {@code scan}, or empty when it is not a Scan, has no filter, or its filter does
     * not pin a partition key with {@code =} (an OR, a comparison other than =, a nested path).
     * Which key serves is {@link KeyChoice}'s rule, as for SQL's push-down; the hint stays silent
     * when the Query could not state every row on a key attribute.
     */
    public static Optional<QueryHint> of(ReadRequest scan, TableInfo info) {
        if (scan.mode() != ReadMode.SCAN || scan.filter() == null) {
            return Optional.empty();
        }
        CompiledExpression scanFilter = scan.filter();
        AsRows<Row> parsed =
                ExpressionCompiler.conditionRows(
                        ExpressionKind.FILTER,
                        scanFilter.text(),
                        scanFilter.names(),
                        scanFilter.values());
        if (!(parsed instanceof AsRows.Shown<Row> shown)) {
            return Optional.empty();
        }
        List<Row> rows = shown.rows();
        List<KeyChoice.Key> keys =
                new ArrayList<>(
                        KeyChoice.keys(info.keySchema(), info.indexes(), needed(scan, rows)));
        if (scan.index() != null && keys.stream().noneMatch(k -> scan.index().equals(k.index()))) {
            // the Scan reads that index's attributes already; its Query reads the same
            keys.add(new KeyChoice.Key(scan.index(), info.keySchemaOf(scan.index())));
        }
        Optional<KeyChoice.Choice> chosen =
                KeyChoice.choose(info.keySchema(), keys, info.keyAttributeTypes(), rows, false);
        if (chosen.isEmpty() || !chosen.get().unsent().isEmpty()) {
            // no key pinned, or a row on a key attribute that the Query could not state
            return Optional.empty();
        }
        KeyChoice.Choice choice = chosen.get();
        CompiledExpression projection = scan.projection();
        CompiledExpression filter = null;
        if (!choice.filter().isEmpty()) {
            ExpressionCompiler compiler = new ExpressionCompiler(projection);
            filter = compiler.expression(compiler.condition(choice.filter()));
        }
        AttributeValue value = choice.partitionValues().get(0);
        String index = choice.key().index();
        ReadRequest query =
                new ReadRequest(
                        scan.table(),
                        ReadMode.QUERY,
                        index,
                        choice.keyCondition(value),
                        true,
                        filter,
                        projection,
                        1,
                        scan.limit(),
                        scan.consistentRead());
        return Optional.of(
                new QueryHint(
                        message(scan, info, index, choice.key().keys().partitionKey(), value),
                        query));
    }

    /**
     * The attributes the Query must return: those the Scan projects and those its filter reads, or
     * null (every attribute) when it projects none.
     */
    private static Set<String> needed(ReadRequest scan, List<Row> rows) {
        CompiledExpression projection = scan.projection();
        if (projection == null
                || !(ExpressionCompiler.projectionRows(projection.text(), projection.names())
                        instanceof AsRows.Shown<AttributePath> paths)) {
            return null;
        }
        Set<String> needed = new LinkedHashSet<>();
        paths.rows().forEach(path -> needed.add(path.attribute()));
        rows.forEach(row -> needed.add(row.path().attribute()));
        return needed;
    }

    /** Why the Query reads less: the Scan reads everything to keep one partition-key value. */
    private static String message(
            ReadRequest scan,
            TableInfo info,
            String index,
            String partitionKey,
            AttributeValue value) {
        String where = index == null ? "" : " of index " + index;
        String projected =
                index == null
                        ? ""
                        : info.indexes().stream()
                                .filter(i -> i.name().equals(index))
                                .findFirst()
                                .filter(i -> i.projection() != Projection.ALL)
                                .map(
                                        i ->
                                                " (the index projects "
                                                        + i.projectionType()
                                                        + ", so the items carry fewer"
                                                        + " attributes)")
                                .orElse("");
        return "This Scan reads the whole "
                + (scan.index() == null ? "table" : "index")
                + " to keep "
                + partitionKey
                + " = "
                + KeyValues.text(value)
                + ". A Query"
                + where
                + " reads that item collection only, for the same items"
                + projected
                + ".";
    }
}

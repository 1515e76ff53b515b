package io.dynoscope.service.read;

import io.dynoscope.core.expression.AsRows;
import io.dynoscope.core.expression.AttributePath;
import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.ExpressionCompiler;
import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.core.expression.Row;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.item.KeyValues;
import io.dynoscope.core.table.Projection;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

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
     */
    public static Optional<QueryHint> of(ReadRequest scan, TableInfo info) {
        if (scan.mode() != ReadMode.SCAN || scan.filter() == null) {
            return Optional.empty();
        }
        CompiledExpression filter = scan.filter();
        AsRows<Row> parsed =
                ExpressionCompiler.conditionRows(
                        ExpressionKind.FILTER, filter.text(), filter.names(), filter.values());
        if (!(parsed instanceof AsRows.Shown<Row> shown)) {
            return Optional.empty();
        }
        List<Row> rows = shown.rows();
        // what the Scan reads first, then the table, then each index
        List<String> targets = new ArrayList<>();
        targets.add(scan.index());
        if (scan.index() != null) {
            targets.add(null);
        }
        info.indexes().stream()
                .map(SecondaryIndex::name)
                .filter(name -> !name.equals(scan.index()))
                .forEach(targets::add);
        for (String target : targets) {
            Optional<QueryHint> hint = hint(scan, info, rows, target);
            if (hint.isPresent()) {
                return hint;
            }
        }
        return Optional.empty();
    }

    private static Optional<QueryHint> hint(
            ReadRequest scan, TableInfo info, List<Row> rows, String index) {
        KeySchema keys = info.keySchemaOf(index);
        String partitionType = info.keyAttributeTypes().get(keys.partitionKey());
        Row partition = null;
        Row sortKey = null;
        List<Row> rest = new ArrayList<>();
        for (Row row : rows) {
            if (!topLevel(row.path())) {
                rest.add(row);
            } else if (partition == null
                    && row.path().attribute().equals(keys.partitionKey())
                    && row.operator() == Row.Operator.EQ
                    && row.values().get(0).type().descriptor().equals(partitionType)) {
                partition = row;
            } else if (keys.sortKey().map(row.path().attribute()::equals).orElse(false)) {
                if (sortKey != null || ReadRequest.sortKeyConditionOf(row).isEmpty()) {
                    // two conditions on the sort key, or one a key condition cannot state: the
                    // Query would have to filter on a key attribute, which DynamoDB refuses
                    return Optional.empty();
                }
                sortKey = row;
            } else {
                rest.add(row);
            }
        }
        if (partition == null) {
            return Optional.empty();
        }
        CompiledExpression projection = scan.projection();
        CompiledExpression filter = null;
        if (!rest.isEmpty()) {
            ExpressionCompiler compiler = new ExpressionCompiler(projection);
            filter = compiler.expression(compiler.condition(rest));
        }
        AttributeValue value = partition.values().get(0);
        KeyCondition key =
                KeyCondition.partition(keys, value)
                        .and(
                                sortKey == null
                                        ? null
                                        : ReadRequest.sortKeyConditionOf(sortKey).orElseThrow());
        ReadRequest query =
                new ReadRequest(
                        scan.table(),
                        ReadMode.QUERY,
                        index,
                        key,
                        true,
                        filter,
                        projection,
                        1,
                        scan.limit(),
                        scan.consistentRead());
        return Optional.of(
                new QueryHint(message(scan, info, index, keys.partitionKey(), value), query));
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

    private static boolean topLevel(AttributePath path) {
        return path.segments().size() == 1;
    }
}

package io.dynoscope.core.sql;

import io.dynoscope.core.expression.AttributePath;
import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.ExpressionCompiler;
import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.core.expression.Row;
import io.dynoscope.core.expression.snippet.SnippetRequest;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.KeySchema;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * One DynamoDB read a statement makes: a Query (with its key condition) or a Scan, each with its
 * filter and projection compiled, and a line saying why it reads this way.
 *
 * @param index the index read, or null for the table
 * @param keyCondition the Query's key condition as stated, or null for a Scan
 * @param keyConditionExpression the compiled key condition, or null for a Scan
 * @param filter the FilterExpression, or null
 * @param projection the ProjectionExpression, or null for every attribute
 * @param scanForward false reads a Query in descending sort-key order
 * @param reason why the read is a Query on these keys or a Scan
 * @param limit the most items the statement takes from this read (its LIMIT), or 0 for all
 */
public record PlannedRead(
        String table,
        String index,
        KeyCondition keyCondition,
        CompiledExpression keyConditionExpression,
        CompiledExpression filter,
        CompiledExpression projection,
        boolean scanForward,
        String reason,
        int limit) {

    public PlannedRead {
        Objects.requireNonNull(table, "table");
        if (limit < 0) {
            throw new IllegalArgumentException("a read's limit cannot be negative");
        }
        if ((keyCondition == null) != (keyConditionExpression == null)) {
            throw new IllegalArgumentException("a Query has both forms of its key condition");
        }
    }

    /** A read with its filter and projection compiled together, the key condition beside them. */
    static PlannedRead compile(
            String table,
            String index,
            KeyCondition keyCondition,
            List<Row> filterRows,
            List<AttributePath> projected,
            String reason) {
        ExpressionCompiler compiler = new ExpressionCompiler();
        String filterText = filterRows.isEmpty() ? null : compiler.condition(filterRows);
        String projectionText = projected == null ? null : compiler.projection(projected);
        CompiledExpression filter = filterText == null ? null : compiler.expression(filterText);
        CompiledExpression projection =
                projectionText == null ? null : compiler.expression(projectionText);
        CompiledExpression key =
                keyCondition == null ? null : keyCondition.compile(filter, projection);
        return new PlannedRead(
                table, index, keyCondition, key, filter, projection, true, reason, 0);
    }

    /** This read with another reason. */
    public PlannedRead because(String why) {
        return with(scanForward, why);
    }

    /** This Query in descending sort-key order. */
    public PlannedRead descending() {
        if (isScan()) {
            throw new IllegalArgumentException("only a Query has a read direction");
        }
        return with(false, reason + ", newest first");
    }

    /** This read taking at most {@code items} items: the statement's LIMIT, sent as Limit. */
    public PlannedRead limitedTo(int items) {
        return with(
                scanForward, reason + ", Limit " + items + " from the statement's LIMIT", items);
    }

    private PlannedRead with(boolean forward, String why) {
        return with(forward, why, limit);
    }

    private PlannedRead with(boolean forward, String why, int most) {
        return new PlannedRead(
                table,
                index,
                keyCondition,
                keyConditionExpression,
                filter,
                projection,
                forward,
                why,
                most);
    }

    /**
     * One Query for a whole item collection, shared by several reads of one statement: no sort-key
     * condition, no filter, the attributes all of them need ({@code null}: every attribute).
     */
    public static PlannedRead wholePartition(
            String table,
            String index,
            KeySchema keys,
            AttributeValue partitionValue,
            Collection<String> attributes,
            String reason) {
        return compile(
                table,
                index,
                KeyCondition.partition(keys, partitionValue),
                List.of(),
                attributes == null ? null : attributes.stream().map(AttributePath::of).toList(),
                reason);
    }

    /** The Scan that samples a table's first items to type its columns. */
    public static PlannedRead sample(String table, int items) {
        return new PlannedRead(
                table,
                null,
                null,
                null,
                null,
                null,
                true,
                "a sample of at most " + items + " items, to learn the table's columns",
                items);
    }

    public boolean isScan() {
        return keyCondition == null;
    }

    /** Query or Scan. */
    public String operation() {
        return isScan() ? "Scan" : "Query";
    }

    /** The partition-key value a Query reads, or null for a Scan. */
    public AttributeValue partitionValue() {
        return isScan() ? null : keyCondition.partitionValue();
    }

    /** The request as the expression builder and the snippets take it. */
    public SnippetRequest snippet() {
        SnippetRequest request =
                isScan()
                        ? SnippetRequest.scan(table)
                        : SnippetRequest.query(table, keyConditionExpression);
        if (index != null) {
            request = request.onIndex(index);
        }
        if (!scanForward) {
            request = request.descending();
        }
        for (CompiledExpression expression : new CompiledExpression[] {filter, projection}) {
            if (expression != null) {
                request =
                        request.withExpression(
                                        expression == filter
                                                ? ExpressionKind.FILTER
                                                : ExpressionKind.PROJECTION,
                                        expression.text())
                                .withNames(expression.names())
                                .withValues(expression.values());
            }
        }
        return request;
    }

    /** One line per part: the operation and target, then each expression with its maps. */
    public List<String> describe() {
        List<String> lines = new ArrayList<>();
        lines.add(
                operation()
                        + " "
                        + table
                        + (index == null ? "" : " index " + index)
                        + (scanForward ? "" : " ScanIndexForward=false"));
        if (!isScan()) {
            lines.add("  KeyConditionExpression  " + expressionText(keyConditionExpression));
        }
        if (filter != null) {
            lines.add("  FilterExpression        " + expressionText(filter));
        }
        if (projection != null) {
            lines.add("  ProjectionExpression    " + expressionText(projection));
        }
        if (limit > 0) {
            lines.add("  Limit                   " + limit);
        }
        lines.add("  (" + reason + ")");
        return lines;
    }

    private static String expressionText(CompiledExpression expression) {
        StringBuilder text = new StringBuilder(expression.text());
        if (!expression.names().isEmpty()) {
            text.append("   names ").append(expression.names());
        }
        if (!expression.values().isEmpty()) {
            text.append("   values ").append(values(expression.values()));
        }
        return text.toString();
    }

    private static String values(Map<String, AttributeValue> values) {
        return values.entrySet().stream()
                .map(e -> e.getKey() + "=" + ItemJson.DYNAMODB.write(e.getValue()))
                .collect(Collectors.joining(", ", "{", "}"));
    }
}

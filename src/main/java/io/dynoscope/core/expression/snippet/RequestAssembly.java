package io.dynoscope.core.expression.snippet;

import io.dynoscope.core.expression.AttributePath;
import io.dynoscope.core.expression.ExpressionCompiler;
import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.core.expression.Operation;
import io.dynoscope.core.expression.Row;
import io.dynoscope.core.expression.UpdateRow;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Key;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The expressions of one request put together from rows — a key condition, a filter, a projection,
 * an update and the condition it is guarded by — with one pair of placeholder maps, and the request
 * they make: an UpdateItem when there is an update, a DeleteItem when there is only a condition, a
 * Query when there is a key condition, else a Scan. The one home of what the expression builder and
 * {@code dynoscope expr build} assemble; each checks the result ({@code ExpressionValidator}) in
 * its own context.
 */
public final class RequestAssembly {

    /**
     * Where a row's text is in its expression: columns {@code from} (1-based) to {@code to}
     * (exclusive), so that a problem at a column can be shown on the row it came from.
     *
     * @param row the row's place in the list it was given in
     */
    public record Span(ExpressionKind kind, int row, int from, int to) {
        public boolean covers(ExpressionKind at, int column) {
            return kind == at && column >= from && column < to;
        }
    }

    /**
     * What the rows make: the expressions by kind, their maps, where each row's text is, and the
     * call they are sent with.
     */
    public record Assembled(
            Operation operation,
            Map<ExpressionKind, String> expressions,
            Map<String, String> names,
            Map<String, AttributeValue> values,
            List<Span> spans) {

        public Assembled {
            // in the order a request lists them, as the JSON and the snippets print them
            Map<ExpressionKind, String> ordered = new EnumMap<>(ExpressionKind.class);
            ordered.putAll(expressions);
            expressions = Collections.unmodifiableMap(ordered);
            names = Collections.unmodifiableMap(new LinkedHashMap<>(names));
            values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
            spans = List.copyOf(spans);
        }

        public boolean isEmpty() {
            return expressions.isEmpty();
        }

        /** The row a problem at {@code column} of the {@code kind} expression came from, or -1. */
        public int rowAt(ExpressionKind kind, int column) {
            return spans.stream()
                    .filter(span -> span.covers(kind, column))
                    .mapToInt(Span::row)
                    .findFirst()
                    .orElse(-1);
        }
    }

    private final List<Row> keyCondition = new ArrayList<>();
    private final List<Row> filter = new ArrayList<>();
    private final List<AttributePath> projection = new ArrayList<>();
    private final List<UpdateRow> update = new ArrayList<>();
    private final List<Row> condition = new ArrayList<>();

    public RequestAssembly keyCondition(List<Row> rows) {
        keyCondition.addAll(rows);
        return this;
    }

    public RequestAssembly filter(List<Row> rows) {
        filter.addAll(rows);
        return this;
    }

    public RequestAssembly projection(List<AttributePath> paths) {
        projection.addAll(paths);
        return this;
    }

    public RequestAssembly update(List<UpdateRow> actions) {
        update.addAll(actions);
        return this;
    }

    /** The condition a write is made under (an update's guard, or a DeleteItem's condition). */
    public RequestAssembly condition(List<Row> rows) {
        condition.addAll(rows);
        return this;
    }

    /** The call these rows are sent with. */
    public Operation operation() {
        if (!update.isEmpty()) {
            return Operation.UPDATE_ITEM;
        }
        if (!condition.isEmpty()) {
            return Operation.DELETE_ITEM;
        }
        return keyCondition.isEmpty() ? Operation.SCAN : Operation.QUERY;
    }

    /**
     * Compiles the rows, one placeholder for each name and value across the expressions, in the
     * order a request lists them (the key condition, the filter, the projection; or the update,
     * then its condition).
     */
    public Assembled assemble() {
        ExpressionCompiler compiler = new ExpressionCompiler();
        Map<ExpressionKind, String> expressions = new EnumMap<>(ExpressionKind.class);
        List<Span> spans = new ArrayList<>();
        if (!update.isEmpty()) {
            expressions.put(ExpressionKind.UPDATE, compiler.update(update));
        }
        condition(compiler, ExpressionKind.KEY_CONDITION, keyCondition, expressions, spans);
        condition(compiler, ExpressionKind.FILTER, filter, expressions, spans);
        if (!projection.isEmpty()) {
            expressions.put(ExpressionKind.PROJECTION, compiler.projection(projection));
        }
        condition(compiler, ExpressionKind.CONDITION, condition, expressions, spans);
        return new Assembled(operation(), expressions, compiler.names(), compiler.values(), spans);
    }

    /** The rows joined with AND, each compiled on its own so that its place is known. */
    private static void condition(
            ExpressionCompiler compiler,
            ExpressionKind kind,
            List<Row> rows,
            Map<ExpressionKind, String> expressions,
            List<Span> spans) {
        if (rows.isEmpty()) {
            return;
        }
        List<String> parts = new ArrayList<>();
        int column = 1;
        for (int i = 0; i < rows.size(); i++) {
            String part = compiler.condition(List.of(rows.get(i)));
            spans.add(new Span(kind, i, column, column + part.length()));
            column += part.length() + " AND ".length();
            parts.add(part);
        }
        expressions.put(kind, String.join(" AND ", parts));
    }

    /**
     * The request these expressions are sent in: on {@code index} for a read (null: the table),
     * newest first for a Query when {@code descending}, about the item with {@code key} for a
     * write.
     *
     * @throws NullPointerException when a write has no key
     */
    public static SnippetRequest request(
            String table, Assembled assembled, String index, boolean descending, Key key) {
        Map<ExpressionKind, String> expressions = assembled.expressions();
        SnippetRequest request =
                switch (assembled.operation()) {
                    case UPDATE_ITEM ->
                            SnippetRequest.updateItem(
                                    table,
                                    Objects.requireNonNull(key, "key"),
                                    expressions.get(ExpressionKind.UPDATE));
                    case DELETE_ITEM ->
                            SnippetRequest.deleteItem(table, Objects.requireNonNull(key, "key"));
                    case QUERY -> {
                        SnippetRequest query =
                                SnippetRequest.query(
                                        table, expressions.get(ExpressionKind.KEY_CONDITION));
                        yield descending ? query.descending() : query;
                    }
                    default -> SnippetRequest.scan(table);
                };
        boolean read =
                assembled.operation() == Operation.QUERY || assembled.operation() == Operation.SCAN;
        if (read && index != null) {
            request = request.onIndex(index);
        }
        for (Map.Entry<ExpressionKind, String> expression : expressions.entrySet()) {
            request = request.withExpression(expression.getKey(), expression.getValue());
        }
        return request.withNames(assembled.names()).withValues(assembled.values());
    }
}

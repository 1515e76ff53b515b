package io.dynoscope.core.expression.snippet;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.core.expression.Operation;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Key;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One DynamoDB request a snippet makes: the call, the table (and index), the item's key for the
 * single-item calls, the expressions and the placeholder maps they share, and the read direction.
 * Build one with a factory and the {@code with...} methods; each returns a new request.
 */
public record SnippetRequest(
        Operation operation,
        String table,
        Optional<String> index,
        Optional<Key> key,
        Map<ExpressionKind, String> expressions,
        Map<String, String> names,
        Map<String, AttributeValue> values,
        boolean scanForward) {

    public SnippetRequest {
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(key, "key");
        if (operation == Operation.PUT_ITEM) {
            // A PutItem carries a whole item, which snippets do not write out.
            throw new IllegalArgumentException("snippets are not written for PutItem");
        }
        expressions =
                Collections.unmodifiableMap(
                        expressions.isEmpty()
                                ? new EnumMap<>(ExpressionKind.class)
                                : new EnumMap<>(expressions));
        names = Collections.unmodifiableMap(new LinkedHashMap<>(names));
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        for (ExpressionKind kind : expressions.keySet()) {
            if (!operation.accepts(kind)) {
                throw new IllegalArgumentException(
                        operation.apiName() + " takes no " + kind.parameterName());
            }
        }
        if (operation.takesKey() != key.isPresent()) {
            throw new IllegalArgumentException(
                    operation.apiName()
                            + (operation.takesKey() ? " needs the item's key" : " takes no key"));
        }
        if (index.isPresent() && operation != Operation.QUERY && operation != Operation.SCAN) {
            throw new IllegalArgumentException(operation.apiName() + " reads no index");
        }
        if (operation == Operation.QUERY
                && !expressions.containsKey(ExpressionKind.KEY_CONDITION)) {
            throw new IllegalArgumentException("a Query needs a key condition");
        }
        if (operation == Operation.UPDATE_ITEM && !expressions.containsKey(ExpressionKind.UPDATE)) {
            throw new IllegalArgumentException("an UpdateItem needs an update expression");
        }
    }

    /** A request on the table itself (no index), read in ascending order, with empty maps. */
    private static SnippetRequest request(
            Operation operation, String table, Key key, Map<ExpressionKind, String> expressions) {
        return new SnippetRequest(
                operation,
                table,
                Optional.empty(),
                Optional.ofNullable(key),
                expressions,
                Map.of(),
                Map.of(),
                true);
    }

    /**
     * A Query with its key condition; add the maps with {@link #withNames} and {@link #withValues}.
     */
    public static SnippetRequest query(String table, String keyCondition) {
        return request(
                Operation.QUERY, table, null, Map.of(ExpressionKind.KEY_CONDITION, keyCondition));
    }

    /**
     * The expression of {@code kind} with the entries of the request's maps it uses, or null when
     * the request has none of that kind.
     */
    public CompiledExpression expression(ExpressionKind kind) {
        String text = expressions.get(kind);
        return text == null ? null : CompiledExpression.using(text, names, values);
    }

    /** A Query from a compiled key condition and its maps. */
    public static SnippetRequest query(String table, CompiledExpression keyCondition) {
        return query(table, keyCondition.text())
                .withNames(keyCondition.names())
                .withValues(keyCondition.values());
    }

    public static SnippetRequest scan(String table) {
        return request(Operation.SCAN, table, null, Map.of());
    }

    public static SnippetRequest getItem(String table, Key key) {
        return request(Operation.GET_ITEM, table, key, Map.of());
    }

    public static SnippetRequest updateItem(String table, Key key, String update) {
        return request(Operation.UPDATE_ITEM, table, key, Map.of(ExpressionKind.UPDATE, update));
    }

    public static SnippetRequest deleteItem(String table, Key key) {
        return request(Operation.DELETE_ITEM, table, key, Map.of());
    }

    public SnippetRequest onIndex(String indexName) {
        return new SnippetRequest(
                operation,
                table,
                Optional.of(indexName),
                key,
                expressions,
                names,
                values,
                scanForward);
    }

    /** This request with an expression of {@code kind} added or replaced. */
    public SnippetRequest withExpression(ExpressionKind kind, String text) {
        Map<ExpressionKind, String> more = new EnumMap<>(ExpressionKind.class);
        more.putAll(expressions);
        more.put(kind, text);
        return new SnippetRequest(operation, table, index, key, more, names, values, scanForward);
    }

    public SnippetRequest withFilter(String filter) {
        return withExpression(ExpressionKind.FILTER, filter);
    }

    public SnippetRequest withProjection(String projection) {
        return withExpression(ExpressionKind.PROJECTION, projection);
    }

    public SnippetRequest withCondition(String condition) {
        return withExpression(ExpressionKind.CONDITION, condition);
    }

    /** This request with these names added to its ExpressionAttributeNames. */
    public SnippetRequest withNames(Map<String, String> more) {
        Map<String, String> merged = new LinkedHashMap<>(names);
        merged.putAll(more);
        return new SnippetRequest(
                operation, table, index, key, expressions, merged, values, scanForward);
    }

    /** This request with these values added to its ExpressionAttributeValues. */
    public SnippetRequest withValues(Map<String, AttributeValue> more) {
        Map<String, AttributeValue> merged = new LinkedHashMap<>(values);
        merged.putAll(more);
        return new SnippetRequest(
                operation, table, index, key, expressions, names, merged, scanForward);
    }

    /** A Query read in descending sort-key order (newest first for time-ordered ids). */
    public SnippetRequest descending() {
        if (operation != Operation.QUERY) {
            throw new IllegalArgumentException("only a Query has a read direction");
        }
        return new SnippetRequest(operation, table, index, key, expressions, names, values, false);
    }
}

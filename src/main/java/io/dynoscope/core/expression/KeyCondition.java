package io.dynoscope.core.expression;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.KeySchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A Query's key condition as a person states it: the partition key equals a value and, optionally,
 * the sort key meets a {@link SortKeyCondition}. Compiled like any builder rows, so {@code
 * EntityRef = "WS#acme"} reads {@code #er = :er}.
 *
 * @param keys the key schema of the table or index the Query reads
 */
public record KeyCondition(
        KeySchema keys, AttributeValue partitionValue, Optional<SortKeyCondition> sortKey) {

    public KeyCondition {
        Objects.requireNonNull(keys, "keys");
        Objects.requireNonNull(partitionValue, "partitionValue");
        Objects.requireNonNull(sortKey, "sortKey");
        if (sortKey.isPresent() && keys.sortKey().isEmpty()) {
            throw new IllegalArgumentException(
                    "there is no sort key to put a condition on (the key is "
                            + keys.partitionKey()
                            + " alone)");
        }
    }

    /** Every item of one item collection. */
    public static KeyCondition partition(KeySchema keys, AttributeValue partitionValue) {
        return new KeyCondition(keys, partitionValue, Optional.empty());
    }

    /** This partition, narrowed by a sort-key condition (null for none). */
    public KeyCondition and(SortKeyCondition condition) {
        return new KeyCondition(keys, partitionValue, Optional.ofNullable(condition));
    }

    /** The rows this key condition is made of: the partition key's, then the sort key's. */
    public List<Row> rows() {
        List<Row> rows = new ArrayList<>(2);
        rows.add(Row.of(keys.partitionKey(), Row.Operator.EQ, partitionValue));
        sortKey.ifPresent(
                sk -> {
                    String name = keys.sortKey().orElseThrow();
                    rows.add(
                            sk.upper() == null
                                    ? Row.of(name, sk.operator().row(), sk.value())
                                    : Row.of(name, sk.operator().row(), sk.value(), sk.upper()));
                });
        return rows;
    }

    /**
     * The KeyConditionExpression with its maps; placeholders that the expressions sent {@code
     * alongside} it (filter, projection) use for something else are avoided.
     */
    public CompiledExpression compile(CompiledExpression... alongside) {
        ExpressionCompiler compiler = new ExpressionCompiler(alongside);
        return compiler.expression(compiler.condition(rows()));
    }
}

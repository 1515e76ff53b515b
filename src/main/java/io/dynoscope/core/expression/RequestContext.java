package io.dynoscope.core.expression;

import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.item.TableKeys;
import java.util.Objects;
import java.util.Optional;

/**
 * What a request's expressions are checked against besides their own text and maps: the call they
 * belong to and the keys of its table, with the index it reads. Each part may be unknown; then the
 * checks that need it are skipped (a filter without an operation is checked as for a Scan).
 *
 * @param operation the DynamoDB call, e.g. Query
 * @param table the table's keys, its indexes' keys and the key attributes' types
 * @param index the index a Query or Scan reads; empty for the table itself
 */
public record RequestContext(
        Optional<Operation> operation, Optional<TableKeys> table, Optional<String> index) {

    public RequestContext {
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(index, "index");
    }

    /** Nothing known beyond the expressions themselves. */
    public static RequestContext none() {
        return new RequestContext(Optional.empty(), Optional.empty(), Optional.empty());
    }

    /** A call on a table (index null) or one of its indexes. */
    public static RequestContext of(Operation operation, TableKeys table, String index) {
        return new RequestContext(
                Optional.of(operation), Optional.of(table), Optional.ofNullable(index));
    }

    /** Only the key names of the table read, with no types and no call. */
    public static RequestContext keys(KeySchema keys) {
        return new RequestContext(
                Optional.empty(), Optional.of(TableKeys.of(keys)), Optional.empty());
    }

    /** The keys of what is read: the index's when one is named, else the table's. */
    Optional<KeySchema> keysRead() {
        return table.flatMap(t -> t.keysOf(index));
    }

    boolean isQuery() {
        return operation.orElse(null) == Operation.QUERY;
    }
}

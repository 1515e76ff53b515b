package io.dynoscope.cli;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.core.expression.Operation;
import io.dynoscope.core.expression.RequestContext;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.read.ReadMode;
import io.dynoscope.service.read.ReadRequest;
import java.util.EnumMap;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * What the query and scan commands share: the table, the item limit, the filter and projection with
 * the placeholder maps they share, and the steps before a read.
 */
final class ReadOptions {

    @Option(names = "--table", required = true, paramLabel = "TABLE")
    private String table;

    @Option(
            names = "--limit",
            paramLabel = "N",
            converter = ItemLimit.class,
            description = "Return at most N items (after the filter); N is 1 or more.")
    private int limit;

    @Option(
            names = "--filter",
            paramLabel = "EXPR",
            description =
                    "A filter expression, applied after the read (it does not reduce the capacity consumed).")
    private String filter;

    @Option(
            names = "--projection",
            paramLabel = "EXPR",
            description = "The attributes to return, e.g. 'Detail, #n'.")
    private String projection;

    @Option(
            names = "--names",
            paramLabel = "JSON",
            description = "Expression attribute names, e.g. {\"#n\": \"name\"}.")
    private String names;

    @Option(
            names = "--values",
            paramLabel = "JSON",
            description =
                    "Expression attribute values in DynamoDB JSON, e.g. {\":s\": {\"S\": \"ACTIVE\"}}.")
    private String values;

    /**
     * Refuses, as a usage error naming the option and column, a filter or projection DynamoDB would
     * reject in this read (a Query's filter may not name the keys it reads).
     *
     * @param index the index read, or null for the table
     */
    void check(Operation operation, TableInfo table, String index) {
        Map<ExpressionKind, String> texts = new EnumMap<>(ExpressionKind.class);
        if (filter != null) {
            texts.put(ExpressionKind.FILTER, filter);
        }
        if (projection != null) {
            texts.put(ExpressionKind.PROJECTION, projection);
        }
        CheckedExpressions.require(
                texts,
                Map.of(
                        ExpressionKind.FILTER,
                        "--filter",
                        ExpressionKind.PROJECTION,
                        "--projection"),
                names,
                values,
                RequestContext.of(operation, table.tableKeys(), index));
    }

    /** The parsed expressions; either may be null. */
    record Expressions(CompiledExpression filter, CompiledExpression projection) {}

    /**
     * The table described, and the index and the expressions checked against it, before anything is
     * read: a missing index or a rejected expression is a usage error.
     */
    TableInfo describe(ConnectionServices services, Operation operation, String index) {
        TableInfo info = services.metadata().describeTable(table);
        info.keySchemaOf(index);
        check(operation, info, index);
        return info;
    }

    /** The read these options and {@code expressions} ask for, on the table or {@code index}. */
    ReadRequest request(
            Expressions expressions,
            ReadMode mode,
            String index,
            KeyCondition keyCondition,
            boolean scanForward,
            int segments) {
        return new ReadRequest(
                table,
                mode,
                index,
                keyCondition,
                scanForward,
                expressions.filter(),
                expressions.projection(),
                segments,
                limit,
                false);
    }

    /** The filter and projection parsed, before the connection is made. */
    Expressions parse() {
        Map<String, String> nameMap = ItemInput.names(names, "--names");
        Map<String, AttributeValue> valueMap = ItemInput.values(values, "--values");
        if (filter == null && !valueMap.isEmpty()) {
            throw CliException.usage("--values belong to a --filter; give one");
        }
        if (filter == null && projection == null && !nameMap.isEmpty()) {
            throw CliException.usage("--names belong to a --filter or --projection; give one");
        }
        // The repository merges both expressions' maps into one request: the names need to travel
        // with only one.
        CompiledExpression filterSpec =
                filter == null ? null : new CompiledExpression(filter, nameMap, valueMap);
        CompiledExpression projectionSpec =
                projection == null
                        ? null
                        : new CompiledExpression(
                                projection, filterSpec == null ? nameMap : Map.of(), Map.of());
        return new Expressions(filterSpec, projectionSpec);
    }
}

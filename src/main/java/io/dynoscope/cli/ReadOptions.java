package io.dynoscope.cli;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.core.expression.Operation;
import io.dynoscope.core.expression.RequestContext;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.repository.TableInfo;
import java.util.EnumMap;
import java.util.Map;
import picocli.CommandLine.Option;

/** The filter and projection of a Query or Scan, with the placeholder maps they share. */
final class ReadExpressionOptions {

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

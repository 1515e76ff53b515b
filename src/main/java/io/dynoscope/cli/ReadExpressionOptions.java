package io.dynoscope.cli;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.item.AttributeValue;
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

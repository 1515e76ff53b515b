package io.dynoscope.cli;

import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.core.expression.Operation;
import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.expression.SortKeyCondition.Operator;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.ItemRules;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.repository.Cancellation;
import io.dynoscope.repository.DynamoRepository;
import io.dynoscope.repository.QuerySpec;
import io.dynoscope.repository.ReadResult;
import io.dynoscope.repository.TableInfo;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code dynoscope query}: one item collection of a table or index, every page of it. */
@Command(
        name = "query",
        mixinStandardHelpOptions = true,
        description =
                "Query one item collection: the items sharing a partition-key value, in sort-key order. "
                        + "Key values are typed by the key's type (S as given, N as a number, B as base64).")
final class QueryCommand implements Callable<Integer> {

    @ParentCommand private DynoscopeCli cli;

    @Option(names = "--table", required = true, paramLabel = "TABLE")
    private String table;

    @Option(
            names = "--index",
            paramLabel = "INDEX",
            description = "Query this secondary index instead of the table.")
    private String index;

    @Option(
            names = "--pk",
            required = true,
            paramLabel = "VALUE",
            description = "The partition-key value.")
    private String partitionKeyValue;

    @ArgGroup(exclusive = true)
    private SortKeyOptions sortKey;

    @Option(
            names = "--desc",
            description = "Descending sort-key order (newest first for time-ordered ids).")
    private boolean descending;

    @Option(
            names = "--limit",
            paramLabel = "N",
            description = "Return at most N items (after the filter).")
    private int limit;

    @Mixin private ReadExpressionOptions expressionOptions;

    /** At most one condition on the sort key. */
    static final class SortKeyOptions {
        @Option(
                names = "--sk-begins-with",
                paramLabel = "PREFIX",
                description = "begins_with(sort key, PREFIX)")
        private String beginsWith;

        @Option(names = "--sk-eq", paramLabel = "VALUE", description = "sort key = VALUE")
        private String equal;

        @Option(names = "--sk-lt", paramLabel = "VALUE", description = "sort key < VALUE")
        private String less;

        @Option(names = "--sk-le", paramLabel = "VALUE", description = "sort key <= VALUE")
        private String lessOrEqual;

        @Option(names = "--sk-gt", paramLabel = "VALUE", description = "sort key > VALUE")
        private String greater;

        @Option(names = "--sk-ge", paramLabel = "VALUE", description = "sort key >= VALUE")
        private String greaterOrEqual;

        @Option(
                names = "--sk-between",
                arity = "2",
                paramLabel = "VALUE",
                description = "sort key BETWEEN the two values")
        private List<String> between;

        SortKeyCondition condition(String sortKey, String type) {
            String what = "the sort key '" + sortKey + "'";
            if (between != null) {
                if (between.size() != 2) {
                    throw CliException.usage(
                            "--sk-between takes two values, once: --sk-between LOW HIGH");
                }
                return SortKeyCondition.between(
                        ItemInput.keyValue(between.get(0), type, "--sk-between: " + what),
                        ItemInput.keyValue(between.get(1), type, "--sk-between: " + what));
            }
            Operator operator;
            String value;
            String option;
            if (beginsWith != null) {
                operator = Operator.BEGINS_WITH;
                value = beginsWith;
                option = "--sk-begins-with";
            } else if (equal != null) {
                operator = Operator.EQ;
                value = equal;
                option = "--sk-eq";
            } else if (less != null) {
                operator = Operator.LT;
                value = less;
                option = "--sk-lt";
            } else if (lessOrEqual != null) {
                operator = Operator.LE;
                value = lessOrEqual;
                option = "--sk-le";
            } else if (greater != null) {
                operator = Operator.GT;
                value = greater;
                option = "--sk-gt";
            } else {
                operator = Operator.GE;
                value = greaterOrEqual;
                option = "--sk-ge";
            }
            if (operator == Operator.BEGINS_WITH && type.equals("N")) {
                throw CliException.usage(
                        option
                                + ": "
                                + what
                                + " is a number; begins_with works on strings and binary");
            }
            return SortKeyCondition.of(
                    operator, ItemInput.keyValue(value, type, option + ": " + what));
        }
    }

    @Override
    public Integer call() {
        if (limit < 0) {
            throw CliException.usage("--limit cannot be negative");
        }
        ReadExpressionOptions.Expressions expressions = expressionOptions.parse();
        try (DynamoRepository repository = cli.repository()) {
            TableInfo info = repository.describeTable(table);
            KeySchema keys = info.keySchemaOf(index);
            expressionOptions.check(Operation.QUERY, info, index);
            AttributeValue partition = typed(info, keys.partitionKey(), partitionKeyValue, "--pk");
            keyLimits(keys.partitionKey(), partition, keys, info, "--pk");
            KeyCondition keyCondition = KeyCondition.partition(keys, partition);
            if (sortKey != null) {
                String sortKeyName =
                        keys.sortKey()
                                .orElseThrow(
                                        () ->
                                                CliException.usage(
                                                        (index == null
                                                                        ? "table '" + table + "'"
                                                                        : "index '" + index + "'")
                                                                + " has no sort key, so it takes no --sk-* condition"));
                SortKeyCondition condition =
                        sortKey.condition(sortKeyName, type(info, sortKeyName));
                keyLimits(sortKeyName, condition.value(), keys, info, "--sk-*");
                if (condition.upper() != null) {
                    keyLimits(sortKeyName, condition.upper(), keys, info, "--sk-between");
                }
                keyCondition = keyCondition.and(condition);
            }
            QuerySpec spec =
                    QuerySpec.of(
                                    table,
                                    keyCondition.compile(
                                            expressions.filter(), expressions.projection()))
                            .withFilter(expressions.filter())
                            .withProjection(expressions.projection())
                            .withLimit(limit);
            if (index != null) {
                spec = spec.onIndex(index);
            }
            if (descending) {
                spec = spec.descending();
            }
            ItemPrinter printer = new ItemPrinter(cli.output(), cli.out(), info.keySchema());
            ReadResult result = repository.query(spec, printer, Cancellation.none());
            cli.printStatistics(result.statistics());
            printer.finish();
        }
        return ExitCodes.OK;
    }

    private static AttributeValue typed(
            TableInfo info, String attribute, String text, String option) {
        return ItemInput.keyValue(
                text, type(info, attribute), option + ": the partition key '" + attribute + "'");
    }

    /** A key value DynamoDB would refuse (empty, over 2,048 or 1,024 bytes) is a usage error. */
    private static void keyLimits(
            String attribute, AttributeValue value, KeySchema keys, TableInfo info, String option) {
        ItemInput.requireNoProblems(
                ItemRules.checkKeyValues(Map.of(attribute, value), keys, info.keyAttributeTypes()),
                option);
    }

    private static String type(TableInfo info, String attribute) {
        return info.keyAttributeTypes().getOrDefault(attribute, "S");
    }
}

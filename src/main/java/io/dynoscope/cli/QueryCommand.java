package io.dynoscope.cli;

import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.core.expression.Operation;
import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.expression.SortKeyCondition.Operator;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.ItemRules;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.item.ValueText;
import io.dynoscope.core.partitions.ShardedKey;
import io.dynoscope.repository.Cancellation;
import io.dynoscope.repository.DynamoRepository;
import io.dynoscope.repository.QuerySpec;
import io.dynoscope.repository.ReadResult;
import io.dynoscope.repository.TableInfo;
import io.dynoscope.service.partitions.FanOutQuery;
import io.dynoscope.service.partitions.FanOutRead;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
            description =
                    "The partition-key value; a shard range such as 'WS#acme#{01..10}' queries every "
                            + "shard and prints one stream merged in sort-key order.")
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
            converter = ItemLimit.class,
            description = "Return at most N items (after the filter); N is 1 or more.")
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
        ReadExpressionOptions.Expressions expressions = expressionOptions.parse();
        try (DynamoRepository repository = cli.repository()) {
            TableInfo info = repository.describeTable(table);
            KeySchema keys = info.keySchemaOf(index);
            expressionOptions.check(Operation.QUERY, info, index);
            Optional<ShardedKey> sharded = shardedKey();
            if (sharded.isPresent()) {
                return fanOut(repository, info, keys, sharded.get(), expressions);
            }
            AttributeValue partition = typed(info, keys.partitionKey(), partitionKeyValue, "--pk");
            keyLimits(keys.partitionKey(), partition, keys, info, "--pk");
            KeyCondition keyCondition = KeyCondition.partition(keys, partition);
            if (sortKey != null) {
                SortKeyCondition condition = sortKeyCondition(info, keys);
                keyLimits(keys.sortKey().orElseThrow(), condition.value(), keys, info, "--sk-*");
                if (condition.upper() != null) {
                    keyLimits(
                            keys.sortKey().orElseThrow(),
                            condition.upper(),
                            keys,
                            info,
                            "--sk-between");
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

    /** The shard range --pk names, if it names one. */
    private Optional<ShardedKey> shardedKey() {
        try {
            return ShardedKey.find(partitionKeyValue);
        } catch (IllegalArgumentException e) {
            throw CliException.usage("--pk: " + e.getMessage());
        }
    }

    private SortKeyCondition sortKeyCondition(TableInfo info, KeySchema keys) {
        String sortKeyName =
                keys.sortKey()
                        .orElseThrow(
                                () ->
                                        CliException.usage(
                                                (index == null
                                                                ? "table '" + table + "'"
                                                                : "index '" + index + "'")
                                                        + " has no sort key, so it takes no --sk-* condition"));
        return sortKey.condition(sortKeyName, type(info, sortKeyName));
    }

    /** Every shard queried at once, printed as one stream in sort-key order. */
    private int fanOut(
            DynamoRepository repository,
            TableInfo info,
            KeySchema keys,
            ShardedKey sharded,
            ReadExpressionOptions.Expressions expressions) {
        String type = type(info, keys.partitionKey());
        if (type.equals("B")) {
            throw CliException.usage("--pk: a binary partition key takes no shard range");
        }
        FanOutQuery query =
                FanOutQuery.of(table, keys, sharded.shardValues(type))
                        .withSortKey(sortKey == null ? null : sortKeyCondition(info, keys))
                        .withFilter(expressions.filter())
                        .withProjection(expressions.projection());
        if (index != null) {
            query = query.onIndex(index, keys);
        }
        if (descending) {
            query = query.descending();
        }
        ItemPrinter printer = new ItemPrinter(cli.output(), cli.out(), info.keySchema());
        FanOutRead read = new FanOutRead(repository, query);
        FanOutRead.Result result = read.read(limit, printer, Cancellation.none());
        printer.finish();
        cli.err().println(sharded.label() + ": " + shardCounts(read));
        cli.printStatistics(result.statistics());
        return ExitCodes.OK;
    }

    private static String shardCounts(FanOutRead read) {
        StringBuilder counts = new StringBuilder();
        for (FanOutRead.ShardProgress shard : read.shards()) {
            if (counts.length() > 0) {
                counts.append(", ");
            }
            counts.append(ValueText.of(shard.partitionKey())).append(' ').append(shard.delivered());
        }
        return counts.toString();
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

package io.dynoscope.cli;

import io.dynoscope.core.collection.ShardedCollection;
import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.core.expression.Operation;
import io.dynoscope.core.expression.SortKeyCondition.Operator;
import io.dynoscope.core.item.ValueText;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.model.ModelStore;
import io.dynoscope.service.read.KeyText;
import io.dynoscope.service.read.ReadMode;
import io.dynoscope.service.read.ReadRequest;
import io.dynoscope.service.read.ReadSession;
import io.dynoscope.settings.SettingsService;
import io.dynoscope.settings.SettingsStore;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
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

    @Mixin private ReadOptions read;

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

        /** The condition given, as typed, and the option it was given with. */
        private record Given(Operator operator, String option, String value, String upper) {}

        Given given() {
            if (between != null) {
                if (between.size() != 2) {
                    throw CliException.usage(
                            "--sk-between takes two values, once: --sk-between LOW HIGH");
                }
                return new Given(Operator.BETWEEN, "--sk-between", between.get(0), between.get(1));
            }
            if (beginsWith != null) {
                return new Given(Operator.BEGINS_WITH, "--sk-begins-with", beginsWith, null);
            } else if (equal != null) {
                return new Given(Operator.EQ, "--sk-eq", equal, null);
            } else if (less != null) {
                return new Given(Operator.LT, "--sk-lt", less, null);
            } else if (lessOrEqual != null) {
                return new Given(Operator.LE, "--sk-le", lessOrEqual, null);
            } else if (greater != null) {
                return new Given(Operator.GT, "--sk-gt", greater, null);
            }
            return new Given(Operator.GE, "--sk-ge", greaterOrEqual, null);
        }
    }

    /**
     * The model the window keeps for this table (in the settings), which names the shards of {@code
     * WS#big#{shard}}; read only when the value has a brace, so other queries touch no settings.
     */
    private TableModel savedModel(TableInfo info) {
        if (partitionKeyValue.indexOf('{') < 0) {
            return null;
        }
        return new ModelStore(SettingsService.open(SettingsStore.inDefaultDirectory()))
                .load(info.name())
                .map(TableDesign::model)
                .orElse(null);
    }

    @Override
    public Integer call() {
        ReadOptions.Expressions expressions = read.parse();
        try (ConnectionServices services = cli.services()) {
            TableInfo info = read.describe(services, Operation.QUERY, index);
            ReadRequest request =
                    read.request(
                            expressions, ReadMode.QUERY, index, keyCondition(info), !descending, 1);
            ReadSession session = services.reads().session(request, info, savedModel(info));
            ItemPrinter printer = new ItemPrinter(cli.output(), cli.out(), info.keySchema());
            ReadResult result = session.next(printer, Cancellation.none());
            Optional<ShardedCollection> sharded = session.sharded();
            if (sharded.isPresent()) {
                printer.finish();
                cli.err().println(sharded.get().label() + ": " + shardCounts(session));
                cli.printStatistics(result.statistics());
            } else {
                cli.printStatistics(result.statistics());
                printer.finish();
            }
        }
        return ExitCodes.OK;
    }

    /** The key condition --pk and --sk-* give, typed by the key's declared types. */
    private KeyCondition keyCondition(TableInfo info) {
        SortKeyOptions.Given given = sortKey == null ? null : sortKey.given();
        String option = given == null ? "--sk-*" : given.option();
        try {
            return KeyText.read(
                    info,
                    index,
                    ReadMode.QUERY,
                    given == null
                            ? new KeyText.Typed(partitionKeyValue, null, null, null)
                            : new KeyText.Typed(
                                    partitionKeyValue,
                                    given.operator(),
                                    given.value(),
                                    given.upper()),
                    new KeyText.Labels("--pk", option, "--sk-between", "--sk-*"));
        } catch (KeyText.Problem e) {
            throw CliException.usage(e.getMessage());
        }
    }

    private static String shardCounts(ReadSession session) {
        return session.shards().stream()
                .map(shard -> ValueText.of(shard.partitionKey()) + " " + shard.delivered())
                .collect(Collectors.joining(", "));
    }
}

package io.dynoscope.cli;

import io.dynoscope.cli.Formats.InputFormat;
import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.Operation;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.core.table.WriteStatistics;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.store.WriteOutcome;
import io.dynoscope.service.write.ItemWrites;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code dynoscope put}: writes one item, optionally only if a condition holds. */
@Command(
        name = "put",
        mixinStandardHelpOptions = true,
        description =
                "Write one item (replacing any item with its key unless a condition says otherwise). "
                        + "The item is DynamoDB JSON (lossless: sets, binary, exact numbers) or plain JSON; "
                        + "--item-format auto tells them apart by the partition key's value.")
final class PutCommand implements Callable<Integer> {

    @ParentCommand private DynoscopeCli cli;

    @Option(names = "--table", required = true, paramLabel = "TABLE")
    private String table;

    @ArgGroup(exclusive = true, multiplicity = "1")
    private ItemSource source;

    @Option(
            names = "--item-format",
            paramLabel = "FORMAT",
            defaultValue = "auto",
            description = "auto, json or dynamodb-json. Default: ${DEFAULT-VALUE}.")
    private InputFormat itemFormat;

    @Option(names = "--if-not-exists", description = "Write only if no item has this key yet.")
    private boolean ifNotExists;

    @Mixin private ConditionOptions conditionOptions;

    /** Where the item comes from: the command line or a file. */
    static final class ItemSource {
        @Option(names = "--item", required = true, paramLabel = "JSON", description = "The item.")
        private String json;

        @Option(
                names = "--file",
                required = true,
                paramLabel = "FILE",
                description = "A file holding the item (- for stdin).")
        private Path file;
    }

    @Override
    public Integer call() {
        if (ifNotExists && conditionOptions.present()) {
            throw CliException.usage(
                    "--if-not-exists and --condition do not go together; write both into --condition");
        }
        String text = source.file == null ? source.json : TextFiles.read(source.file, cli.in());
        String origin =
                source.file == null
                        ? "--item"
                        : TextFiles.isStdin(source.file) ? "stdin" : source.file.toString();
        CompiledExpression condition = conditionOptions.condition();
        try (ConnectionServices services = cli.services()) {
            services.requireWritable("PutItem on table '" + table + "'");
            TableInfo info = services.metadata().describeTable(table);
            conditionOptions.check(Operation.PUT_ITEM, info);
            Item item =
                    ItemInput.checkedForWrite(
                            ItemInput.readItem(text, itemFormat, info, origin), info, origin);
            ItemWrites writes = services.writes(table, info.keySchema());
            WriteOutcome outcome = ifNotExists ? writes.putNew(item) : writes.put(item, condition);
            ConditionOptions.requireWritten(outcome, "written");
            boolean replaced = ((WriteOutcome.Written) outcome).oldItem() != null;
            cli.err()
                    .println(
                            "put 1 item into table '"
                                    + table
                                    + "'"
                                    + (replaced ? ", replacing the item with its key" : ""));
            cli.printStatistics(new WriteStatistics(1, outcome.consumedCapacity(), 1));
        }
        return ExitCodes.OK;
    }
}

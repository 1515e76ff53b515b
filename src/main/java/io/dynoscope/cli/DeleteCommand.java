package io.dynoscope.cli;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.Operation;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.core.table.WriteStatistics;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.store.WriteOutcome;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/** {@code dynoscope delete}: removes one item by key, optionally only if a condition holds. */
@Command(
        name = "delete",
        mixinStandardHelpOptions = true,
        description =
                "Delete one item by its key (plain JSON or DynamoDB JSON, as for get). "
                        + "Prints the deleted item when there was one.")
final class DeleteCommand implements Callable<Integer> {

    @ParentCommand private DynoscopeCli cli;

    @Mixin private KeyOptions target;

    @Mixin private ConditionOptions conditionOptions;

    @Override
    public Integer call() {
        CompiledExpression condition = conditionOptions.condition();
        try (ConnectionServices services = cli.services()) {
            services.requireWritable("DeleteItem on table '" + target.table + "'");
            TableInfo info = services.metadata().describeTable(target.table);
            Key itemKey = target.key(info);
            conditionOptions.check(Operation.DELETE_ITEM, info);
            WriteOutcome outcome =
                    services.writes(target.table, info.keySchema())
                            .delete(itemKey, condition)
                            .outcome();
            ConditionOptions.requireWritten(outcome, "deleted");
            WriteOutcome.Written written = (WriteOutcome.Written) outcome;
            if (written.oldItem() == null) {
                cli.err().println("no item had that key; nothing was deleted");
            } else {
                ItemPrinter printer = new ItemPrinter(cli.output(), cli.out(), info.keySchema());
                printer.print(written.oldItem());
                printer.finish();
                cli.err().println("deleted 1 item from table '" + target.table + "'");
            }
            cli.printStatistics(
                    new WriteStatistics(
                            1, written.consumedCapacity(), written.oldItem() == null ? 0 : 1));
        }
        return ExitCodes.OK;
    }
}

package io.dynoscope.cli;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.read.ReadRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code dynoscope get}: one item by its primary key. */
@Command(
        name = "get",
        mixinStandardHelpOptions = true,
        description =
                "Read one item by its key; exit 3 when no item has it. The key is plain JSON ({\"EntityRef\": \"WS#acme\", \"Detail\": \"META\"}) "
                        + "or DynamoDB JSON ({\"EntityRef\": {\"S\": \"WS#acme\"}, ...}); --key-format auto tells them apart.")
final class GetCommand implements Callable<Integer> {

    @ParentCommand private DynoscopeCli cli;

    @Mixin private KeyOptions target;

    @Option(names = "--consistent", description = "A strongly consistent read.")
    private boolean consistent;

    @Override
    public Integer call() {
        try (ConnectionServices services = cli.services()) {
            TableInfo info = services.metadata().describeTable(target.table);
            Key itemKey = target.key(info);
            List<Item> found = new ArrayList<>(1);
            ReadResult result =
                    services.reads()
                            .session(
                                    ReadRequest.get(
                                            target.table, info.keySchema(), itemKey, consistent),
                                    info,
                                    null)
                            .next(page -> found.addAll(page.items()) || true, Cancellation.none());
            cli.printStatistics(result.statistics());
            if (found.isEmpty()) {
                throw new CliException(
                        ExitCodes.NOT_FOUND,
                        "not found: no item in table '" + target.table + "' has that key");
            }
            ItemPrinter printer = new ItemPrinter(cli.output(), cli.out(), info.keySchema());
            printer.print(found.get(0));
            printer.finish();
        }
        return ExitCodes.OK;
    }
}

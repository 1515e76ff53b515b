package io.dynoscope.cli;

import io.dynoscope.core.item.Key;
import io.dynoscope.repository.DynamoRepository;
import io.dynoscope.repository.GetResult;
import io.dynoscope.repository.TableInfo;
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
        try (DynamoRepository repository = cli.repository()) {
            TableInfo info = repository.describeTable(target.table);
            Key itemKey = target.key(info);
            GetResult result = repository.getItem(target.table, itemKey, consistent);
            cli.printStatistics(result.statistics());
            if (result.item().isEmpty()) {
                throw new CliException(
                        ExitCodes.NOT_FOUND,
                        "not found: no item in table '" + target.table + "' has that key");
            }
            ItemPrinter printer = new ItemPrinter(cli.output(), cli.out(), info.keySchema());
            printer.print(result.item().get());
            printer.finish();
        }
        return ExitCodes.OK;
    }
}

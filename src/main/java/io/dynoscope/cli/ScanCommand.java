package io.dynoscope.cli;

import io.dynoscope.core.expression.Operation;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.read.ReadMode;
import io.dynoscope.service.read.ReadRequest;
import io.dynoscope.service.store.ScanSpec;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code dynoscope scan}: every item of a table or index, optionally as parallel segments. */
@Command(
        name = "scan",
        mixinStandardHelpOptions = true,
        description =
                "Read a whole table or index. A Scan reads (and is charged for) every item, "
                        + "filter or not: query an item collection where the key schema allows.")
final class ScanCommand implements Callable<Integer> {

    @ParentCommand private DynoscopeCli cli;

    @Option(
            names = "--index",
            paramLabel = "INDEX",
            description = "Scan this secondary index instead of the table.")
    private String index;

    @Option(
            names = "--segments",
            paramLabel = "N",
            defaultValue = "1",
            description =
                    "Read N segments in parallel (a parallel Scan; 1 to 1,000,000, or 4,096 on a"
                            + " local engine, which reads more wrongly; at most 64 at a time)."
                            + " Default: ${DEFAULT-VALUE}.")
    private int segments;

    @Mixin private ReadOptions read;

    @Override
    public Integer call() {
        if (segments < 1 || segments > ScanSpec.MAX_SEGMENTS) {
            throw CliException.usage(
                    "--segments must be between 1 and 1,000,000 (DynamoDB's TotalSegments limit)");
        }
        ReadOptions.Expressions expressions = read.parse();
        try (ConnectionServices services = cli.services()) {
            TableInfo info = read.describe(services, Operation.SCAN, index);
            ReadRequest request =
                    read.request(expressions, ReadMode.SCAN, index, null, true, segments);
            ItemPrinter printer = new ItemPrinter(cli.output(), cli.out(), info.keySchema());
            ReadResult result =
                    services.reads()
                            .session(request, info, null)
                            .next(printer, Cancellation.none());
            cli.printStatistics(result.statistics());
            printer.finish();
        }
        return ExitCodes.OK;
    }
}

package io.dynoscope.cli;

import io.dynoscope.core.migration.ClusterEstimate;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.job.JobLaunch;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code dynoscope job plan JOB --table T}: what a writing job will do to the table and how long it
 * takes on 1, 10 and 100 executors ({@link ClusterEstimate}), from one DescribeTable.
 */
@Command(
        name = "plan",
        mixinStandardHelpOptions = true,
        description =
                "How long migrate or drift-fix takes on N executors: the desktop backfill's measured"
                        + " rate per executor, no faster than the table's write capacity; one"
                        + " DescribeTable, nothing else is read.")
final class JobPlanCommand implements Callable<Integer> {

    @ParentCommand private JobCommand job;

    @Parameters(index = "0", paramLabel = "JOB", description = "migrate or drift-fix")
    private String name;

    @Option(names = "--table", required = true, paramLabel = "TABLE")
    private String table;

    @Option(
            names = "--executors",
            split = ",",
            paramLabel = "N",
            defaultValue = "1,10,100",
            description = "The executor counts to estimate. Default: ${DEFAULT-VALUE}.")
    private List<Integer> executors;

    @Option(
            names = "--items",
            paramLabel = "N",
            description = "Plan for this many items of the table's size, not its count (what if).")
    private long items = -1;

    @Override
    public Integer call() {
        if (!JobLaunch.WRITING_JOBS.contains(name)) {
            throw CliException.usage(
                    "job plan estimates the writing jobs ("
                            + String.join(", ", JobLaunch.WRITING_JOBS)
                            + "), not '"
                            + name
                            + "'");
        }
        if (executors.stream().anyMatch(n -> n < 1)) {
            throw CliException.usage("--executors takes counts of 1 or more");
        }
        TableInfo info;
        try (ConnectionServices services = job.cli.services()) {
            info = services.metadata().describeTable(table);
        }
        long count = items >= 0 ? items : info.itemCount();
        double bytesPerItem =
                info.itemCount() > 0 ? info.sizeBytes() / (double) info.itemCount() : 0;
        double writeUnitsPerItem = Math.max(1, Math.ceil(bytesPerItem / 1024));
        long writeCapacity =
                info.provisionedThroughput() == null
                        ? 0
                        : info.provisionedThroughput().writeCapacity();
        ClusterEstimate estimate = ClusterEstimate.of(count, writeCapacity, writeUnitsPerItem);
        long segments = Math.max(2, (count + 1_999) / 2_000);
        job.cli
                .out()
                .println(
                        String.format(
                                Locale.ROOT,
                                "job %s on table '%s': %,d items (%s), %,.0f write unit%s each,"
                                        + " one guarded UpdateItem per item that needs it; the"
                                        + " backfill's units of work are %,d Scan segments (2,000"
                                        + " items each, at least 2 per task)",
                                name,
                                table,
                                count,
                                items >= 0 ? "as given" : "DescribeTable's count",
                                writeUnitsPerItem,
                                writeUnitsPerItem == 1 ? "" : "s",
                                segments));
        job.cli
                .out()
                .println(
                        writeCapacity > 0
                                ? "  the table is provisioned with "
                                        + writeCapacity
                                        + " WCU: no job writes faster; give it the capacity first"
                                : "  the table is on demand: no faster than its default"
                                        + " 40,000 write units a second");
        estimate.lines(executors).forEach(job.cli.out()::println);
        return ExitCodes.OK;
    }
}

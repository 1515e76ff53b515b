package io.dynoscope.cli;

import io.dynoscope.core.drift.DenormalizationRule;
import io.dynoscope.core.drift.PropagationPlan;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.drift.DriftDetection;
import io.dynoscope.service.drift.DriftPropagation;
import io.dynoscope.service.drift.PropagationReport;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code dynoscope drift fix}: detection, then one guarded write per drifted copy (or only the
 * plan, --dry-run).
 */
@Command(
        name = "fix",
        mixinStandardHelpOptions = true,
        description =
                "Write each source's value to its drifted copies. Each write is SET <copy> = :new with the "
                        + "condition <copy> = :old and the item still existing, so a copy changed since detection is left alone "
                        + "and reported. Running it again finishes what is left and changes nothing twice. "
                        + "Exit 0 unless a write failed (1).")
final class DriftFixCommand implements Callable<Integer> {

    @ParentCommand private DriftCommand drift;

    @Mixin private RuleOptions input;

    @Option(
            names = "--dry-run",
            description = "Print the exact items and new values; write nothing.")
    private boolean dryRun;

    @Option(
            names = "--concurrency",
            paramLabel = "N",
            defaultValue = "4",
            description = "The most writes in flight at once. Default: ${DEFAULT-VALUE}.")
    private int concurrency;

    @Override
    public Integer call() {
        if (concurrency < 1) {
            throw CliException.usage("--concurrency must be at least 1");
        }
        DynoscopeCli cli = drift.cli();
        List<DenormalizationRule> rules = input.rules(cli.in());
        try (ConnectionServices services = cli.services()) {
            if (!dryRun) {
                // refused before the detection's reads, not by the first of its writes
                services.requireWritable("drift fix on table '" + input.table + "'");
            }
            KeySchema schema = services.metadata().describeTable(input.table).keySchema();
            DriftDetection detection = services.driftDetection();
            List<PropagationPlan> plans = new ArrayList<>();
            ReadStatistics reads = ReadStatistics.NONE;
            for (DenormalizationRule rule : rules) {
                DriftDetection.Result result =
                        detection.detect(input.table, rule, progress -> {}, Cancellation.none());
                plans.add(PropagationPlan.of(result.report(), schema));
                reads = reads.plus(result.reads());
            }
            PropagationPlan plan = PropagationPlan.concat(schema.partitionKey(), plans);
            if (dryRun) {
                DriftFixLines.plan(plan).forEach(cli.out()::println);
                cli.printStatistics(reads);
                return ExitCodes.OK;
            }
            PropagationReport report =
                    services.driftPropagation()
                            .propagate(
                                    input.table,
                                    plan,
                                    DriftPropagation.Options.withConcurrency(concurrency),
                                    progress -> {},
                                    Cancellation.none());
            DriftFixLines.report(report).forEach(cli.out()::println);
            cli.printStatistics(reads);
            return report.failed().isEmpty() && report.stoppedBy() == null
                    ? ExitCodes.OK
                    : ExitCodes.SERVICE_ERROR;
        }
    }
}

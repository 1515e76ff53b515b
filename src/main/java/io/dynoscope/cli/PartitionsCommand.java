package io.dynoscope.cli;

import io.dynoscope.core.item.ValueText;
import io.dynoscope.core.partitions.PartitionReport;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.ContributorInsights;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.partitions.PartitionReportJson;
import io.dynoscope.service.partitions.PartitionReporter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code dynoscope partitions}: how a table's items spread over its partition-key values. */
@Command(
        name = "partitions",
        mixinStandardHelpOptions = true,
        description =
                "Read a table once (parallel Scan segments) and report each partition-key value's items, "
                        + "bytes and share of the table, largest first; the skew; the write-sharded keys and "
                        + "the balance of their shards; with an LSI, each item collection against 10 GB; on AWS "
                        + "with Contributor Insights enabled, the most accessed and throttled keys.")
final class PartitionsCommand implements Callable<Integer> {

    private static final int DEFAULT_TOP = 10;

    @ParentCommand private DynoscopeCli cli;

    @Option(names = "--table", required = true, paramLabel = "TABLE")
    private String table;

    @Option(
            names = "--segments",
            paramLabel = "N",
            description = "Parallel Scan segments of a full read. Default: 8.")
    private int segments = PartitionReporter.DEFAULT_SEGMENTS;

    @Option(
            names = "--sample",
            paramLabel = "N",
            description =
                    "Read random segments whole until at least N items are read, and estimate the "
                            + "totals with a 95%% error bound.")
    private int sample;

    @Option(
            names = "--top",
            paramLabel = "N",
            description = "The N largest partitions (default: 10; with --json, all).")
    private Integer top;

    @Option(
            names = "--json",
            description =
                    "One JSON document: {\"table\", \"items\", \"bytes\", \"sampled\", \"partitions\": "
                            + "[{\"key\", \"items\", \"bytes\"}, …]}, largest first.")
    private boolean json;

    @Override
    public Integer call() {
        if (segments < 1 || sample < 0 || (top != null && top < 1)) {
            throw CliException.usage(
                    "--segments and --top take a positive number, --sample zero or more");
        }
        PartitionReporter.Result result;
        ContributorInsights insights;
        try (ConnectionServices services = cli.services()) {
            PartitionReporter reporter = services.partitions();
            result =
                    reporter.report(
                            table,
                            PartitionReporter.Options.full()
                                    .withSegments(segments)
                                    .sampling(sample),
                            null,
                            progress -> {},
                            Cancellation.none());
            insights = json ? null : reporter.contributorInsights(table, Duration.ofHours(1));
        }
        PartitionReport report = result.report();
        if (json) {
            cli.out()
                    .println(
                            PartitionReportJson.write(
                                    report, top == null ? report.partitions().size() : top));
        } else {
            printText(report, top == null ? DEFAULT_TOP : top, insights);
        }
        cli.printStatistics(result.reads());
        return ExitCodes.OK;
    }

    private void printText(PartitionReport report, int top, ContributorInsights insights) {
        printSummary(report);
        printTop(report, top);
        printShardGroups(report);
        printCollectionLimits(report, top);
        if (insights != null && insights.enabled()) {
            contributors(
                    "most accessed (Contributor Insights, last hour)", insights.mostAccessed());
            contributors("most throttled", insights.mostThrottled());
        } else if (insights != null) {
            cli.err().println(insights.message());
        }
    }

    /** The table's totals, the sample's error when sampled, and the skew. */
    private void printSummary(PartitionReport report) {
        var out = cli.out();
        out.printf(
                Locale.ROOT,
                "%s: %,d items, %s in %,d partitions%s%n",
                report.table(),
                report.items(),
                ValueText.bytes(report.bytes()),
                report.partitions().size(),
                report.sample()
                        .map(
                                s ->
                                        String.format(
                                                Locale.ROOT,
                                                " (sampled: %d of %d segments, %,d items read; "
                                                        + "±%,d items, ±%s at 95%%; partitions read whole)",
                                                s.segmentsRead(),
                                                s.totalSegments(),
                                                s.itemsRead(),
                                                s.itemsError(),
                                                ValueText.bytes(s.bytesError())))
                        .orElse(""));
        PartitionReport.Skew skew = report.skew();
        out.printf(
                Locale.ROOT,
                "skew: largest / median = %.1f; the top 1%% (%d) hold %.1f%% of the bytes%n",
                skew.largestToMedian(),
                skew.topPercentCount(),
                100 * skew.topPercentShare());
    }

    /** The {@code top} largest partitions. */
    private void printTop(PartitionReport report, int top) {
        var out = cli.out();
        out.println();
        out.printf(
                Locale.ROOT,
                "%4s  %-40s %10s %10s %7s%n",
                "#",
                "partition key",
                "items",
                "bytes",
                "share");
        List<PartitionReport.Partition> partitions = report.top(top);
        for (int i = 0; i < partitions.size(); i++) {
            PartitionReport.Partition p = partitions.get(i);
            out.printf(
                    Locale.ROOT,
                    "%4d  %-40s %,10d %10s %6.1f%%%n",
                    i + 1,
                    ValueText.of(p.partitionKey()),
                    p.items(),
                    ValueText.bytes(p.bytes()),
                    100 * p.share());
        }
    }

    /** Each write-sharded key's shards, with their balance. */
    private void printShardGroups(PartitionReport report) {
        var out = cli.out();
        for (PartitionReport.ShardBalance group : report.shardGroups()) {
            out.println();
            out.printf(
                    Locale.ROOT,
                    "%s (%s): %,d items, %s; fullest shard / mean = %.2f%s%n",
                    group.key().label(),
                    group.source(),
                    group.items(),
                    ValueText.bytes(group.bytes()),
                    group.largestToMean(),
                    group.emptyShards() == 0 ? "" : "; " + group.emptyShards() + " empty");
            for (PartitionReport.Partition shard : group.shards()) {
                out.printf(
                        Locale.ROOT,
                        "      %-40s %,10d %10s%n",
                        ValueText.of(shard.partitionKey()),
                        shard.items(),
                        ValueText.bytes(shard.bytes()));
            }
        }
    }

    /** The item collections nearest the 10 GB limit of a table with a local index. */
    private void printCollectionLimits(PartitionReport report, int top) {
        var out = cli.out();
        if (!report.collectionLimits().isEmpty()) {
            out.println();
            out.println("item collections against the 10 GB limit (the table has an LSI):");
            for (PartitionReport.CollectionLimit c :
                    report.collectionLimits()
                            .subList(0, Math.min(top, report.collectionLimits().size()))) {
                out.printf(
                        Locale.ROOT,
                        "      %-40s %10s %8.4f%%%s%n",
                        ValueText.of(c.partitionKey()),
                        ValueText.bytes(c.bytes()),
                        100 * c.shareOfLimit(),
                        c.level() == PartitionReport.LimitLevel.OK ? "" : "  " + c.level());
            }
        }
    }

    private void contributors(String title, List<ContributorInsights.Contributor> contributors) {
        cli.out().println();
        cli.out().println(title + ":");
        for (ContributorInsights.Contributor c : contributors) {
            cli.out()
                    .printf(
                            Locale.ROOT,
                            "      %-40s %,12.0f  peak %,.1f/s%n",
                            c.partitionKey(),
                            c.total(),
                            c.peakPerSecond());
        }
    }
}

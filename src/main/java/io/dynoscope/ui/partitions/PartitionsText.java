package io.dynoscope.ui.partitions;

import io.dynoscope.core.item.ValueText;
import io.dynoscope.core.partitions.PartitionReport;
import io.dynoscope.core.table.ContributorInsights;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.job.ClusterContext;
import io.dynoscope.ui.common.job.RunOnClusterViewModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The partitions report in the tab's words (its totals line, its Pareto chart's bars, Contributor
 * Insights' lines), and the job that reads it on a cluster.
 */
final class PartitionsText {

    private PartitionsText() {}

    /** The largest partitions' bars, each with the running share of it and every larger one. */
    static List<PartitionsViewModel.ParetoBar> pareto(
            List<PartitionReport.Partition> largestFirst) {
        List<PartitionsViewModel.ParetoBar> bars = new ArrayList<>();
        double running = 0;
        for (PartitionReport.Partition p : largestFirst) {
            running += p.share();
            bars.add(
                    new PartitionsViewModel.ParetoBar(
                            ValueText.of(p.partitionKey()),
                            p.bytes(),
                            p.share(),
                            Math.min(1, running)));
        }
        return bars;
    }

    /** The table's items, bytes and partitions, and how far a sample's totals are to be trusted. */
    static String summary(PartitionReport report) {
        String totals =
                String.format(
                        Locale.ROOT,
                        "%s: %,d items, %s in %,d partitions",
                        report.table(),
                        report.items(),
                        ValueText.bytes(report.bytes()),
                        report.partitions().size());
        return report.sample()
                .map(
                        s ->
                                totals
                                        + String.format(
                                                Locale.ROOT,
                                                " (estimated from %d of %d segments, %,d items read:"
                                                        + " ±%,d items, ±%s at 95%%; partitions read whole)",
                                                s.segmentsRead(),
                                                s.totalSegments(),
                                                s.itemsRead(),
                                                s.itemsError(),
                                                ValueText.bytes(s.bytesError())))
                .orElse(totals);
    }

    /** One partition key of Contributor Insights: its capacity units and its peak. */
    static String contributor(ContributorInsights.Contributor c) {
        return String.format(
                Locale.ROOT,
                "%s  %,.0f  (peak %,.1f/s)",
                c.partitionKey(),
                c.total(),
                c.peakPerSecond());
    }

    /**
     * The partitions job of {@code table}: its report JSON is written to the job folder (an earlier
     * run's deleted first) and given to {@code onReport}.
     */
    static RunOnClusterViewModel job(
            ClusterContext cluster, String table, BackgroundWork work, Consumer<String> onReport) {
        Path reportFile = ClusterContext.jobFolder().resolve(table + ".partitions.json");
        return cluster.runOnCluster(
                "partitions",
                List.of("--table", table, "--report", reportFile.toString()),
                () -> {
                    Files.createDirectories(reportFile.getParent());
                    Files.deleteIfExists(reportFile);
                },
                Optional.of(reportFile),
                work,
                onReport);
    }
}

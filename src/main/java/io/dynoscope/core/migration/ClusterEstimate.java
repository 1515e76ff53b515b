package io.dynoscope.core.migration;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How long a whole-table job takes on N executors: each executor writes as fast as a desktop
 * backfill (the measured rate, docs/benchmarks.md: about 1,100 guarded items a second with 4
 * writers, so one executor of 4 cores running 4 tasks), and all of them together no faster than the
 * table's write capacity allows: {@code seconds = items / min(N x rate, capacity)}.
 *
 * @param items the items the job reads and writes (DescribeTable's count)
 * @param itemsPerSecondPerExecutor the desktop's measured rate, for one executor
 * @param capacityItemsPerSecond the most items a second the table takes, or 0 for no known limit
 */
public record ClusterEstimate(
        long items, double itemsPerSecondPerExecutor, double capacityItemsPerSecond) {

    /** The desktop backfill's measured rate with 4 writers (docs/benchmarks.md, issue 21). */
    public static final double DESKTOP_ITEMS_PER_SECOND = 1_100;

    /** An on-demand table's default throughput limit: 40,000 write units a second. */
    public static final double ON_DEMAND_WRITE_UNITS = 40_000;

    /** Past this, the plan recommends a cluster. */
    public static final Duration DESKTOP_LIMIT = Duration.ofHours(1);

    public ClusterEstimate {
        if (items < 0 || itemsPerSecondPerExecutor <= 0 || capacityItemsPerSecond < 0) {
            throw new IllegalArgumentException("items and rates must be positive");
        }
    }

    /**
     * The estimate for a table of {@code items}, with {@code writeCapacity} write units a second
     * (provisioned) or 0 for on-demand, each item costing {@code writeUnitsPerItem}.
     */
    public static ClusterEstimate of(long items, long writeCapacity, double writeUnitsPerItem) {
        double units = writeCapacity > 0 ? writeCapacity : ON_DEMAND_WRITE_UNITS;
        return new ClusterEstimate(
                items, DESKTOP_ITEMS_PER_SECOND, units / Math.max(1, writeUnitsPerItem));
    }

    /** The time on {@code executors} executors. */
    public Duration time(int executors) {
        return Duration.ofMillis(Math.round(items / rate(executors) * 1000));
    }

    /** Items a second on {@code executors} executors, the capacity's limit included. */
    public double rate(int executors) {
        double rate = executors * itemsPerSecondPerExecutor;
        return capacityItemsPerSecond > 0 ? Math.min(rate, capacityItemsPerSecond) : rate;
    }

    /** Whether the table's capacity, not the executors, sets the pace. */
    public boolean capacityBound(int executors) {
        return capacityItemsPerSecond > 0
                && executors * itemsPerSecondPerExecutor > capacityItemsPerSecond;
    }

    /** Whether the desktop (one executor's rate) would take longer than an hour. */
    public boolean recommendsCluster() {
        return time(1).compareTo(DESKTOP_LIMIT) > 0;
    }

    /** The formula with this estimate's numbers. */
    public String formula() {
        return String.format(
                Locale.ROOT,
                "time = items / min(executors x %,.0f items/s, %,.0f items/s the table's write"
                        + " capacity takes)",
                itemsPerSecondPerExecutor,
                capacityItemsPerSecond);
    }

    /** The estimate in words: one line per executor count, the formula, the recommendation. */
    public List<String> lines(List<Integer> executors) {
        List<String> lines = new ArrayList<>();
        for (int n : executors) {
            lines.add(
                    String.format(
                            Locale.ROOT,
                            "  %,d executor%s: about %s (%,.0f items/s%s)",
                            n,
                            n == 1 ? "" : "s",
                            PlanText.duration(time(n)),
                            rate(n),
                            capacityBound(n) ? ", the table's write capacity sets the pace" : ""));
        }
        lines.add("  " + formula());
        lines.add(
                recommendsCluster()
                        ? "  the desktop would take "
                                + PlanText.duration(time(1))
                                + ", more than an hour: run it on a cluster (job submit)"
                        : "  the desktop takes "
                                + PlanText.duration(time(1))
                                + ": no cluster needed (model migrate, drift fix)");
        return lines;
    }
}

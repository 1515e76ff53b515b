package io.dynoscope.bench;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.LongSupplier;

/** Timing of benchmark passes: items per second with the client's CPU per item, and medians. */
final class Rounds {

    private Rounds() {}

    /**
     * Runs one pass, prints its rate and returns it in items per second.
     *
     * @param pass the work, returning how many items it handled
     * @param verb what the pass does to items, for the message when the count is wrong
     */
    static double measure(String label, int round, LongSupplier pass, int expected, String verb) {
        long cpuStarted = processCpuNanos();
        long started = System.nanoTime();
        long items = pass.getAsLong();
        double elapsed = seconds(started);
        double cpuMicrosPerItem = (processCpuNanos() - cpuStarted) / 1e3 / items;
        if (items != expected) {
            throw new IllegalStateException(
                    label.strip() + " " + verb + " " + items + " items, expected " + expected);
        }
        double rate = items / elapsed;
        // The client's CPU time per item (all JVM threads, the engine excluded) shows Dynoscope's
        // own cost apart from the engine's, and varies far less than wall time on a shared machine.
        System.out.printf(
                Locale.ROOT,
                "round %d %s %,10.0f items/s (%.2f s, client CPU %.1f us/item)%n",
                round + 1,
                label,
                rate,
                elapsed,
                cpuMicrosPerItem);
        return rate;
    }

    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    static double seconds(long startedNanos) {
        return (System.nanoTime() - startedNanos) / 1e9;
    }

    private static long processCpuNanos() {
        var os = ManagementFactory.getOperatingSystemMXBean();
        return os instanceof OperatingSystemMXBean jvm ? jvm.getProcessCpuTime() : 0;
    }
}

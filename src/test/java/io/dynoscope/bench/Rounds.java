package io.dynoscope.bench;

import com.sun.management.OperatingSystemMXBean;
import io.dynoscope.repository.DynamoClients;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.sandbox.LocalEngine;
import io.dynoscope.service.store.ConnectionSpec;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.LongSupplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

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

    /**
     * What a benchmark does with a fresh local engine: a bare SDK client and a repository over it.
     */
    @FunctionalInterface
    interface Benchmark {
        void run(DynamoDbClient client, SdkDynamoRepository repository) throws Exception;
    }

    /** Starts a local engine, runs the benchmark against it, and stops it. */
    static void onLocalEngine(Benchmark benchmark) {
        try (LocalEngine engine = LocalEngine.start()) {
            ConnectionSpec.Endpoint connection =
                    new ConnectionSpec.Endpoint(engine.endpoint(), null, null);
            try (DynamoDbClient client = DynamoClients.create(connection);
                    SdkDynamoRepository repository = new SdkDynamoRepository(client, connection)) {
                benchmark.run(client, repository);
            }
        } catch (Exception e) {
            throw new IllegalStateException("the benchmark failed", e);
        }
    }

    /**
     * Runs {@code pass} {@code passes} times, checks each read {@code expected} items, prints the
     * round's items/s and the client's CPU per item (all JVM threads; the engine excluded), and
     * returns the items/s.
     */
    static double measure(String label, int round, int passes, LongSupplier pass, long expected) {
        long cpuStarted = processCpuNanos();
        long started = System.nanoTime();
        long items = 0;
        for (int n = 0; n < passes; n++) {
            long read = pass.getAsLong();
            if (read != expected) {
                throw new IllegalStateException(
                        label.strip() + " read " + read + ", expected " + expected);
            }
            items += read;
        }
        double elapsed = (System.nanoTime() - started) / 1e9;
        double cpuMicrosPerItem = (processCpuNanos() - cpuStarted) / 1e3 / items;
        System.out.printf(
                Locale.ROOT,
                "round %d %s %,10.0f items/s (%.2f s, client CPU %.1f us/item)%n",
                round + 1,
                label,
                items / elapsed,
                elapsed,
                cpuMicrosPerItem);
        return items / elapsed;
    }

    /**
     * The ratio of the medians of {@code b} and {@code a}, and the median of each round's own
     * ratio, which a machine whose load drifts during the run disturbs less.
     */
    static void printRatios(double[] b, double[] a, String target) {
        System.out.printf(
                Locale.ROOT, "ratio (b)/(a): %.3f (target %s)%n", median(b) / median(a), target);
        double[] ratios = new double[a.length];
        for (int round = 0; round < a.length; round++) {
            ratios[round] = b[round] / a[round];
        }
        System.out.printf(
                Locale.ROOT,
                "median of the rounds' own ratios (b)/(a): %.3f (rounds: %s)%n",
                median(ratios),
                Arrays.toString(
                        Arrays.stream(ratios).map(r -> Math.round(r * 100) / 100.0).toArray()));
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

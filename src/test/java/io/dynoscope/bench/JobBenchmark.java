package io.dynoscope.bench;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.migration.ClusterEstimate;
import io.dynoscope.jobs.SparkMigrations;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.testsupport.MigrationFixture;
import java.util.List;
import java.util.Locale;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * The migrate job's backfill at Spark's {@code local[2]} against the desktop backfill (4 writers)
 * on identical copies of the migration tests' table, both timed from the start of the backfill to
 * the start of the first catch-up pass; then the plan's time for 10^9 items on 1, 10 and 100
 * executors. Arguments: workspaces (50 items each, default 400 = 20,000 items), rounds (default 3).
 *
 * <pre>
 * java $SPARK_OPENS -cp $CP io.dynoscope.bench.JobBenchmark 400 3
 * </pre>
 */
public final class JobBenchmark {

    private static final int DESKTOP_WORKERS = 4;
    private static final int SPARK_CORES = 2;

    private JobBenchmark() {}

    public static void main(String[] args) {
        int workspaces = args.length > 0 ? Integer.parseInt(args[0]) : 400;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        List<Item> items = MigrationFixture.items(workspaces);
        try (JavaSparkContext spark =
                new JavaSparkContext(
                        new SparkConf()
                                .setMaster("local[" + SPARK_CORES + "]")
                                .setAppName("dynoscope job benchmark")
                                .set("spark.ui.enabled", "false")
                                .set("spark.driver.host", "127.0.0.1"))) {
            Rounds.onLocalEngine(
                    (client, repository) -> {
                        String endpoint =
                                ((ConnectionSpec.Endpoint) repository.connection().orElseThrow())
                                        .endpoint()
                                        .toString();
                        System.out.printf(
                                Locale.ROOT,
                                "%,d items; desktop backfill with %d writers, job at local[%d];"
                                        + " %d rounds%n",
                                items.size(),
                                DESKTOP_WORKERS,
                                SPARK_CORES,
                                rounds);
                        // warm-up: JIT, connections, Spark's executors
                        MigrationBenchmark.backfill(
                                repository,
                                MigrationBenchmark.table(repository, "job-warm-d", items),
                                DESKTOP_WORKERS);
                        MigrationBenchmark.backfill(
                                repository,
                                MigrationBenchmark.table(repository, "job-warm-j", items),
                                SPARK_CORES,
                                r -> SparkMigrations.of(r, spark, endpoint));
                        double[] desktop = new double[rounds];
                        double[] job = new double[rounds];
                        for (int round = 0; round < rounds; round++) {
                            MigrationBenchmark.Backfill d =
                                    MigrationBenchmark.backfill(
                                            repository,
                                            MigrationBenchmark.table(
                                                    repository, "job-d-" + round, items),
                                            DESKTOP_WORKERS);
                            MigrationBenchmark.Backfill j =
                                    MigrationBenchmark.backfill(
                                            repository,
                                            MigrationBenchmark.table(
                                                    repository, "job-j-" + round, items),
                                            SPARK_CORES,
                                            r -> SparkMigrations.of(r, spark, endpoint));
                            if (d.written() != j.written()) {
                                throw new IllegalStateException(
                                        "the desktop wrote "
                                                + d.written()
                                                + " items, the job "
                                                + j.written());
                            }
                            desktop[round] = items.size() / d.seconds();
                            job[round] = items.size() / j.seconds();
                            System.out.printf(
                                    Locale.ROOT,
                                    "round %d desktop backfill %,8.0f items/s (%.2f s), job"
                                            + " local[%d] %,8.0f items/s (%.2f s); %,d items"
                                            + " written each%n",
                                    round + 1,
                                    desktop[round],
                                    d.seconds(),
                                    SPARK_CORES,
                                    job[round],
                                    j.seconds(),
                                    d.written());
                        }
                        // both ran on this machine's cores: per core the ratio is the same
                        System.out.println("(b) the job, (a) the desktop:");
                        Rounds.printRatios(job, desktop, ">= 0.9 per core");
                        System.out.println(
                                "the plan for 10^9 items of 1 write unit, on demand"
                                        + " (dynoscope job plan migrate --items 1000000000):");
                        ClusterEstimate.of(1_000_000_000L, 0, 1)
                                .lines(List.of(1, 10, 100))
                                .forEach(System.out::println);
                    });
        }
    }
}

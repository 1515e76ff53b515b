package io.dynoscope.bench;

import io.dynoscope.core.table.Cancellation;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.sandbox.LocalEngine;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.service.sql.SampleModels;
import io.dynoscope.service.sql.SqlConsole;
import io.dynoscope.service.sql.SqlResult;
import io.dynoscope.service.store.ConnectionSpec;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.runtime.Hook;
import org.apache.calcite.util.Holder;

/**
 * Where the first SQL statement of a process spends its time ({@code SqlFirstStatementBenchmark N
 * phases}): fresh JVMs in turn, each timing, from its connection on, (1) planning the seed JOIN
 * alone ({@code explain}: parse, validate, Calcite's planner; no code generated), (2) then running
 * it (Janino code generation and the read), (3) running it a second time, with the classes loaded
 * in each phase; and a fresh JVM that runs it cold through Calcite's interpreter (Bindables, no
 * generated code) against one that runs it cold as the console does.
 */
final class SqlFirstStatementPhases {

    interface Spawner {
        double[] spawn(String mode, URI endpoint, String table) throws Exception;
    }

    private SqlFirstStatementPhases() {}

    static void run(int rounds, Spawner spawner) throws Exception {
        try (LocalEngine engine = LocalEngine.start()) {
            String table = "bench-first-sql";
            try (SdkDynamoRepository repository =
                    SdkDynamoRepository.connect(
                            new ConnectionSpec.Endpoint(engine.endpoint(), null, null))) {
                SampleTables.seed(repository, SampleData.Dataset.SAAS, table);
            }
            List<double[]> phases = new ArrayList<>();
            List<Double> generated = new ArrayList<>();
            List<Double> interpreted = new ArrayList<>();
            for (int round = 0; round <= rounds; round++) {
                double[] p = spawner.spawn("phases", engine.endpoint(), table);
                double[] g = spawner.spawn("phases-generated", engine.endpoint(), table);
                double[] i = spawner.spawn("phases-interpreted", engine.endpoint(), table);
                System.out.printf(
                        Locale.ROOT,
                        "%s round %d: connect %.0f ms | plan (explain) %.0f ms, %.0f classes |"
                                + " run %.0f ms, %.0f classes | again %.0f ms | cold generated"
                                + " %.0f ms vs interpreted %.0f ms%n",
                        round == 0 ? "warm-up" : "       ",
                        round,
                        p[0],
                        p[1],
                        p[2],
                        p[3],
                        p[4],
                        p[5],
                        g[0],
                        i[0]);
                if (round > 0) {
                    phases.add(p);
                    generated.add(g[0]);
                    interpreted.add(i[0]);
                }
            }
            double[] median = new double[6];
            for (int k = 0; k < median.length; k++) {
                List<Double> values = new ArrayList<>();
                for (double[] p : phases) {
                    values.add(p[k]);
                }
                median[k] = SqlFirstStatementBenchmark.median(values);
            }
            System.out.printf(
                    Locale.ROOT,
                    "median first statement: planning %.0f ms (%.0f classes loaded), code"
                            + " generation and read %.0f ms (%.0f classes), the same statement"
                            + " again %.0f ms%n",
                    median[1],
                    median[2],
                    median[3],
                    median[4],
                    median[5]);
            double g = SqlFirstStatementBenchmark.median(generated);
            double i = SqlFirstStatementBenchmark.median(interpreted);
            System.out.printf(
                    Locale.ROOT,
                    "median cold statement: generated code %.0f ms, interpreter %.0f ms, ratio"
                            + " interpreter/generated %.2f%n",
                    g,
                    i,
                    i / g);
        }
    }

    static void child(String mode, ConnectionSpec.Endpoint connection, String table, String sql) {
        long start = System.nanoTime();
        try (SdkDynamoRepository repository = SdkDynamoRepository.connect(connection)) {
            SqlConsole console = new SqlConsole(repository, List.of(SampleModels.saas(table)));
            double connected = millis(start);
            if (!mode.equals("phases")) {
                long cold = System.nanoTime();
                SqlResult result;
                try (Hook.Closeable interpreter =
                        Hook.ENABLE_BINDABLE.addThread(
                                (Holder<Boolean> enable) ->
                                        enable.set(mode.equals("phases-interpreted")))) {
                    result =
                            console.run(
                                    sql,
                                    new SqlFirstStatementBenchmark.Rows(),
                                    w -> false,
                                    Cancellation.none());
                }
                SqlFirstStatementBenchmark.check(
                        result.rowCount() == SampleData.ACME_PROJECTS, "rows " + result.rowCount());
                System.out.printf(Locale.ROOT, "figures %.1f%n", millis(cold));
                return;
            }
            long t = System.nanoTime();
            long classes = loaded();
            console.explain(sql);
            double plan = millis(t);
            long planClasses = loaded() - classes;
            t = System.nanoTime();
            classes = loaded();
            SqlResult result =
                    console.run(
                            sql,
                            new SqlFirstStatementBenchmark.Rows(),
                            w -> false,
                            Cancellation.none());
            double run = millis(t);
            long runClasses = loaded() - classes;
            SqlFirstStatementBenchmark.check(
                    result.rowCount() == SampleData.ACME_PROJECTS, "rows " + result.rowCount());
            t = System.nanoTime();
            console.run(
                    sql, new SqlFirstStatementBenchmark.Rows(), w -> false, Cancellation.none());
            double again = millis(t);
            System.out.printf(
                    Locale.ROOT,
                    "figures %.1f %.1f %d %.1f %d %.1f%n",
                    connected,
                    plan,
                    planClasses,
                    run,
                    runClasses,
                    again);
        }
    }

    private static long loaded() {
        return ManagementFactory.getClassLoadingMXBean().getTotalLoadedClassCount();
    }

    private static double millis(long since) {
        return (System.nanoTime() - since) / 1e6;
    }
}

package io.dynoscope.bench;

import io.dynoscope.core.table.Cancellation;
import io.dynoscope.repository.DynamoClients;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.sandbox.LocalEngine;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.service.sql.RowListener;
import io.dynoscope.service.sql.SampleModels;
import io.dynoscope.service.sql.SqlConsole;
import io.dynoscope.service.sql.SqlResult;
import io.dynoscope.service.sql.SqlWarmUp;
import io.dynoscope.service.store.ConnectionSpec;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * The first SQL statement of a fresh JVM against the first bare SDK Query loop of a fresh JVM, in
 * the same run: each round starts three processes against one engine and the saas sample, and each
 * times its own work from the moment its connection opens (the client built) to the last row:
 *
 * <ul>
 *   <li>{@code sdk}: a bare {@code DynamoDbClient} Query paging loop of {@code WS#acme};
 *   <li>{@code sql-cold}: the seed JOIN through the SQL console, nothing warmed;
 *   <li>{@code sql}: as the app does it: the SQL engine warmed up ({@link SqlWarmUp}) when the
 *       connection opens, then the seed JOIN; the warm-up's own time is printed apart (the app
 *       spends it while the person types).
 * </ul>
 *
 * <pre>
 * ./mvnw -q test-compile dependency:build-classpath -Dmdep.outputFile=target/test-classpath.txt -Dmdep.includeScope=test
 * java -cp target/test-classes:target/classes:$(cat target/test-classpath.txt) io.dynoscope.bench.SqlFirstStatementBenchmark 5
 * </pre>
 */
public final class SqlFirstStatementBenchmark {

    private static final String SEED_JOIN =
            "SELECT w.name AS workspace, p.Detail AS project, p.status FROM workspace w"
                    + " JOIN project p ON p.EntityRef = w.EntityRef WHERE w.EntityRef = 'WS#acme'"
                    + " ORDER BY p.Detail DESC";

    private SqlFirstStatementBenchmark() {}

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].startsWith("child-")) {
            child(args[0].substring("child-".length()), URI.create(args[1]), args[2]);
            return;
        }
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        if (args.length > 1 && args[1].equals("phases")) {
            SqlFirstStatementPhases.run(rounds, SqlFirstStatementBenchmark::spawn);
            return;
        }
        try (LocalEngine engine = LocalEngine.start()) {
            ConnectionSpec.Endpoint connection =
                    new ConnectionSpec.Endpoint(engine.endpoint(), null, null);
            String table = "bench-first-sql";
            try (SdkDynamoRepository repository = SdkDynamoRepository.connect(connection)) {
                SampleTables.seed(repository, Dataset.SAAS, table);
            }
            List<Double> sdk = new ArrayList<>();
            List<Double> cold = new ArrayList<>();
            List<Double> warm = new ArrayList<>();
            List<Double> warmUp = new ArrayList<>();
            for (int round = 0; round <= rounds; round++) {
                double[] a = spawn("sdk", engine.endpoint(), table);
                double[] b = spawn("sql-cold", engine.endpoint(), table);
                double[] c = spawn("sql", engine.endpoint(), table);
                System.out.printf(
                        Locale.ROOT,
                        "%s round %d: first SDK loop %.0f ms | first SQL statement, cold %.0f ms"
                                + " | after the warm-up %.0f ms (warm-up %.0f ms)%n",
                        round == 0 ? "warm-up" : "       ",
                        round,
                        a[0],
                        b[0],
                        c[0],
                        c[1]);
                if (round > 0) {
                    sdk.add(a[0]);
                    cold.add(b[0]);
                    warm.add(c[0]);
                    warmUp.add(c[1]);
                }
            }
            double sdkMillis = median(sdk);
            System.out.printf(
                    Locale.ROOT,
                    "median first SDK Query loop: %.0f ms%n"
                            + "median first SQL statement, nothing warmed: %.0f ms%n"
                            + "median first SQL statement after the warm-up: %.0f ms"
                            + " (warm-up %.0f ms)%n",
                    sdkMillis,
                    median(cold),
                    median(warm),
                    median(warmUp));
            System.out.printf(
                    Locale.ROOT,
                    "ratio first SQL/SDK: %.2f (target <= 1.5; %.0f ms, target <= 1500 ms idle);"
                            + " cold: %.2f%n",
                    median(warm) / sdkMillis,
                    median(warm),
                    median(cold) / sdkMillis);
        }
    }

    /** Runs one child JVM; its last line holds its figures. */
    static double[] spawn(String mode, URI endpoint, String table)
            throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process process =
                new ProcessBuilder(
                                java.toString(),
                                "-cp",
                                System.getProperty("java.class.path"),
                                SqlFirstStatementBenchmark.class.getName(),
                                "child-" + mode,
                                endpoint.toString(),
                                table)
                        .redirectErrorStream(true)
                        .start();
        String last = "";
        try (BufferedReader out =
                new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                if (line.startsWith("figures ")) {
                    last = line;
                }
            }
        }
        if (process.waitFor() != 0 || last.isEmpty()) {
            throw new IllegalStateException(mode + " child failed: " + last);
        }
        return Arrays.stream(last.substring("figures ".length()).split(" "))
                .mapToDouble(Double::parseDouble)
                .toArray();
    }

    private static void child(String mode, URI endpoint, String table) {
        ConnectionSpec.Endpoint connection = new ConnectionSpec.Endpoint(endpoint, null, null);
        long start = System.nanoTime();
        double warmUpMillis = 0;
        if (mode.equals("sdk")) {
            try (DynamoDbClient client = DynamoClients.create(connection)) {
                long items = sdkLoop(client, table);
                check(items == 1 + SampleData.ACME_PROJECTS, "items " + items);
            }
        } else if (mode.startsWith("phases")) {
            SqlFirstStatementPhases.child(mode, connection, table, SEED_JOIN);
            return;
        } else {
            try (SdkDynamoRepository repository = SdkDynamoRepository.connect(connection)) {
                if (mode.equals("sql")) {
                    // As the app: the warm-up starts when the connection opens and is over
                    // before the person has typed the statement.
                    SqlWarmUp.run();
                    warmUpMillis = (System.nanoTime() - start) / 1e6;
                    start = System.nanoTime();
                }
                SqlConsole console = new SqlConsole(repository, List.of(SampleModels.saas(table)));
                SqlResult result =
                        console.run(SEED_JOIN, new Rows(), w -> false, Cancellation.none());
                check(result.rowCount() == SampleData.ACME_PROJECTS, "rows " + result.rowCount());
                check(result.statistics().requests() == 1, "requests");
            }
        }
        System.out.printf(
                Locale.ROOT,
                "figures %.1f %.1f%n",
                (System.nanoTime() - start) / 1e6,
                warmUpMillis);
    }

    static void check(boolean condition, String what) {
        if (!condition) {
            throw new IllegalStateException("unexpected result: " + what);
        }
    }

    private static long sdkLoop(DynamoDbClient client, String table) {
        long items = 0;
        Map<String, AttributeValue> startKey = null;
        do {
            QueryResponse response =
                    client.query(
                            QueryRequest.builder()
                                    .tableName(table)
                                    .keyConditionExpression("#er = :er")
                                    .expressionAttributeNames(Map.of("#er", "EntityRef"))
                                    .expressionAttributeValues(
                                            Map.of(":er", AttributeValue.fromS(SampleData.ACME)))
                                    .exclusiveStartKey(startKey)
                                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                                    .build());
            items += response.items().size();
            startKey =
                    response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()
                            ? response.lastEvaluatedKey()
                            : null;
        } while (startKey != null);
        return items;
    }

    static final class Rows implements RowListener {
        @Override
        public void columns(List<String> labels) {}

        @Override
        public boolean row(List<Object> values) {
            return true;
        }
    }

    static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }
}

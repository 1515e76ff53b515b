package io.dynoscope.bench;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.AttributeValue.Type;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.model.AttributeModel;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.repository.DynamoClients;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.sandbox.LocalEngine;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.service.sql.RowListener;
import io.dynoscope.service.sql.SqlConsole;
import io.dynoscope.service.sql.SqlResult;
import io.dynoscope.service.store.ConnectionSpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * The seed's JOIN (a workspace and its projects, newest first) through the SQL console over one
 * item collection of 20,000 items, against a bare SDK Query paging loop of the same collection in
 * the same run: requests, wall time and the time to the first row, medians of several rounds.
 *
 * <pre>
 * ./mvnw -q test-compile dependency:build-classpath -Dmdep.outputFile=target/test-classpath.txt -Dmdep.includeScope=test
 * java -cp target/test-classes:target/classes:$(cat target/test-classpath.txt) io.dynoscope.bench.SqlJoinBenchmark 20000 5
 * </pre>
 */
public final class SqlJoinBenchmark {

    private static final String TABLE = "bench-sql";
    private static final String WORKSPACE = "WS#bench";

    private static final String SEED_JOIN =
            "SELECT w.name AS workspace, p.Detail AS project, p.status FROM workspace w"
                    + " JOIN project p ON p.EntityRef = w.EntityRef WHERE w.EntityRef = '"
                    + WORKSPACE
                    + "' ORDER BY p.Detail DESC";

    private static final String ONE_VIEW =
            "SELECT projectId, status FROM project WHERE workspaceId = 'bench'";

    private SqlJoinBenchmark() {}

    /** One measured pass: requests, rows, wall time and time to the first row (ms). */
    private record Pass(int requests, long rows, double millis, double firstRowMillis) {}

    public static void main(String[] args) {
        int itemCount = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        try (LocalEngine engine = LocalEngine.start()) {
            ConnectionSpec.Endpoint connection =
                    new ConnectionSpec.Endpoint(engine.endpoint(), null, null);
            try (DynamoDbClient client = DynamoClients.create(connection);
                    SdkDynamoRepository repository = new SdkDynamoRepository(client, connection)) {
                load(repository, itemCount);
                SqlConsole console = new SqlConsole(repository, List.of(model()));
                List<Pass> sdk = new ArrayList<>();
                List<Pass> join = new ArrayList<>();
                List<Pass> view = new ArrayList<>();
                List<Pass> planning = new ArrayList<>();
                for (int round = 0; round <= rounds; round++) {
                    Pass a = sdkQuery(client);
                    Pass b = console(console, SEED_JOIN);
                    Pass c = console(console, ONE_VIEW);
                    long planned = System.nanoTime();
                    console.explain(SEED_JOIN);
                    Pass p = new Pass(0, 0, (System.nanoTime() - planned) / 1e6, 0);
                    System.out.printf(
                            Locale.ROOT,
                            "%s round %d: SDK %d requests %,d items %.0f ms (first %.1f ms) | join"
                                    + " %d requests %,d rows %.0f ms (first %.1f ms) | one view %d"
                                    + " requests %.0f ms (first %.1f ms)%n",
                            round == 0 ? "warm-up" : "       ",
                            round,
                            a.requests(),
                            a.rows(),
                            a.millis(),
                            a.firstRowMillis(),
                            b.requests(),
                            b.rows(),
                            b.millis(),
                            b.firstRowMillis(),
                            c.requests(),
                            c.millis(),
                            c.firstRowMillis());
                    if (round > 0) {
                        sdk.add(a);
                        join.add(b);
                        view.add(c);
                        planning.add(p);
                    }
                }
                double sdkMillis = median(sdk, Pass::millis);
                double joinMillis = median(join, Pass::millis);
                System.out.printf(
                        Locale.ROOT,
                        "median SDK Query loop: %.0f ms, %d requests, first item after %.1f ms%n",
                        sdkMillis,
                        sdk.get(0).requests(),
                        median(sdk, Pass::firstRowMillis));
                System.out.printf(
                        Locale.ROOT,
                        "median seed JOIN:      %.0f ms, %d requests, first row after %.1f ms%n",
                        joinMillis,
                        join.get(0).requests(),
                        median(join, Pass::firstRowMillis));
                System.out.printf(
                        Locale.ROOT,
                        "median one view:       %.0f ms, %d requests, first row after %.1f ms%n",
                        median(view, Pass::millis),
                        view.get(0).requests(),
                        median(view, Pass::firstRowMillis));
                System.out.printf(
                        Locale.ROOT,
                        "median planning of the join alone (explain): %.0f ms%n",
                        median(planning, Pass::millis));
                System.out.printf(
                        Locale.ROOT,
                        "ratio join/SDK: %.2f (target <= 1.3); same request count: %s%n",
                        joinMillis / sdkMillis,
                        sdk.get(0).requests() == join.get(0).requests());
            }
        }
    }

    private static void load(SdkDynamoRepository repository, int itemCount) {
        repository.createTable(
                TableDefinition.simple(
                        TABLE, SampleData.SAAS_PARTITION_KEY, SampleData.SAAS_SORT_KEY));
        List<Item> items = new ArrayList<>();
        items.add(
                new Item(
                        Map.of(
                                "EntityRef", AttributeValue.s(WORKSPACE),
                                "Detail", AttributeValue.s("META"),
                                "name", AttributeValue.s("Bench Co"))));
        String[] statuses = {"ACTIVE", "ACTIVE", "PAUSED", "ARCHIVED"};
        for (int i = 1; i < itemCount; i++) {
            Map<String, AttributeValue> project = new LinkedHashMap<>();
            project.put("EntityRef", AttributeValue.s(WORKSPACE));
            project.put(
                    "Detail", AttributeValue.s(String.format(Locale.ROOT, "PROJ#2026-%05d", i)));
            project.put("name", AttributeValue.s("Project " + i));
            project.put("status", AttributeValue.s(statuses[i % statuses.length]));
            project.put("createdAt", AttributeValue.s("2026-01-01T08:00:00Z"));
            project.put("budget", AttributeValue.n(1_000 + i + ".25"));
            project.put("workspaceName", AttributeValue.s("Bench Co"));
            items.add(new Item(project));
        }
        repository.batchWrite(TABLE, items, List.of(), Cancellation.none());
        System.out.printf(Locale.ROOT, "loaded one item collection of %,d items%n", itemCount);
    }

    private static TableModel model() {
        return new TableModel(
                TABLE,
                SampleData.SAAS_KEYS,
                Map.of("EntityRef", "S", "Detail", "S"),
                List.of(),
                List.of(
                        new Entity(
                                "workspace",
                                KeyTemplates.of("WS#{workspaceId}", "META"),
                                List.of(new AttributeModel("name", Type.S)),
                                Map.of()),
                        new Entity(
                                "project",
                                KeyTemplates.of("WS#{workspaceId}", "PROJ#{projectId}"),
                                List.of(
                                        new AttributeModel("name", Type.S),
                                        new AttributeModel("status", Type.S)),
                                Map.of())),
                List.of(),
                List.of(),
                List.of(),
                List.of());
    }

    private static Pass sdkQuery(DynamoDbClient client) {
        long start = System.nanoTime();
        double first = -1;
        int requests = 0;
        long items = 0;
        Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> startKey = null;
        do {
            QueryResponse response =
                    client.query(
                            QueryRequest.builder()
                                    .tableName(TABLE)
                                    .keyConditionExpression("#er = :er")
                                    .expressionAttributeNames(Map.of("#er", "EntityRef"))
                                    .expressionAttributeValues(
                                            Map.of(
                                                    ":er",
                                                    software.amazon.awssdk.services.dynamodb.model
                                                            .AttributeValue.fromS(WORKSPACE)))
                                    .exclusiveStartKey(startKey)
                                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                                    .build());
            requests++;
            items += response.items().size();
            if (first < 0 && !response.items().isEmpty()) {
                first = (System.nanoTime() - start) / 1e6;
            }
            startKey =
                    response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()
                            ? response.lastEvaluatedKey()
                            : null;
        } while (startKey != null);
        return new Pass(requests, items, (System.nanoTime() - start) / 1e6, first);
    }

    private static Pass console(SqlConsole console, String statement) {
        long start = System.nanoTime();
        double[] first = {-1};
        SqlResult result =
                console.run(
                        statement,
                        new RowListener() {
                            @Override
                            public void columns(List<String> labels) {}

                            @Override
                            public boolean row(List<Object> values) {
                                if (first[0] < 0) {
                                    first[0] = (System.nanoTime() - start) / 1e6;
                                }
                                return true;
                            }
                        },
                        warning -> false,
                        Cancellation.none());
        return new Pass(
                result.statistics().requests(),
                result.rowCount(),
                (System.nanoTime() - start) / 1e6,
                first[0]);
    }

    private static double median(List<Pass> passes, ToDoubleFunction<Pass> measure) {
        List<Double> values = new ArrayList<>();
        passes.forEach(p -> values.add(measure.applyAsDouble(p)));
        Collections.sort(values);
        return values.get(values.size() / 2);
    }
}

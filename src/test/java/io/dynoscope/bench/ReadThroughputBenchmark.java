package io.dynoscope.bench;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.repository.DynamoClients;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.sandbox.LocalEngine;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.ScanSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * How much the repository costs over the bare SDK when paging through a table: loads a table into a
 * local engine, then alternates (a) a plain SDK Scan loop, (a') the same loop asking for the
 * consumed capacity as the repository does, and (b) {@link SdkDynamoRepository#scan} over the same
 * client, and prints items/s for each and the ratios (b)/(a) and (b)/(a').
 *
 * <p>Run from the project directory (arguments: items, default 100000; rounds, default 3):
 *
 * <pre>
 * ./mvnw -q test-compile dependency:build-classpath -Dmdep.outputFile=target/test-classpath.txt -Dmdep.includeScope=test
 * java -cp target/test-classes:target/classes:$(cat target/test-classpath.txt) io.dynoscope.bench.ReadThroughputBenchmark
 * </pre>
 */
public final class ReadThroughputBenchmark {

    private static final String TABLE = "bench";

    private ReadThroughputBenchmark() {}

    public static void main(String[] args) {
        int itemCount = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        try (LocalEngine engine = LocalEngine.start()) {
            ConnectionSpec.Endpoint connection =
                    new ConnectionSpec.Endpoint(engine.endpoint(), null, null);
            try (DynamoDbClient client = DynamoClients.create(connection);
                    SdkDynamoRepository repository = new SdkDynamoRepository(client, connection)) {
                load(repository, itemCount);
                run(client, repository, itemCount, rounds);
            }
        }
    }

    private static void load(SdkDynamoRepository repository, int itemCount) {
        long started = System.nanoTime();
        repository.createTable(TableDefinition.simple(TABLE, "pk", "sk"));
        int chunk = 5_000;
        for (int from = 0; from < itemCount; from += chunk) {
            List<Item> items = new ArrayList<>(chunk);
            for (int i = from; i < Math.min(itemCount, from + chunk); i++) {
                items.add(item(i));
            }
            repository.batchWrite(TABLE, items, List.of(), Cancellation.none());
        }
        System.out.printf(
                Locale.ROOT, "loaded %,d items in %.1f s%n", itemCount, Rounds.seconds(started));
    }

    /**
     * An item of a few hundred bytes with the usual mix of types: strings, numbers, a map, a list,
     * a set.
     */
    private static Item item(int i) {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        attributes.put("pk", AttributeValue.s(String.format("WS#%04d", i % 1_000)));
        attributes.put("sk", AttributeValue.s(String.format("PROJ#%08d", i)));
        attributes.put("name", AttributeValue.s("Project " + i + " of the benchmark workspace"));
        attributes.put("status", AttributeValue.s(i % 3 == 0 ? "ACTIVE" : "ARCHIVED"));
        attributes.put("budget", AttributeValue.n(i + ".25"));
        attributes.put(
                "owner",
                AttributeValue.m(
                        Map.of(
                                "id",
                                AttributeValue.s("U#" + (i % 97)),
                                "name",
                                AttributeValue.s("Mara Vance"))));
        attributes.put(
                "milestones",
                AttributeValue.l(
                        AttributeValue.n(i),
                        AttributeValue.bool(i % 2 == 0),
                        AttributeValue.nul()));
        attributes.put("tags", AttributeValue.ss("alpha", "beta", "t" + (i % 10)));
        return Item.of(attributes);
    }

    private static void run(
            DynamoDbClient client, SdkDynamoRepository repository, int itemCount, int rounds) {
        // One unmeasured pass of each warms the JIT and the engine.
        sdkScan(client, false);
        sdkScan(client, true);
        repositoryScan(repository);
        double[] sdk = new double[rounds];
        double[] sdkWithCapacity = new double[rounds];
        double[] repo = new double[rounds];
        for (int round = 0; round < rounds; round++) {
            sdk[round] =
                    Rounds.measure(
                            "(a)  SDK Scan loop                 ",
                            round,
                            () -> sdkScan(client, false),
                            itemCount,
                            "read");
            sdkWithCapacity[round] =
                    Rounds.measure(
                            "(a') SDK Scan loop, capacity TOTAL",
                            round,
                            () -> sdkScan(client, true),
                            itemCount,
                            "read");
            repo[round] =
                    Rounds.measure(
                            "(b)  repository.scan               ",
                            round,
                            () -> repositoryScan(repository),
                            itemCount,
                            "read");
        }
        double sdkMedian = Rounds.median(sdk);
        double sdkWithCapacityMedian = Rounds.median(sdkWithCapacity);
        double repoMedian = Rounds.median(repo);
        System.out.printf(
                Locale.ROOT,
                "median (a)  SDK Scan loop:                  %,10.0f items/s%n",
                sdkMedian);
        System.out.printf(
                Locale.ROOT,
                "median (a') SDK Scan loop, capacity TOTAL:  %,10.0f items/s%n",
                sdkWithCapacityMedian);
        System.out.printf(
                Locale.ROOT,
                "median (b)  repository.scan:                %,10.0f items/s%n",
                repoMedian);
        System.out.printf(
                Locale.ROOT, "ratio (b)/(a):  %.3f (target >= 0.95)%n", repoMedian / sdkMedian);
        System.out.printf(
                Locale.ROOT,
                "ratio (b)/(a'): %.3f (the same request as the repository sends)%n",
                repoMedian / sdkWithCapacityMedian);
    }

    /**
     * The baseline: what a program using the SDK directly would write. With {@code withCapacity} it
     * also asks for the consumed capacity, as the repository always does (the engine then sizes
     * every item it reads, which costs it time).
     */
    private static long sdkScan(DynamoDbClient client, boolean withCapacity) {
        long count = 0;
        Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> start = null;
        do {
            var from = start;
            ScanResponse response =
                    client.scan(
                            r ->
                                    r.tableName(TABLE)
                                            .exclusiveStartKey(from)
                                            .returnConsumedCapacity(
                                                    withCapacity
                                                            ? ReturnConsumedCapacity.TOTAL
                                                            : null));
            count += response.items().size();
            start =
                    response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()
                            ? response.lastEvaluatedKey()
                            : null;
        } while (start != null);
        return count;
    }

    private static long repositoryScan(SdkDynamoRepository repository) {
        AtomicLong count = new AtomicLong();
        ReadResult result =
                repository.scan(
                        ScanSpec.table(TABLE),
                        page -> {
                            count.addAndGet(page.items().size());
                            return true;
                        },
                        Cancellation.none());
        if (!result.complete()) {
            throw new IllegalStateException("the repository scan did not reach the end");
        }
        return count.get();
    }
}

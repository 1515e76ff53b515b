package io.dynoscope.bench;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.service.partitions.PartitionReporter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * The partitions report over a 100,000-item table against a bare parallel Scan of the same table
 * with the SDK (the same segments, the same number read at a time), alternating in the same run:
 * items/s of each and their ratio (target: report ≥ 0.8 × the bare Scan).
 *
 * <pre>
 * java -cp $CP io.dynoscope.bench.PartitionsBenchmark 100000 5
 * </pre>
 */
public final class PartitionsBenchmark {

    private static final String TABLE = "partitions-bench";
    private static final int SEGMENTS = PartitionReporter.DEFAULT_SEGMENTS;
    private static final int CONCURRENCY = PartitionReporter.DEFAULT_CONCURRENCY;

    private PartitionsBenchmark() {}

    public static void main(String[] args) {
        int itemCount = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        Rounds.onLocalEngine(
                (client, repository) -> {
                    load(repository, itemCount);
                    run(client, repository, itemCount, rounds);
                });
    }

    /** 100,000 items of a few hundred bytes: 1,000 tenants, one of them ten times the others. */
    private static void load(SdkDynamoRepository repository, int itemCount) {
        repository.createTable(TableDefinition.simple(TABLE, "pk", "sk"));
        int chunk = 5_000;
        for (int from = 0; from < itemCount; from += chunk) {
            List<Item> items = new ArrayList<>(chunk);
            for (int i = from; i < Math.min(itemCount, from + chunk); i++) {
                Map<String, AttributeValue> attributes = new LinkedHashMap<>();
                int tenant = i % 10 == 0 ? 0 : i % 1_000;
                attributes.put("pk", AttributeValue.s(String.format("WS#%04d", tenant)));
                attributes.put("sk", AttributeValue.s(String.format("PROJ#%08d", i)));
                attributes.put("name", AttributeValue.s("Project " + i + " of the benchmark"));
                attributes.put("status", AttributeValue.s(i % 3 == 0 ? "ACTIVE" : "ARCHIVED"));
                attributes.put("budget", AttributeValue.n(i + ".25"));
                attributes.put("tags", AttributeValue.ss("alpha", "beta", "t" + (i % 10)));
                items.add(Item.of(attributes));
            }
            repository.batchWrite(TABLE, items, List.of(), Cancellation.none());
        }
    }

    private static void run(
            DynamoDbClient client, SdkDynamoRepository repository, int itemCount, int rounds)
            throws Exception {
        PartitionReporter reporter = new PartitionReporter(repository);
        bareParallelScan(client);
        report(reporter);
        double[] bare = new double[rounds];
        double[] reports = new double[rounds];
        for (int round = 0; round < rounds; round++) {
            bare[round] =
                    Rounds.measure(
                            "(a) SDK parallel Scan",
                            round,
                            1,
                            () -> bareParallelScan(client),
                            itemCount);
            reports[round] =
                    Rounds.measure(
                            "(b) partitions report", round, 1, () -> report(reporter), itemCount);
        }
        System.out.printf(
                Locale.ROOT,
                "median (a) SDK parallel Scan: %,10.0f items/s%n",
                Rounds.median(bare));
        System.out.printf(
                Locale.ROOT,
                "median (b) partitions report: %,10.0f items/s%n",
                Rounds.median(reports));
        Rounds.printRatios(reports, bare, ">= 0.8");
    }

    private static long report(PartitionReporter reporter) {
        PartitionReporter.Result result =
                reporter.report(
                        TABLE,
                        PartitionReporter.Options.full(),
                        null,
                        progress -> {},
                        Cancellation.none());
        return result.report().items();
    }

    /**
     * What a program using the SDK directly writes to count a table: {@value #SEGMENTS} Scan
     * segments, {@value #CONCURRENCY} at a time, each paging to its end, asking for the consumed
     * capacity as Dynoscope does.
     */
    private static long bareParallelScan(DynamoDbClient client) {
        ExecutorService pool = Executors.newFixedThreadPool(CONCURRENCY);
        try {
            List<Future<Long>> segments = new ArrayList<>();
            for (int segment = 0; segment < SEGMENTS; segment++) {
                int s = segment;
                segments.add(pool.submit(() -> scanSegment(client, s)));
            }
            long count = 0;
            for (Future<Long> segment : segments) {
                count += segment.get();
            }
            return count;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        } finally {
            pool.shutdown();
        }
    }

    private static long scanSegment(DynamoDbClient client, int segment) {
        long count = 0;
        Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> start = null;
        do {
            var from = start;
            ScanResponse response =
                    client.scan(
                            r ->
                                    r.tableName(TABLE)
                                            .segment(segment)
                                            .totalSegments(SEGMENTS)
                                            .exclusiveStartKey(from)
                                            .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
            count += response.items().size();
            start =
                    response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()
                            ? response.lastEvaluatedKey()
                            : null;
        } while (start != null);
        return count;
    }
}

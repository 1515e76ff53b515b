package io.dynoscope.bench;

import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.partitions.ShardedKey;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.KeyType;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.service.read.FanOutQuery;
import io.dynoscope.service.read.FanOutRead;
import io.dynoscope.service.read.ReadRequest;
import io.dynoscope.service.store.QuerySpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * The fan-out over the ten shards of a 20,000-item tenant ({@code WS#acme#{01..10}}, 2,000 items
 * each) against a bare SDK loop that queries the same shards one after the other, alternating in
 * the same run (each measurement reads the tenant five times): items/s of each and their ratio
 * (target: fan-out ≥ 0.9 × the loop on the single-threaded local engine), and the time to the first
 * rows: the fan-out's first merged page with the grid's limit (1,000 items) against the loop's
 * first response.
 *
 * <pre>
 * java -cp $CP io.dynoscope.bench.FanOutBenchmark 20000 7
 * </pre>
 */
public final class FanOutBenchmark {

    private static final String TABLE = "fan-out-bench";
    private static final KeySchema KEYS = KeySchema.of("pk", "sk");
    private static final ShardedKey TENANT = ShardedKey.parse("WS#acme#{01..10}");
    private static final int GRID_LIMIT = 1_000;

    private FanOutBenchmark() {}

    public static void main(String[] args) {
        int itemCount = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        Rounds.onLocalEngine(
                (client, repository) -> {
                    load(repository, itemCount);
                    run(client, repository, itemCount, rounds);
                });
    }

    private static void load(SdkDynamoRepository repository, int itemCount) {
        repository.createTable(TableDefinition.simple(TABLE, "pk", "sk"));
        List<Item> items = new ArrayList<>(itemCount);
        for (int i = 0; i < itemCount; i++) {
            Map<String, AttributeValue> attributes = new LinkedHashMap<>();
            attributes.put("pk", AttributeValue.s(TENANT.shards().get(i % 10)));
            attributes.put("sk", AttributeValue.s(String.format("PROJ#%08d", i)));
            attributes.put("name", AttributeValue.s("Project " + i + " of the sharded tenant"));
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
            attributes.put("tags", AttributeValue.ss("alpha", "beta", "t" + (i % 10)));
            items.add(Item.of(attributes));
        }
        repository.batchWrite(TABLE, items, List.of(), Cancellation.none());
    }

    private static void run(
            DynamoDbClient client, SdkDynamoRepository repository, int itemCount, int rounds) {
        sdkLoop(client, true, null);
        fanOut(repository, 0, null);
        double[] loop = new double[rounds];
        double[] sequential = new double[rounds];
        double[] fanOut = new double[rounds];
        double[] loopFirst = new double[rounds];
        double[] fanOutFirst = new double[rounds];
        for (int round = 0; round < rounds; round++) {
            loop[round] =
                    Rounds.measure(
                            "(a) SDK loop, shard after shard",
                            round,
                            READS_PER_MEASUREMENT,
                            () -> sdkLoop(client, true, null),
                            itemCount);
            sequential[round] =
                    Rounds.measure(
                            "(c) repository.query, in turn  ",
                            round,
                            READS_PER_MEASUREMENT,
                            () -> repositoryLoop(repository),
                            itemCount);
            fanOut[round] =
                    Rounds.measure(
                            "(b) FanOutRead                 ",
                            round,
                            READS_PER_MEASUREMENT,
                            () -> fanOut(repository, 0, null),
                            itemCount);
            long[] first = new long[1];
            long started = System.nanoTime();
            sdkLoop(client, true, first);
            loopFirst[round] = (first[0] - started) / 1e6;
            started = System.nanoTime();
            fanOut(repository, GRID_LIMIT, first);
            fanOutFirst[round] = (first[0] - started) / 1e6;
            System.out.printf(
                    Locale.ROOT,
                    "round %d first rows: SDK loop's first response %.1f ms, fan-out's first merged page %.1f ms%n",
                    round + 1,
                    loopFirst[round],
                    fanOutFirst[round]);
        }
        System.out.printf(
                Locale.ROOT, "median (a) SDK loop:  %,10.0f items/s%n", Rounds.median(loop));
        System.out.printf(
                Locale.ROOT,
                "median (c) repository.query, shard after shard: %,10.0f items/s%n",
                Rounds.median(sequential));
        System.out.printf(
                Locale.ROOT, "median (b) fan-out:   %,10.0f items/s%n", Rounds.median(fanOut));
        Rounds.printRatios(fanOut, loop, ">= 0.9");
        System.out.printf(
                Locale.ROOT,
                "median first rows: SDK loop %.1f ms (one shard's page, unmerged), fan-out %.1f ms (limit %,d, merged)%n",
                Rounds.median(loopFirst),
                Rounds.median(fanOutFirst),
                GRID_LIMIT);
    }

    /** Reads of the tenant per measurement: one read is too short to measure on a busy machine. */
    private static final int READS_PER_MEASUREMENT = 5;

    /**
     * What a program using the SDK directly writes: each shard queried to its end, one after
     * another, asking for the consumed capacity as Dynoscope does. {@code firstResponse[0]} gets
     * the time of the first response.
     */
    private static long sdkLoop(DynamoDbClient client, boolean withCapacity, long[] firstResponse) {
        long count = 0;
        for (String shard : TENANT.shards()) {
            Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> start = null;
            do {
                var from = start;
                QueryResponse response =
                        client.query(
                                r ->
                                        r.tableName(TABLE)
                                                .keyConditionExpression("#pk = :pk")
                                                .expressionAttributeNames(Map.of("#pk", "pk"))
                                                .expressionAttributeValues(
                                                        Map.of(
                                                                ":pk",
                                                                software.amazon.awssdk.services
                                                                        .dynamodb.model
                                                                        .AttributeValue.fromS(
                                                                        shard)))
                                                .exclusiveStartKey(from)
                                                .returnConsumedCapacity(
                                                        withCapacity
                                                                ? ReturnConsumedCapacity.TOTAL
                                                                : null));
                if (firstResponse != null && count == 0) {
                    firstResponse[0] = System.nanoTime();
                    return response.items().size();
                }
                count += response.items().size();
                start =
                        response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()
                                ? response.lastEvaluatedKey()
                                : null;
            } while (start != null);
        }
        return count;
    }

    /** The shards read through the repository one after the other, without a merge. */
    private static long repositoryLoop(SdkDynamoRepository repository) {
        long[] count = {0};
        for (AttributeValue shard : TENANT.shardValues(KeyType.S)) {
            repository.query(
                    QuerySpec.of(TABLE, KeyCondition.partition(KEYS, shard)),
                    page -> {
                        count[0] += page.items().size();
                        return true;
                    },
                    Cancellation.none());
        }
        return count[0];
    }

    private static long fanOut(SdkDynamoRepository repository, int limit, long[] firstPage) {
        long[] count = {0};
        FanOutRead read =
                new FanOutRead(
                        repository,
                        FanOutQuery.of(
                                ReadRequest.query(
                                        TABLE,
                                        KeyCondition.partition(
                                                KEYS, AttributeValue.s(TENANT.text())),
                                        true),
                                TENANT.shardValues(KeyType.S)));
        read.read(
                limit,
                page -> {
                    if (firstPage != null && count[0] == 0) {
                        firstPage[0] = System.nanoTime();
                    }
                    count[0] += page.items().size();
                    return firstPage == null;
                },
                Cancellation.none());
        return count[0];
    }
}

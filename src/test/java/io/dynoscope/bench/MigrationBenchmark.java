package io.dynoscope.bench;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.migration.MigrationPlan;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.service.migration.Migration;
import io.dynoscope.service.migration.MigrationPlanner;
import io.dynoscope.service.migration.MigrationReport;
import io.dynoscope.service.migration.PassTally;
import io.dynoscope.testsupport.MigrationFixture;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The migration's backfill against what a one-off script does: (a) a bare SDK loop, a parallel Scan
 * whose workers compute the new attributes by string concatenation and write each item with an
 * unconditioned UpdateItem, and (b) the backfill of {@link Migration} (guarded writes, content
 * digests, the journal's tallies), both with the same number of workers on a fresh copy of the
 * migration tests' table each round. Prints items/s and the ratio (b)/(a); the target is 0.8.
 *
 * <p>Run from the project directory (arguments: workspaces of 50 items, default 400 = 20,000 items;
 * workers, default 4; rounds, default 3):
 *
 * <pre>
 * ./mvnw -q test-compile dependency:build-classpath -Dmdep.outputFile=target/test-classpath.txt -Dmdep.includeScope=test
 * java -cp target/test-classes:target/classes:$(cat target/test-classpath.txt) io.dynoscope.bench.MigrationBenchmark
 * </pre>
 */
public final class MigrationBenchmark {

    private MigrationBenchmark() {}

    public static void main(String[] args) {
        int workspaces = args.length > 0 ? Integer.parseInt(args[0]) : 400;
        int workers = args.length > 1 ? Integer.parseInt(args[1]) : 4;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        List<Item> items = MigrationFixture.items(workspaces);
        Rounds.onLocalEngine(
                (client, repository) -> {
                    System.out.printf(
                            Locale.ROOT,
                            "%,d items, %d workers, %d rounds%n",
                            items.size(),
                            workers,
                            rounds);
                    // warm-up: JIT, connections and the engine, both ways
                    bare(client, table(repository, "warm-a", items), workers, false);
                    bare(client, table(repository, "warm-g", items), workers, true);
                    backfill(repository, table(repository, "warm-b", items), workers);
                    double[] a = new double[rounds];
                    double[] b = new double[rounds];
                    double[] g = new double[rounds];
                    for (int round = 0; round < rounds; round++) {
                        String bareTable = table(repository, "bare-" + round, items);
                        String migrated = table(repository, "backfill-" + round, items);
                        long started = System.nanoTime();
                        long bareWrites = bare(client, bareTable, workers, false);
                        double bareSeconds = (System.nanoTime() - started) / 1e9;
                        String guardedTable = table(repository, "guarded-" + round, items);
                        started = System.nanoTime();
                        bare(client, guardedTable, workers, true);
                        double guardedSeconds = (System.nanoTime() - started) / 1e9;
                        g[round] = items.size() / guardedSeconds;
                        Backfill backfill = backfill(repository, migrated, workers);
                        if (bareWrites != backfill.written()) {
                            throw new IllegalStateException(
                                    "the bare loop wrote "
                                            + bareWrites
                                            + " items, the backfill "
                                            + backfill.written());
                        }
                        a[round] = items.size() / bareSeconds;
                        b[round] = items.size() / backfill.seconds();
                        System.out.printf(
                                Locale.ROOT,
                                "round %d (a) bare SDK Scan + UpdateItem %,8.0f items/s (%.2f s),"
                                        + " (b) migration backfill %,8.0f items/s (%.2f s);"
                                        + " %,d items written each%n",
                                round + 1,
                                a[round],
                                bareSeconds,
                                b[round],
                                backfill.seconds(),
                                bareWrites);
                    }
                    Rounds.printRatios(b, a, ">= 0.8");
                    System.out.printf(
                            Locale.ROOT,
                            "(a') the bare loop with the migration's guard: median %,.0f items/s;"
                                    + " (b)/(a') %.3f: the rest of the gap is Dynoscope's%n",
                            Rounds.median(g),
                            Rounds.median(b) / Rounds.median(g));
                });
    }

    /** A fresh table of the fixture with both indexes already there, so neither side makes one. */
    static String table(SdkDynamoRepository repository, String name, List<Item> items) {
        String table = "migration-bench-" + name;
        repository.createTable(
                new TableDefinition(
                        table,
                        MigrationFixture.KEYS,
                        Map.of(
                                "EntityRef",
                                "S",
                                "Detail",
                                "S",
                                "GSI1PK",
                                "S",
                                "GSI1SK",
                                "S",
                                "GSI2PK",
                                "S",
                                "GSI2SK",
                                "S"),
                        List.of(
                                SecondaryIndex.global("byStatus", "GSI1PK", "GSI1SK"),
                                new SecondaryIndex(
                                        "byAssignee",
                                        true,
                                        KeySchema.of("GSI2PK", "GSI2SK"),
                                        "ALL",
                                        List.of())),
                        List.of()));
        MigrationFixture.load(repository, table, items);
        return table;
    }

    /** The one-off script: returns how many items it wrote. */
    static long bare(DynamoDbClient client, String table, int workers, boolean guarded) {
        ExecutorService pool = Executors.newFixedThreadPool(workers);
        AtomicLong written = new AtomicLong();
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int segment = 0; segment < workers; segment++) {
                int s = segment;
                futures.add(
                        pool.submit(
                                () -> {
                                    Map<String, AttributeValue> start = null;
                                    do {
                                        ScanResponse page =
                                                client.scan(
                                                        ScanRequest.builder()
                                                                .tableName(table)
                                                                .segment(s)
                                                                .totalSegments(workers)
                                                                .exclusiveStartKey(start)
                                                                .build());
                                        for (Map<String, AttributeValue> item : page.items()) {
                                            if (update(client, table, item, guarded)) {
                                                written.incrementAndGet();
                                            }
                                        }
                                        start =
                                                page.hasLastEvaluatedKey()
                                                        ? page.lastEvaluatedKey()
                                                        : null;
                                    } while (start != null);
                                }));
            }
            for (Future<?> future : futures) {
                future.get();
            }
        } catch (Exception e) {
            throw new IllegalStateException("the bare loop failed", e);
        } finally {
            pool.shutdown();
        }
        return written.get();
    }

    /** Sets the target's attributes of one item, as a script would; false when it has none. */
    private static boolean update(
            DynamoDbClient client,
            String table,
            Map<String, AttributeValue> item,
            boolean guarded) {
        String detail = item.get("Detail").s();
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        if (detail.startsWith("PROJ#") && item.get("status").s() != null) {
            values.put(":pk", AttributeValue.fromS("STATUS#" + item.get("status").s()));
            values.put(":sk", item.get("createdAt"));
        } else if (detail.startsWith("TASK#") && item.containsKey("dueAt")) {
            values.put(":pk", AttributeValue.fromS("USER#" + item.get("assignee").s()));
            values.put(
                    ":sk",
                    AttributeValue.fromS(item.get("status").s() + "#" + item.get("dueAt").s()));
        } else {
            return false;
        }
        boolean project = detail.startsWith("PROJ#");
        Map<String, String> names = new LinkedHashMap<>();
        names.put("#pk", project ? "GSI1PK" : "GSI2PK");
        names.put("#sk", project ? "GSI1SK" : "GSI2SK");
        StringBuilder condition = new StringBuilder();
        if (guarded) {
            // the guard the migration sends: the values the new ones were computed from, unchanged,
            // and the item still there
            List<String> sources =
                    project
                            ? List.of("status", "createdAt")
                            : List.of("assignee", "status", "dueAt");
            for (int i = 0; i < sources.size(); i++) {
                names.put("#g" + i, sources.get(i));
                values.put(":g" + i, item.get(sources.get(i)));
                if (i > 0) {
                    condition.append(" AND ");
                }
                condition.append("#g").append(i).append(" = :g").append(i);
            }
        }
        client.updateItem(
                UpdateItemRequest.builder()
                        .conditionExpression(guarded ? condition.toString() : null)
                        .tableName(table)
                        .key(
                                Map.of(
                                        "EntityRef",
                                        item.get("EntityRef"),
                                        "Detail",
                                        item.get("Detail")))
                        .updateExpression("SET #pk = :pk, #sk = :sk")
                        .expressionAttributeNames(names)
                        .expressionAttributeValues(values)
                        .build());
        return true;
    }

    /** What the backfill wrote and how long it took. */
    record Backfill(long written, double seconds) {}

    /**
     * The migration's backfill, timed alone: from the start of its backfill to the start of the
     * catch-up, which is then cancelled (the plan's sample read is not timed).
     */
    static Backfill backfill(SdkDynamoRepository repository, String table, int workers) {
        return backfill(repository, table, workers, Migration::new);
    }

    /** The backfill of the migration {@code migration} makes of the repository, timed alone. */
    static Backfill backfill(
            SdkDynamoRepository repository,
            String table,
            int workers,
            Function<SdkDynamoRepository, Migration> migration) {
        MigrationPlan plan =
                new MigrationPlanner(repository)
                        .plan(
                                table,
                                Optional.of(
                                        new MigrationPlanner.Source(
                                                MigrationFixture.model(
                                                                MigrationFixture.CURRENT, table)
                                                        .with(
                                                                b ->
                                                                        b.indexes(
                                                                                MigrationFixture
                                                                                        .model(
                                                                                                MigrationFixture
                                                                                                        .TARGET,
                                                                                                table)
                                                                                        .indexes())),
                                                "current")),
                                new MigrationPlanner.Source(
                                        MigrationFixture.model(MigrationFixture.TARGET, table),
                                        "target"),
                                100,
                                workers,
                                Cancellation.none());
        Cancellation cancellation = Cancellation.none();
        long[] times = new long[2];
        Migration.Listener timer =
                new Migration.Listener() {
                    @Override
                    public void phase(Migration.Phase phase, String description) {
                        if (phase == Migration.Phase.BACKFILL) {
                            times[0] = System.nanoTime();
                        } else if (phase == Migration.Phase.CATCH_UP && times[1] == 0) {
                            times[1] = System.nanoTime();
                            cancellation.cancel();
                        }
                    }

                    @Override
                    public void progress(
                            Migration.Phase phase, long read, long written, long total) {}
                };
        try {
            MigrationReport report =
                    migration
                            .apply(repository)
                            .apply(plan, Migration.Options.of(workers), timer, cancellation);
            return new Backfill(
                    report.backfill().count(PassTally.Count.UPDATED), (times[1] - times[0]) / 1e9);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

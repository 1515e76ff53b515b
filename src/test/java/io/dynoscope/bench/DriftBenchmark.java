package io.dynoscope.bench;

import static io.dynoscope.core.item.AttributeValue.m;
import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.s;

import io.dynoscope.core.drift.CopyLookup;
import io.dynoscope.core.drift.DenormalizationRule;
import io.dynoscope.core.drift.PropagationPlan;
import io.dynoscope.core.expression.AttributePath;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.sandbox.LocalEngine;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.drift.DriftDetection;
import io.dynoscope.service.drift.DriftPropagation;
import io.dynoscope.service.drift.PropagationReport;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.ScanSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Drift inspector throughput on a 100,000-item table in a local engine: detection as a ratio to a
 * bare Scan of the same table in the same run, and propagation writes per second at concurrency 1
 * and 8. Not a test; run it by hand (see {@code docs/benchmarks.md}):
 *
 * <pre>{@code
 * ./mvnw -q test-compile exec:exec -Dexec.classpathScope=test -Dapp.mainClass=io.dynoscope.bench.DriftBenchmark
 * }</pre>
 */
public final class DriftBenchmark {

    private static final int USERS = 2_000;
    private static final int POSTS_PER_USER = 49;

    /**
     * Every DRIFT_EVERY-th post carries a stale authorName: 2,000 drifted copies, 1,000 per
     * propagation run.
     */
    private static final int DRIFT_EVERY = 49;

    private static final String TABLE = "drift-bench";

    private DriftBenchmark() {}

    public static void main(String[] args) {
        try (LocalEngine engine = LocalEngine.start();
                DynamoRepository repository =
                        SdkDynamoRepository.connect(
                                new ConnectionSpec.Endpoint(engine.endpoint(), null, null))) {
            run(repository);
        }
    }

    private static void run(DynamoRepository repository) {
        repository.createTable(SampleData.definition(Dataset.BLOG, TABLE));
        List<Item> items = items();
        long seedStart = System.nanoTime();
        repository.batchWrite(TABLE, items, List.of(), Cancellation.none());
        System.out.printf(
                Locale.ROOT,
                "table: %,d items (%,d users, %,d posts), seeded in %.1f s%n",
                items.size(),
                USERS,
                USERS * POSTS_PER_USER,
                seconds(System.nanoTime() - seedStart));

        DenormalizationRule byScan = rule(CopyLookup.SCAN);
        DriftDetection detection = new DriftDetection(repository);
        // Warm-up: JIT, connections and the engine's caches, for both kinds of read.
        bareScan(repository);
        detection.detect(TABLE, byScan, p -> {}, Cancellation.none());
        int rounds = 3;
        double[] ratios = new double[rounds];
        double bareTotal = 0;
        DriftDetection.Result result = null;
        for (int round = 0; round < rounds; round++) {
            double bare = bareScan(repository);
            long started = System.nanoTime();
            result = detection.detect(TABLE, byScan, p -> {}, Cancellation.none());
            double detect = seconds(System.nanoTime() - started);
            bareTotal += bare;
            ratios[round] = bare / detect;
            System.out.printf(
                    Locale.ROOT,
                    "round %d: bare scan %.2f s (%,.0f items/s), detection (SCAN rule) %.2f s (%,.0f items/s), ratio %.2f%n",
                    round + 1,
                    bare,
                    items.size() / bare,
                    detect,
                    items.size() / detect,
                    ratios[round]);
        }
        Arrays.sort(ratios);
        System.out.printf(
                Locale.ROOT,
                "detection throughput / bare scan throughput = %.2f (median of %d rounds; %,d drifted copies found; reads: %s)%n",
                ratios[rounds / 2],
                rounds,
                result.report().driftedCopies().size(),
                result.reads().summary());

        long indexStart = System.nanoTime();
        DriftDetection.Result byIndex =
                detection.detect(TABLE, rule(CopyLookup.INDEX), p -> {}, Cancellation.none());
        double indexSeconds = seconds(System.nanoTime() - indexStart);
        System.out.printf(
                Locale.ROOT,
                "detection (INDEX rule: source Scan + one Query per user) %.2f s, ratio to bare scan %.2f (reads: %s)%n",
                indexSeconds,
                (bareTotal / rounds) / indexSeconds,
                byIndex.reads().summary());

        PropagationPlan plan =
                PropagationPlan.of(
                        result.report(), SampleData.definition(Dataset.BLOG, TABLE).keySchema());
        int half = plan.size() / 2;
        propagate(
                repository,
                new PropagationPlan(plan.partitionKey(), plan.writes().subList(0, half)),
                1);
        propagate(
                repository,
                new PropagationPlan(plan.partitionKey(), plan.writes().subList(half, plan.size())),
                8);
    }

    private static void propagate(
            DynamoRepository repository, PropagationPlan plan, int concurrency) {
        long started = System.nanoTime();
        PropagationReport report =
                new DriftPropagation(repository)
                        .propagate(
                                TABLE,
                                plan,
                                DriftPropagation.Options.withConcurrency(concurrency),
                                p -> {},
                                Cancellation.none());
        double elapsed = seconds(System.nanoTime() - started);
        System.out.printf(
                Locale.ROOT,
                "propagation at concurrency %d: %,d guarded writes in %.2f s = %,.0f writes/s (%s)%n",
                concurrency,
                plan.size(),
                elapsed,
                plan.size() / elapsed,
                report.summary());
    }

    private static double bareScan(DynamoRepository repository) {
        long started = System.nanoTime();
        long[] count = {0};
        ReadResult read =
                repository.scan(
                        ScanSpec.table(TABLE),
                        page -> {
                            count[0] += page.items().size();
                            return true;
                        },
                        Cancellation.none());
        if (!read.complete()) {
            throw new IllegalStateException("the bare scan stopped early");
        }
        return seconds(System.nanoTime() - started);
    }

    private static DenormalizationRule rule(CopyLookup lookup) {
        return new DenormalizationRule(
                "authorName " + lookup,
                "",
                new DenormalizationRule.Source(
                        KeyTemplate.parse("USER#{id}"), "META", AttributePath.of("name")),
                new DenormalizationRule.Copies(
                        lookup,
                        lookup == CopyLookup.INDEX ? SampleData.BLOG_AUTHOR_INDEX : null,
                        new DenormalizationRule.Reference(
                                AttributePath.of("authorId"), List.of(KeyTemplate.parse("U#{id}"))),
                        null,
                        AttributePath.of("authorName")));
    }

    /** Users and their posts, each post copying its author's name twice; a few copies are stale. */
    private static List<Item> items() {
        List<Item> items = new ArrayList<>(USERS * (POSTS_PER_USER + 1));
        int post = 0;
        for (int u = 0; u < USERS; u++) {
            String name = "User Number " + u;
            items.add(
                    Item.of(
                            Map.of(
                                    "PK",
                                    s("USER#" + u),
                                    "SK",
                                    s("META"),
                                    "userId",
                                    s("U#" + u),
                                    "name",
                                    s(name),
                                    "email",
                                    s("user" + u + "@bench.example"),
                                    "followers",
                                    n(u * 7L))));
            for (int p = 0; p < POSTS_PER_USER; p++, post++) {
                String copy = post % DRIFT_EVERY == 0 ? name + " (old)" : name;
                Map<String, AttributeValue> attributes = new LinkedHashMap<>();
                attributes.put("PK", s("POST#" + post));
                attributes.put("SK", s("META"));
                attributes.put("authorId", s("U#" + u));
                attributes.put(
                        "createdAt",
                        s(
                                String.format(
                                        Locale.ROOT,
                                        "2026-%02d-%02dT%02d:00:00Z",
                                        1 + p % 12,
                                        1 + p % 28,
                                        p % 24)));
                attributes.put("authorName", s(copy));
                attributes.put("author", m(Map.of("id", s("U#" + u), "name", s(copy))));
                attributes.put("title", s("Post " + post + " about single-table design"));
                attributes.put("views", n(post * 13L % 10_000));
                items.add(Item.of(attributes));
            }
        }
        return items;
    }

    private static double seconds(long nanos) {
        return Duration.ofNanos(nanos).toNanos() / 1e9;
    }
}

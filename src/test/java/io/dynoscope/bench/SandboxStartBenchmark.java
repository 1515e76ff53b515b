package io.dynoscope.bench;

import static io.dynoscope.core.item.AttributeValue.s;

import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.repository.SdkRepositories;
import io.dynoscope.sandbox.LocalEngine;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.sandbox.LocalSandbox;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.QuerySpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How long the one-click sandbox takes until the sample table can be shown, alternating in one run:
 * (a) as the sandbox was before the hot-partition data (engine started, saas and blog seeded,
 * {@code WS#acme} queried), (b) {@link LocalSandbox#start} now (every small set seeded, the bulk
 * started in the background) and the same Query, while the bulk loads; (c) until the bulk is in.
 *
 * <pre>
 * java -Ddynoscope.engine.dir=src/main/engine -cp $CP io.dynoscope.bench.SandboxStartBenchmark 7
 * </pre>
 */
public final class SandboxStartBenchmark {

    private SandboxStartBenchmark() {}

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        List<Double> before = new ArrayList<>();
        List<Double> now = new ArrayList<>();
        List<Double> bulk = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            long started = System.nanoTime();
            try (LocalEngine engine = LocalEngine.start();
                    SdkDynamoRepository repository =
                            SdkDynamoRepository.connect(
                                    new ConnectionSpec.Endpoint(engine.endpoint(), null, null))) {
                SampleTables.seed(repository, Dataset.SAAS, Dataset.SAAS.id());
                SampleTables.seed(repository, Dataset.BLOG, Dataset.BLOG.id());
                queryAcme(repository);
                before.add(millis(started));
            }
            started = System.nanoTime();
            try (LocalSandbox sandbox = LocalSandbox.start(new SdkRepositories());
                    SdkDynamoRepository repository =
                            SdkDynamoRepository.connect(sandbox.connection())) {
                queryAcme(repository);
                now.add(millis(started));
                sandbox.sampleDataLoaded().get();
                bulk.add(millis(started));
            }
            System.out.printf(
                    Locale.ROOT,
                    "round %d: (a) before %.0f ms, (b) now %.0f ms, (c) bulk in after %.0f ms%n",
                    round + 1,
                    before.get(round),
                    now.get(round),
                    bulk.get(round));
        }
        System.out.printf(
                Locale.ROOT,
                "median: (a) sample table readable before %.0f ms, (b) now %.0f ms; (c) all sample data %.0f ms%n",
                median(before),
                median(now),
                median(bulk));
    }

    private static void queryAcme(SdkDynamoRepository repository) {
        int[] items = {0};
        repository.query(
                QuerySpec.of(
                        Dataset.SAAS.id(),
                        KeyCondition.partition(SampleData.SAAS_KEYS, s(SampleData.ACME))),
                page -> {
                    items[0] += page.items().size();
                    return true;
                },
                Cancellation.none());
        if (items[0] != 1 + SampleData.ACME_PROJECTS) {
            throw new IllegalStateException("WS#acme has " + items[0] + " items");
        }
    }

    private static double millis(long startedNanos) {
        return (System.nanoTime() - startedNanos) / 1e6;
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        return sorted.get(sorted.size() / 2);
    }
}

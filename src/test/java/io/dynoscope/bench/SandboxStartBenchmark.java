package io.dynoscope.bench;

import static io.dynoscope.core.item.AttributeValue.s;

import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.repository.Cancellation;
import io.dynoscope.repository.QuerySpec;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.sandbox.LocalSandbox;
import io.dynoscope.sandbox.SampleData;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How long the one-click sandbox takes until the sample table can be shown: {@link
 * LocalSandbox#start()} (engine started, sample tables created and seeded) and the Query of {@code
 * WS#acme} the app runs first; then, separately, until the sample data's second step (the bulk of
 * the hot partitions) is in.
 *
 * <pre>
 * java -Ddynoscope.engine.dir=src/main/engine -cp $CP io.dynoscope.bench.SandboxStartBenchmark 5
 * </pre>
 */
public final class SandboxStartBenchmark {

    private SandboxStartBenchmark() {}

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        List<Double> toTable = new ArrayList<>();
        List<Double> toBulk = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            long started = System.nanoTime();
            try (LocalSandbox sandbox = LocalSandbox.start();
                    SdkDynamoRepository repository =
                            SdkDynamoRepository.connect(sandbox.connection())) {
                int[] items = {0};
                repository.query(
                        QuerySpec.of(
                                SampleData.Dataset.SAAS.id(),
                                KeyCondition.partition(SampleData.SAAS_KEYS, s(SampleData.ACME))),
                        page -> {
                            items[0] += page.items().size();
                            return true;
                        },
                        Cancellation.none());
                double table = (System.nanoTime() - started) / 1e6;
                sandbox.sampleDataLoaded().get();
                double bulk = (System.nanoTime() - started) / 1e6;
                toTable.add(table);
                toBulk.add(bulk);
                System.out.printf(
                        Locale.ROOT,
                        "round %d: WS#acme (%d items) readable after %.0f ms; all sample data after %.0f ms%n",
                        round + 1,
                        items[0],
                        table,
                        bulk);
            }
        }
        System.out.printf(
                Locale.ROOT,
                "median: sample table readable %.0f ms, all sample data %.0f ms%n",
                median(toTable),
                median(toBulk));
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        return sorted.get(sorted.size() / 2);
    }
}

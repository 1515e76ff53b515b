package io.dynoscope.bench;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.transfer.ColumnMapping;
import io.dynoscope.core.transfer.ExportWriter;
import io.dynoscope.core.transfer.TransferFormat;
import io.dynoscope.repository.DynamoClients;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.repository.SdkItems;
import io.dynoscope.sandbox.LocalEngine;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.transfer.ImportService;
import io.dynoscope.testsupport.GeneratedItems;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * What an import costs over the bare SDK writing the same items: loads a DynamoDB JSON lines file
 * of generated items (38-digit numbers, sets, binary, nested maps) and, in each round, into a fresh
 * table each, (a) a plain SDK BatchWriteItem loop of the same items already converted to SDK
 * values, (a') the same loop asking for the consumed capacity as the repository does, (b) {@link
 * ImportService} with one batch in flight (as the loop), reading, checking and journaling the file,
 * and (c) the import with four batches in flight; each round starts with another of the four.
 * Prints items/s and the ratios.
 *
 * <p>Run from the project directory (arguments: items, default 20000; rounds, default 3):
 *
 * <pre>
 * ./mvnw -q test-compile dependency:build-classpath -Dmdep.outputFile=target/test-classpath.txt -Dmdep.includeScope=test
 * java -cp target/test-classes:target/classes:$(cat target/test-classpath.txt) io.dynoscope.bench.ImportBenchmark
 * </pre>
 */
public final class ImportBenchmark {

    private static int tables;

    private ImportBenchmark() {}

    public static void main(String[] args) throws IOException {
        int itemCount = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        List<Item> items = GeneratedItems.items(itemCount);
        Path folder = Files.createTempDirectory("dynoscope-import-bench");
        Path input = folder.resolve("items.jsonl");
        try (Writer out = Files.newBufferedWriter(input, StandardCharsets.UTF_8)) {
            ExportWriter writer = new ExportWriter(TransferFormat.DYNAMODB_JSON, null, out);
            for (Item item : items) {
                writer.write(item);
            }
            writer.finish();
        }
        System.out.printf(
                Locale.ROOT,
                "%,d items, %,d bytes of DynamoDB JSON lines%n",
                itemCount,
                Files.size(input));
        try (LocalEngine engine = LocalEngine.start()) {
            ConnectionSpec.Endpoint connection =
                    new ConnectionSpec.Endpoint(engine.endpoint(), null, null);
            try (DynamoDbClient client = DynamoClients.create(connection);
                    SdkDynamoRepository repository = new SdkDynamoRepository(client, connection)) {
                run(client, repository, items, input, rounds);
            }
        } finally {
            Files.deleteIfExists(folder.resolve("journal"));
            Files.deleteIfExists(input);
            Files.deleteIfExists(folder);
        }
    }

    private static void run(
            DynamoDbClient client,
            SdkDynamoRepository repository,
            List<Item> items,
            Path input,
            int rounds) {
        List<Map<String, AttributeValue>> sdkItems = items.stream().map(SdkItems::of).toList();
        int count = items.size();
        // One unmeasured pass of each warms the JIT and the engine.
        sdkLoop(client, fresh(repository), sdkItems, false);
        importFile(repository, fresh(repository), input, 4);
        List<String> labels =
                List.of(
                        "(a)  SDK BatchWriteItem loop          ",
                        "(a') SDK loop, capacity TOTAL         ",
                        "(b)  import, 1 batch in flight        ",
                        "(c)  import, 4 batches in flight      ");
        List<LongSupplier> passes =
                List.of(
                        () -> sdkLoop(client, fresh(repository), sdkItems, false),
                        () -> sdkLoop(client, fresh(repository), sdkItems, true),
                        () -> importFile(repository, fresh(repository), input, 1),
                        () -> importFile(repository, fresh(repository), input, 4));
        double[][] rates = new double[passes.size()][rounds];
        for (int round = 0; round < rounds; round++) {
            // each round starts with another pass, so none always runs first or after the same one
            for (int step = 0; step < passes.size(); step++) {
                int pass = (round + step) % passes.size();
                rates[pass][round] =
                        Rounds.measure(labels.get(pass), round, passes.get(pass), count, "wrote");
            }
        }
        double[] sdk = rates[0];
        double[] sdkWithCapacity = rates[1];
        double[] importOne = rates[2];
        double[] importFour = rates[3];
        double a = Rounds.median(sdk);
        double aCapacity = Rounds.median(sdkWithCapacity);
        double b = Rounds.median(importOne);
        double c = Rounds.median(importFour);
        System.out.printf(
                Locale.ROOT, "median (a)  SDK loop:                 %,10.0f items/s%n", a);
        System.out.printf(
                Locale.ROOT, "median (a') SDK loop, capacity TOTAL: %,10.0f items/s%n", aCapacity);
        System.out.printf(
                Locale.ROOT, "median (b)  import, 1 in flight:      %,10.0f items/s%n", b);
        System.out.printf(
                Locale.ROOT, "median (c)  import, 4 in flight:      %,10.0f items/s%n", c);
        System.out.printf(Locale.ROOT, "ratio (b)/(a):  %.3f (target >= 0.9)%n", b / a);
        System.out.printf(
                Locale.ROOT,
                "ratio (b)/(a'): %.3f (the same requests as the import sends)%n",
                b / aCapacity);
        System.out.printf(Locale.ROOT, "ratio (c)/(a):  %.3f%n", c / a);
    }

    private static String fresh(SdkDynamoRepository repository) {
        String table = "bench-import-" + ++tables;
        repository.createTable(GeneratedItems.table(table));
        return table;
    }

    /** The baseline: what a program using the SDK directly would write, 25 items a request. */
    private static long sdkLoop(
            DynamoDbClient client,
            String table,
            List<Map<String, AttributeValue>> items,
            boolean withCapacity) {
        long written = 0;
        for (int from = 0; from < items.size(); from += 25) {
            List<WriteRequest> pending = new ArrayList<>();
            for (Map<String, AttributeValue> item :
                    items.subList(from, Math.min(items.size(), from + 25))) {
                pending.add(
                        WriteRequest.builder()
                                .putRequest(PutRequest.builder().item(item).build())
                                .build());
            }
            while (!pending.isEmpty()) {
                List<WriteRequest> sent = pending;
                BatchWriteItemResponse response =
                        client.batchWriteItem(
                                r ->
                                        r.requestItems(Map.of(table, sent))
                                                .returnConsumedCapacity(
                                                        withCapacity
                                                                ? ReturnConsumedCapacity.TOTAL
                                                                : null));
                pending = response.unprocessedItems().getOrDefault(table, List.of());
                written += sent.size() - pending.size();
            }
        }
        return written;
    }

    private static long importFile(
            SdkDynamoRepository repository, String table, Path input, int concurrency) {
        try {
            ImportService service = new ImportService(repository);
            ImportService.Checked checked =
                    service.check(
                            new ImportService.Request(
                                    table,
                                    ImportService.Input.file(input),
                                    TransferFormat.DYNAMODB_JSON,
                                    ColumnMapping.none()),
                            Cancellation.none());
            ImportService.Report report =
                    service.run(
                            checked,
                            new ImportService.Options(
                                    concurrency, input.resolveSibling("journal"), false),
                            progress -> {},
                            Cancellation.none());
            if (report.outcome() != ImportService.Outcome.COMPLETE) {
                throw new IllegalStateException("the import ended " + report.outcome());
            }
            return report.progress().written();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}

package io.dynoscope.service.partitions;

import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemSize;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.partitions.PartitionReport;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.ScanSpec;
import io.dynoscope.testsupport.TestEngine;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The partitions report against the engine: per partition-key value, the items and bytes a count
 * made independently from a full Scan gives; a sample reads whole partitions and bounds its totals;
 * cancel stops the read.
 */
class PartitionReporterTest {

    private static final KeySchema KEYS = KeySchema.of("pk", "sk");
    private static DynamoRepository repository;
    private static String table;

    @BeforeAll
    static void load() {
        repository = TestEngine.repository();
        table =
                TestEngine.freshTable(
                        new TableDefinition(
                                "partitions",
                                KEYS,
                                Map.of("pk", "S", "sk", "S", "status", "S"),
                                List.of(),
                                List.of(
                                        new SecondaryIndex(
                                                "byStatus",
                                                false,
                                                KeySchema.of("pk", "status"),
                                                "KEYS_ONLY",
                                                List.of()))));
        List<Item> items = new ArrayList<>();
        for (int i = 0; i < 1_500; i++) {
            items.add(item("WS#huge", i, i % 3 == 0 ? "ACTIVE" : null, 200));
        }
        for (int shard = 1; shard <= 10; shard++) {
            for (int i = 0; i < 40 + shard * 5; i++) {
                items.add(item(String.format("WS#big#%02d", shard), i, "ACTIVE", 40));
            }
        }
        for (int t = 0; t < 300; t++) {
            for (int i = 0; i <= t % 9; i++) {
                items.add(item("WS#t" + t, i, null, 10 + t % 50));
            }
        }
        repository.batchWrite(table, items, List.of(), Cancellation.none());
    }

    private static Item item(String pk, int number, String status, int payload) {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        attributes.put("pk", s(pk));
        attributes.put("sk", s(String.format("PROJ#%05d", number)));
        if (status != null) {
            attributes.put("status", s(status));
        }
        attributes.put("budget", n(number + ".25"));
        attributes.put("payload", s("p".repeat(payload)));
        return Item.of(attributes);
    }

    /** {items, bytes} per partition-key value, counted from one plain Scan. */
    private static Map<AttributeValue, long[]> independentCount() {
        Map<AttributeValue, long[]> counts = new HashMap<>();
        repository.scan(
                ScanSpec.table(table),
                page -> {
                    for (Item item : page.items()) {
                        long[] c =
                                counts.computeIfAbsent(
                                        item.get("pk").orElseThrow(), k -> new long[2]);
                        c[0]++;
                        c[1] += ItemSize.of(item);
                    }
                    return true;
                },
                Cancellation.none());
        return counts;
    }

    @Test
    void everyPartitionsItemsAndBytesAreWhatAFullScanCounts() {
        Map<AttributeValue, long[]> expected = independentCount();
        List<PartitionReporter.Progress> progress = new ArrayList<>();

        PartitionReporter.Result result =
                new PartitionReporter(repository)
                        .report(
                                table,
                                PartitionReporter.Options.full().withSegments(6),
                                null,
                                progress::add,
                                Cancellation.none());

        PartitionReport report = result.report();
        assertTrue(result.complete());
        assertFalse(report.sampled());
        assertEquals(expected.size(), report.partitions().size());
        long items = 0;
        long bytes = 0;
        for (PartitionReport.Partition p : report.partitions()) {
            long[] c = expected.get(p.partitionKey());
            assertEquals(c[0], p.items(), p.partitionKey().toString());
            assertEquals(c[1], p.bytes(), p.partitionKey().toString());
            items += c[0];
            bytes += c[1];
        }
        assertEquals(items, report.items());
        assertEquals(bytes, report.bytes());
        assertEquals(items, result.reads().scannedCount());
        assertEquals(s("WS#huge"), report.partitions().get(0).partitionKey());
        assertEquals("WS#big#{01..10}", report.shardGroups().get(0).key().text());
        PartitionReporter.Progress last = progress.get(progress.size() - 1);
        assertEquals(new PartitionReporter.Progress(items, 6, 6, last.tableItems()), last);

        PartitionReport.CollectionLimit huge = report.collectionLimits().get(0);
        assertEquals(s("WS#huge"), huge.partitionKey());
        assertTrue(huge.bytes() > report.partitions().get(0).bytes(), "LSI entries count");
        long withoutIndexEntries =
                report.collectionLimits().stream()
                        .filter(c -> c.partitionKey().equals(s("WS#t7")))
                        .findFirst()
                        .orElseThrow()
                        .bytes();
        assertEquals(expected.get(s("WS#t7"))[1], withoutIndexEntries, "no status, no entry");
    }

    @Test
    void aSampleCountsWholePartitionsAndBoundsTheTotal() {
        Map<AttributeValue, long[]> expected = independentCount();
        long truth = expected.values().stream().mapToLong(c -> c[0]).sum();

        PartitionReporter.Result result =
                new PartitionReporter(repository)
                        .report(
                                table,
                                PartitionReporter.Options.full().sampling(800),
                                null,
                                p -> {},
                                Cancellation.none());

        PartitionReport report = result.report();
        assertTrue(report.sampled());
        var sample = report.sample().orElseThrow();
        assertTrue(sample.itemsRead() >= 800, "read until the sample is large enough");
        assertTrue(sample.segmentsRead() < PartitionReporter.SAMPLE_SEGMENTS);
        for (PartitionReport.Partition p : report.partitions()) {
            assertEquals(expected.get(p.partitionKey())[0], p.items(), "read whole");
        }
        assertTrue(
                Math.abs(report.items() - truth) <= sample.itemsError(),
                report.items() + " ± " + sample.itemsError() + " holds " + truth);
    }

    @Test
    void theReportsJsonReadsBackAsTheSameReport() {
        for (PartitionReporter.Options options :
                List.of(
                        PartitionReporter.Options.full(),
                        PartitionReporter.Options.full().sampling(800))) {
            PartitionReport report =
                    new PartitionReporter(repository)
                            .report(table, options, null, p -> {}, Cancellation.none())
                            .report();
            String json = PartitionReportJson.write(report, report.partitions().size());

            assertEquals(report, PartitionReportJson.read(json, null), "read back");
        }
    }

    @Test
    void cancelStopsTheRead() {
        Cancellation cancellation = new Cancellation();
        AtomicInteger calls = new AtomicInteger();

        PartitionReporter.Result result =
                new PartitionReporter(repository)
                        .report(
                                table,
                                new PartitionReporter.Options(50, 0, 2, 1),
                                null,
                                p -> {
                                    if (calls.incrementAndGet() == 1) {
                                        cancellation.cancel();
                                    }
                                },
                                cancellation);

        assertFalse(result.complete());
        assertTrue(
                result.report().items()
                        < independentCount().values().stream().mapToLong(c -> c[0]).sum());
        assertTrue(result.reads().requests() < 50, "segments stop: " + result.reads().requests());
    }
}

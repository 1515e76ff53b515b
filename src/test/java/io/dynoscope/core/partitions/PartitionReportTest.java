package io.dynoscope.core.partitions;

import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemSize;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.partitions.PartitionReport.LimitLevel;
import io.dynoscope.core.partitions.PartitionReport.Partition;
import io.dynoscope.core.partitions.PartitionReport.ShardBalance;
import io.dynoscope.core.table.SecondaryIndex;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PartitionReportTest {

    private static final KeySchema KEYS = KeySchema.of("pk", "sk");

    private static Item item(String pk, String sk, String payload) {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        attributes.put("pk", s(pk));
        attributes.put("sk", s(sk));
        attributes.put("payload", s(payload));
        return Item.of(attributes);
    }

    /** 100 items in WS#huge, 5 in each of WS#big#01..04 (one shard heavier), one in 10 tenants. */
    private static PartitionTally tally(List<SecondaryIndex> indexes) {
        PartitionTally tally = new PartitionTally(KEYS, indexes);
        for (int i = 0; i < 100; i++) {
            tally.add(item("WS#huge", "P#" + i, "x".repeat(50)));
        }
        for (int shard = 1; shard <= 4; shard++) {
            for (int i = 0; i < (shard == 3 ? 10 : 5); i++) {
                tally.add(item("WS#big#0" + shard, "P#" + i, "y"));
            }
        }
        for (int t = 0; t < 10; t++) {
            tally.add(item("WS#t" + t, "META", ""));
        }
        return tally;
    }

    @Test
    void partitionsComeLargestFirstWithTheirShareAndSizesByDynamoDbsRules() {
        PartitionTally tally = tally(List.of());
        PartitionReport report = PartitionReport.of("t", tally, null, null);

        assertEquals(100 + 25 + 10, report.items());
        assertEquals(15, report.partitions().size());
        Partition huge = report.partitions().get(0);
        assertEquals(s("WS#huge"), huge.partitionKey());
        assertEquals(100, huge.items());
        long hugeBytes = 0;
        for (int i = 0; i < 100; i++) {
            hugeBytes += ItemSize.of(item("WS#huge", "P#" + i, "x".repeat(50)));
        }
        assertEquals(hugeBytes, huge.bytes());
        assertEquals((double) hugeBytes / report.bytes(), huge.share(), 1e-12);
        assertEquals(100, huge.writeUnits(), "each item under 1 KB costs one write unit");
        assertEquals(s("WS#big#03"), report.partitions().get(1).partitionKey());
        assertEquals(List.of(huge), report.top(1));
        assertFalse(report.sampled());
        assertEquals(List.of(), report.collectionLimits(), "no LSI, no limit");
    }

    @Test
    void skewIsTheLargestOverTheMedianAndTheTopPercentsShare() {
        PartitionReport report = PartitionReport.of("t", tally(List.of()), null, null);
        List<Partition> all = report.partitions();
        double median = all.get(7).bytes();

        assertEquals(all.get(0).bytes(), report.skew().largestBytes());
        assertEquals(median, report.skew().medianBytes(), 0);
        assertEquals(all.get(0).bytes() / median, report.skew().largestToMedian(), 1e-9);
        assertEquals(1, report.skew().topPercentCount(), "1% of 15 partitions rounds up to one");
        assertEquals(all.get(0).share(), report.skew().topPercentShare(), 1e-12);
    }

    @Test
    void theDistributionCountsPartitionsByPowerOfTwoSizeClass() {
        PartitionReport report = PartitionReport.of("t", tally(List.of()), null, null);

        int partitions = 0;
        long bytes = 0;
        for (PartitionReport.SizeClass c : report.distribution()) {
            assertEquals(c.fromBytes() == 0 ? 2 : c.fromBytes() * 2, c.toBytes());
            partitions += c.partitions();
            bytes += c.bytes();
        }
        assertEquals(15, partitions);
        assertEquals(report.bytes(), bytes);
        PartitionReport.SizeClass last =
                report.distribution().get(report.distribution().size() - 1);
        assertEquals(1, last.partitions(), "WS#huge alone in the largest class");
        assertTrue(last.fromBytes() <= report.partitions().get(0).bytes());
    }

    @Test
    void shardsRecognisedByTheirShapeShowTheirBalance() {
        PartitionReport report = PartitionReport.of("t", tally(List.of()), null, null);

        assertEquals(1, report.shardGroups().size(), "WS#t0..t9 are not numbered shards");
        ShardBalance big = report.shardGroups().get(0);
        assertEquals("WS#big#{01..04}", big.key().text());
        assertEquals(PartitionReport.KEY_SHAPE, big.source());
        assertEquals(25, big.items());
        assertEquals(
                List.of(5L, 5L, 10L, 5L), big.shards().stream().map(Partition::items).toList());
        double mean = big.bytes() / 4.0;
        assertEquals(big.shards().get(2).bytes() / mean, big.largestToMean(), 1e-9);
        assertEquals(0, big.emptyShards());
    }

    @Test
    void aModelsShardGroupNamesItsShardsAndCountsTheEmptyOnes() {
        TableModel model =
                ShardedModels.withShardGroup(KEYS, "tenant shards", "WS#{tenant}#{shard:01..06}");
        PartitionReport report = PartitionReport.of("t", tally(List.of()), null, model);

        ShardBalance big = report.shardGroups().get(0);
        assertEquals("tenant shards", big.source());
        assertEquals("WS#big#{shard:01..06}", big.key().text());
        assertEquals(6, big.shards().size());
        assertEquals(2, big.emptyShards());
    }

    @Test
    void withAnLsiEachCollectionCountsItsIndexEntriesAgainstTenGigabytes() {
        SecondaryIndex byPayload =
                new SecondaryIndex(
                        "byPayload", false, KeySchema.of("pk", "payload"), "KEYS_ONLY", List.of());
        PartitionTally tally = tally(List.of(byPayload));
        PartitionReport report = PartitionReport.of("t", tally, null, null);

        PartitionReport.CollectionLimit huge = report.collectionLimits().get(0);
        assertEquals(s("WS#huge"), huge.partitionKey());
        Item one = item("WS#huge", "P#1", "x".repeat(50));
        long entry =
                IndexEntries.ENTRY_OVERHEAD_BYTES
                        + ItemSize.ofAttribute("pk", s("WS#huge"))
                        + ItemSize.ofAttribute("sk", s("P#1"))
                        + ItemSize.ofAttribute("payload", s("x".repeat(50)));
        assertEquals(entry, IndexEntries.bytes(byPayload, one, KEYS));
        long expected = 0;
        for (int i = 0; i < 100; i++) {
            Item item = item("WS#huge", "P#" + i, "x".repeat(50));
            expected += ItemSize.of(item) + IndexEntries.bytes(byPayload, item, KEYS);
        }
        assertEquals(expected, huge.bytes(), "the items plus their index entries");
        assertEquals(expected, report.partitions().get(0).collectionBytes());
        assertEquals(
                (double) expected / PartitionReport.COLLECTION_LIMIT_BYTES,
                huge.shareOfLimit(),
                1e-15);
        Item withoutIndexKey = Item.of(Map.of("pk", s("WS#huge"), "sk", s("P#x")));
        assertEquals(
                0, IndexEntries.bytes(byPayload, withoutIndexKey, KEYS), "a sparse index skips it");
        assertEquals(LimitLevel.OK, huge.level());
        assertEquals(LimitLevel.OK, PartitionReport.level(0.49));
        assertEquals(LimitLevel.WARNING, PartitionReport.level(0.5));
        assertEquals(LimitLevel.CRITICAL, PartitionReport.level(0.8));
    }

    @Test
    void aSampledReportScalesItsTotalsAndKeepsItsPartitionsExact() {
        PartitionTally tally = tally(List.of());
        SampleEstimate sample =
                SampleEstimate.of(4, new long[] {tally.items(), 0}, new long[] {tally.bytes(), 0});
        PartitionReport report = PartitionReport.of("t", tally, sample, null);

        assertTrue(report.sampled());
        assertEquals(2 * tally.items(), report.items());
        assertEquals(100, report.partitions().get(0).items());
        assertEquals(
                (double) report.partitions().get(0).bytes() / (2 * tally.bytes()),
                report.partitions().get(0).share(),
                1e-12);
    }
}

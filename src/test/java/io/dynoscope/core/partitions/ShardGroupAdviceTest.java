package io.dynoscope.core.partitions;

import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.partitions.PartitionReport.Partition;
import io.dynoscope.core.partitions.PartitionReport.ShardBalance;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The advice for a key already sharded, as the sample's WS#big#01..10 is. */
class ShardGroupAdviceTest {

    /** Ten shards of 400 items, 55,000 bytes; the fullest ({@code #07}) 10% fuller. */
    private static ShardBalance big(double fullestFactor) {
        List<Partition> shards = new ArrayList<>();
        long bytes = 0;
        long largest = 0;
        for (int i = 1; i <= 10; i++) {
            long b = i == 7 ? (long) (55_000 * fullestFactor) : 55_000;
            shards.add(new Partition(s(String.format("WS#big#%02d", i)), 400, b, 400, b, 0.02));
            bytes += b;
            largest = Math.max(largest, b);
        }
        return new ShardBalance(
                ShardedKey.parse("WS#big#{01..10}"),
                "key shape",
                shards,
                4_000,
                bytes,
                largest / (bytes / 10.0),
                0);
    }

    @Test
    void twoThousandFiveHundredWritesOverTenShardsNeedNoMore() {
        ShardGroupAdvice advice =
                ShardingAdvisor.adviseGroup(big(1.0), new Traffic(0, 2_500), false, 0);

        assertEquals(10, advice.currentShards());
        assertEquals(250, advice.writesPerShard(), 1e-9, "2,500 / 10 shards");
        assertEquals(250, advice.writesOnFullest(), 1e-9, "an even group");
        assertEquals(4, advice.shardsForWrites(), "2,500 / 800 = 3.1: fewer than it has");
        assertEquals(10, advice.shards(), "never advises fewer shards than the group has");
        assertFalse(advice.needed());
        assertTrue(advice.newKey().isEmpty(), "no new key: it would collide with the shards");
        String text = advice.text();
        assertTrue(text.startsWith("WS#big is already sharded: 10 shards (WS#big#{01..10})"), text);
        assertTrue(text.contains("writes: 2,500 units/s combined; 250 per shard"), text);
        assertTrue(text.contains("(25% of 1,000 per partition)"), text);
        assertTrue(text.contains("No more shards needed"), text);
        assertFalse(text.contains("WS#big#{01..04}"), text);
    }

    @Test
    void aFullerShardCarriesMoreThanTheMeanAndCanCallForMoreShards() {
        // #07 holds 1.43x the mean shard's bytes, so 1.43x the mean shard's traffic
        ShardBalance uneven = big(1.5);
        ShardGroupAdvice advice =
                ShardingAdvisor.adviseGroup(uneven, new Traffic(30_000, 7_500), false, 0);

        double fullestShare = 82_500.0 / (9 * 55_000 + 82_500);
        assertEquals(750, advice.writesPerShard(), 1e-9);
        assertEquals(7_500 * fullestShare, advice.writesOnFullest(), 1e-6);
        // 7,500 x (1.4286 skew) / 800 = 13.4 -> 14
        assertEquals(14, advice.shardsForWrites());
        // 30,000 x 1.4286 / 2,400 = 17.9 -> 18
        assertEquals(18, advice.shardsForReads());
        assertEquals(18, advice.shards());
        assertTrue(advice.needed());
        assertEquals("WS#big#{01..18}", advice.newKey().orElseThrow().text());
        String text = advice.text();
        assertTrue(text.contains("More shards needed: 18 (now 10)"), text);
        assertTrue(text.contains("To move to WS#big#{01..18}: readers fan out over all 18"), text);
        assertTrue(text.contains("at most 4,000 items, 8,000 write units"), text);
    }

    @Test
    void aChosenSmallerCountSaysWhatMovesOffTheDroppedShards() {
        ShardGroupAdvice advice =
                ShardingAdvisor.adviseGroup(big(1.0), new Traffic(0, 100), false, 8);

        assertEquals("WS#big#{01..08}", advice.newKey().orElseThrow().text());
        assertTrue(advice.text().contains("move the 800 items of shards 9..10"), advice.text());
    }

    @Test
    void aNamedRangeKeepsItsName() {
        ShardBalance group = big(1.0);
        ShardBalance named =
                new ShardBalance(
                        ShardedKey.parse("WS#big#{shard:01..10}"),
                        "tenants",
                        group.shards(),
                        group.items(),
                        group.bytes(),
                        group.largestToMean(),
                        0);
        ShardGroupAdvice advice =
                ShardingAdvisor.adviseGroup(named, new Traffic(0, 12_000), false, 0);
        assertEquals("WS#big#{shard:01..15}", advice.newKey().orElseThrow().text());
    }
}

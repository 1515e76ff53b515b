package io.dynoscope.core.partitions;

import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.partitions.PartitionReport.Partition;
import org.junit.jupiter.api.Test;

class ShardingAdvisorTest {

    private static final long GB = 1024L * 1024 * 1024;

    private static Partition partition(long items, long bytes, long writeUnits, long collection) {
        return new Partition(s("WS#huge"), items, bytes, writeUnits, collection, 0.5);
    }

    @Test
    void anLsiCollectionOfSevenGigabytesNeedsTwoShardsUnderFive() {
        ShardingAdvice advice =
                ShardingAdvisor.advise(
                        partition(7_000_000, 7 * GB, 7_340_032, 7 * GB + GB / 2),
                        Traffic.unknown(),
                        true,
                        0);

        assertEquals(2, advice.shardsForSize());
        assertEquals(1, advice.shardsForReads());
        assertEquals(2, advice.shards());
        assertTrue(advice.needed());
        assertEquals("WS#huge#{01..02}", advice.newKey().orElseThrow().text());
        assertEquals(7_000_000, advice.itemsToRewrite());
        assertEquals(2 * 7_340_032, advice.migrationWriteUnits(), "write the new, delete the old");
        assertEquals((7 * GB / 4096 + 1) / 2, advice.migrationReadUnits());
        assertTrue(advice.reasons().get(0).contains("2 shards keep each under 5 GB"));
    }

    @Test
    void trafficOverThePerPartitionLimitsSetsTheCount() {
        ShardingAdvice advice =
                ShardingAdvisor.advise(
                        partition(10, 10_000, 10, 10_000), new Traffic(9_000, 2_500), false, 0);

        assertEquals(1, advice.shardsForSize(), "no LSI: size has no limit");
        assertEquals(4, advice.shardsForReads(), "9,000 / (80% of 3,000) = 3.75");
        assertEquals(4, advice.shardsForWrites(), "2,500 / (80% of 1,000) = 3.1");
        assertEquals(4, advice.shards());
        assertEquals("WS#huge#{01..04}", advice.newKey().orElseThrow().text());
        assertTrue(advice.reasons().get(1).startsWith("reads: 9,000 units/s"));
    }

    @Test
    void withinEveryLimitNoShardingIsAdvisedButACountCanBeAskedFor() {
        Partition small = partition(100, 100_000, 100, 100_000);
        ShardingAdvice none = ShardingAdvisor.advise(small, new Traffic(100, 10), true, 0);
        assertFalse(none.needed());
        assertEquals(1, none.shards());
        assertTrue(none.newKey().isEmpty());

        ShardingAdvice asked = ShardingAdvisor.advise(small, Traffic.unknown(), false, 120);
        assertEquals("WS#huge#{001..120}", asked.newKey().orElseThrow().text());
        assertFalse(asked.needed());
    }

    @Test
    void onlyAStringKeyTakesASuffix() {
        assertThrows(IllegalArgumentException.class, () -> ShardingAdvisor.shardedKey(n(5), 4));
    }
}

package io.dynoscope.core.migration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The time of a job on N executors: the desktop's rate each, the table's capacity at most. */
class ClusterEstimateTest {

    @Test
    void aBillionItemsOnDemandScaleWithExecutorsUntilTheTableLimit() {
        ClusterEstimate estimate = ClusterEstimate.of(1_000_000_000L, 0, 1);

        assertEquals(Duration.ofMillis(909_090_909), estimate.time(1));
        assertEquals(Duration.ofMillis(90_909_091), estimate.time(10));
        assertEquals(Duration.ofSeconds(25_000), estimate.time(100), "40,000 WCU at most");
        assertFalse(estimate.capacityBound(10));
        assertTrue(estimate.capacityBound(100));
        assertTrue(estimate.recommendsCluster());
        assertEquals(
                List.of(
                        "  1 executor: about 252.5 h (1,100 items/s)",
                        "  10 executors: about 25.3 h (11,000 items/s)",
                        "  100 executors: about 6.9 h (40,000 items/s, the table's write capacity"
                                + " sets the pace)",
                        "  time = items / min(executors x 1,100 items/s, 40,000 items/s the"
                                + " table's write capacity takes)",
                        "  the desktop would take 252.5 h, more than an hour: run it on a cluster"
                                + " (job submit)"),
                estimate.lines(List.of(1, 10, 100)));
    }

    @Test
    void aProvisionedTablesCapacityBoundsEveryExecutorCount() {
        ClusterEstimate estimate = ClusterEstimate.of(1_000_000, 500, 2);

        assertEquals(Duration.ofSeconds(4_000), estimate.time(1), "250 items of 2 WCU a second");
        assertEquals(estimate.time(1), estimate.time(100));
        assertTrue(estimate.capacityBound(1));
    }

    @Test
    void aSmallTableStaysOnTheDesktop() {
        ClusterEstimate estimate = ClusterEstimate.of(3_000, 0, 1);

        assertFalse(estimate.recommendsCluster());
        assertEquals(
                "  the desktop takes 2 s: no cluster needed (model migrate, drift fix)",
                estimate.lines(List.of(1)).get(2));
    }
}

package io.dynoscope.core.partitions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class SampleEstimateTest {

    @Test
    void readingEverySegmentIsExact() {
        SampleEstimate all =
                SampleEstimate.of(3, new long[] {10, 20, 30}, new long[] {100, 200, 300});
        assertEquals(60, all.items());
        assertEquals(0, all.itemsError());
        assertEquals(600, all.bytes());
        assertEquals(0, all.bytesError());
        assertEquals(all.totalSegments(), all.segmentsRead());
    }

    @Test
    void theTotalIsScaledUpWithTheSpreadOfTheSegments() {
        SampleEstimate sample =
                SampleEstimate.of(10, new long[] {10, 20, 30, 40}, new long[] {1, 2, 3, 4});
        assertEquals(250, sample.items(), "mean 25 over 10 segments");
        double variance = (15 * 15 + 5 * 5 + 5 * 5 + 15 * 15) / 3.0;
        double bound = 1.96 * 10 * Math.sqrt((1 - 0.4) * variance / 4);
        assertEquals(Math.round(bound), sample.itemsError());
        assertEquals(100, sample.itemsRead());
    }

    @Test
    void theBoundHoldsTheTrueTotalMostOfTheTime() {
        Random random = new Random(12);
        long[] segments = new long[200];
        long truth = 0;
        for (int i = 0; i < segments.length; i++) {
            segments[i] = 50 + random.nextInt(100);
            truth += segments[i];
        }
        int covered = 0;
        int trials = 400;
        for (int t = 0; t < trials; t++) {
            long[] chosen = new long[20];
            int[] order = random.ints(0, segments.length).distinct().limit(20).toArray();
            for (int i = 0; i < chosen.length; i++) {
                chosen[i] = segments[order[i]];
            }
            SampleEstimate estimate = SampleEstimate.of(segments.length, chosen, chosen);
            if (Math.abs(estimate.items() - truth) <= estimate.itemsError()) {
                covered++;
            }
        }
        assertTrue(covered > trials * 0.9, covered + " of " + trials + " bounds held the total");
    }

    @Test
    void aSampleReadsAtLeastOneSegment() {
        assertThrows(
                IllegalArgumentException.class,
                () -> SampleEstimate.of(4, new long[0], new long[0]));
        SampleEstimate one = SampleEstimate.of(4, new long[] {7}, new long[] {70});
        assertEquals(28, one.items());
        assertEquals(28, one.itemsError(), "one segment says nothing of the spread");
    }
}

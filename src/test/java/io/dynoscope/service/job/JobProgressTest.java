package io.dynoscope.service.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.table.Prices;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A job's progress: its line and file read back, its cost by the one price list. */
class JobProgressTest {

    private final JobProgress progress =
            new JobProgress("migrate backfill", "segments", 3, 12, 1_200, 1_180, 150, 1_180);

    @Test
    void theLineAndTheFileReadBackAsTheSameCounts() {
        assertEquals(Optional.of(progress), JobProgress.parse(progress.line()));
        assertEquals(progress, JobProgress.read(progress.json()));
        assertEquals(Optional.empty(), JobProgress.parse("backfill: 3 of 12 segments"));
    }

    @Test
    void theCostIsTheUnitsAtOnDemandPrices() {
        double expected =
                150 / 1e6 * Prices.ON_DEMAND_READ_PER_MILLION
                        + 1_180 / 1e6 * Prices.ON_DEMAND_WRITE_PER_MILLION;
        assertEquals(expected, progress.cost(), 1e-12);
        String text = progress.text();
        assertTrue(
                text.startsWith(
                        "migrate backfill: 3 of 12 segments · 1,200 items read · 1,180 written ·"
                                + " 150.0 read units, 1,180.0 write units ≈ $0.000756"),
                text);
    }

    @Test
    void aScanReadsHalfAUnitPerStartedFourKilobytes() {
        assertEquals(0, JobProgress.scanReadUnits(0));
        assertEquals(0.5, JobProgress.scanReadUnits(1));
        assertEquals(0.5, JobProgress.scanReadUnits(4096));
        assertEquals(1.0, JobProgress.scanReadUnits(4097));
    }
}

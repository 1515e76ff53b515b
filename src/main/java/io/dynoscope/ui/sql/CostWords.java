package io.dynoscope.ui.sql;

import static io.dynoscope.ui.common.ReadWords.count;
import static io.dynoscope.ui.common.ReadWords.units;

import io.dynoscope.core.table.ReadStatistics;
import java.util.ArrayList;
import java.util.List;

/**
 * A statement's cost in a person's words ("20 rows · 1 request · 0.5 read units · 21 items read ·
 * 12 ms") and, for a tooltip or a details line, in the exact figures the CLI prints.
 */
final class CostWords {

    private CostWords() {}

    /** The result line: rows, requests, read capacity, items read, time. */
    static String result(long rows, ReadStatistics cost, long millis, boolean cancelled) {
        return String.join(" · ", count(rows, "row", "rows"), reads(cost), millis + " ms")
                + (cancelled ? " · stopped before the end" : "");
    }

    /**
     * Requests, read capacity and items read, e.g. "1 request · 0.5 read units · 21 items read".
     */
    static String reads(ReadStatistics cost) {
        List<String> parts = new ArrayList<>();
        parts.add(count(cost.requests(), "request", "requests"));
        parts.add(units(cost.consumedCapacity()));
        parts.add(count(cost.scannedCount(), "item read", "items read"));
        if (cost.returnedCount() != cost.scannedCount()) {
            parts.add(cost.returnedCount() + " kept by the filter");
        }
        return String.join(" · ", parts);
    }

    /** The exact figures: {@code requests=1 consumed=0.5 scanned=21 returned=21 rows=20 12 ms}. */
    static String exact(long rows, ReadStatistics cost, long millis) {
        return cost.summary() + " rows=" + rows + " elapsed=" + millis + " ms";
    }
}

package io.dynoscope.service.sql;

import java.util.List;
import java.util.Locale;

/**
 * What a statement that must Scan would read, said before it runs: each table or index scanned, its
 * size and the read capacity a full Scan costs (eventually consistent: half a unit per 4 KB).
 */
public record ScanWarning(List<ScannedTable> tables) {

    public ScanWarning {
        tables = List.copyOf(tables);
    }

    /** One Scan of a statement. */
    public record ScannedTable(String table, String reason, long itemCount, long sizeBytes) {

        /** The read capacity units a Scan of every item costs: 0.5 per 4 KB read. */
        public double estimatedReadUnits() {
            return Math.ceil(sizeBytes / 4096.0) * 0.5;
        }

        public String describe() {
            return String.format(
                    Locale.ROOT,
                    "Scan of %s: %,d items, %,d bytes, about %.1f RCU (%s)",
                    table,
                    itemCount,
                    sizeBytes,
                    estimatedReadUnits(),
                    reason);
        }
    }

    /** One line per Scan. */
    public String describe() {
        return String.join(
                System.lineSeparator(), tables.stream().map(ScannedTable::describe).toList());
    }
}

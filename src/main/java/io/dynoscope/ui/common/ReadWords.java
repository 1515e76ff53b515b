package io.dynoscope.ui.common;

import io.dynoscope.core.item.ValueText;
import io.dynoscope.core.table.ReadStatistics;
import java.util.Locale;

/**
 * What reads did, said for people ("Read 250 items in 3 requests, 12.5 read units") and, for a
 * tooltip or a details line, with every exact figure.
 */
public final class ReadWords {
    private ReadWords() {}

    /** The reads in a sentence; items examined but filtered out are said when there were some. */
    public static String of(ReadStatistics reads) {
        StringBuilder text =
                new StringBuilder("Read ").append(count(reads.returnedCount(), "item", "items"));
        if (reads.scannedCount() != reads.returnedCount()) {
            text.append(" (")
                    .append(String.format(Locale.ROOT, "%,d", reads.scannedCount()))
                    .append(" examined)");
        }
        return text.append(" in ")
                .append(count(reads.requests(), "request", "requests"))
                .append(", ")
                .append(units(reads.consumedCapacity()))
                .toString();
    }

    /** Every figure: requests, capacity, scanned and returned items, time. */
    public static String figures(ReadStatistics reads) {
        return String.format(
                Locale.ROOT,
                "%s · %s RCU consumed · %,d scanned · %,d returned · %d ms",
                count(reads.requests(), "request", "requests"),
                ValueText.capacityUnits(reads.consumedCapacity()),
                reads.scannedCount(),
                reads.returnedCount(),
                reads.elapsed().toMillis());
    }

    /** Capacity in words: "1 read unit", "12.5 read units". */
    public static String units(double readUnits) {
        return ValueText.capacityUnits(readUnits) + (readUnits == 1 ? " read unit" : " read units");
    }

    /** A count with its noun: "1 request", "1,200 items". */
    public static String count(long n, String one, String many) {
        return String.format(Locale.ROOT, "%,d %s", n, n == 1 ? one : many);
    }
}

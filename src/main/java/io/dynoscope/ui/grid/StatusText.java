package io.dynoscope.ui.grid;

import io.dynoscope.core.item.ValueText;
import io.dynoscope.core.table.ReadStatistics;
import java.util.Locale;

/**
 * The status bar's account of a read ("Last read: " requests, capacity, scanned vs returned, time)
 * and of what a tab holds ("Loaded: " items, and what all its requests cost): each says what it
 * counts, so the two are not taken for one another.
 */
final class StatusText {
    private StatusText() {}

    /**
     * @param readAhead items a fan-out read but holds for Load more: returned, not yet loaded, so
     *     that the returned count and the items loaded agree
     */
    static String of(ReadStatistics s, boolean cancelled, boolean moreAvailable, long readAhead) {
        return of("Last read", s, cancelled, moreAvailable, readAhead);
    }

    /** A read named by {@code what}: {@code Drift detection: 5 requests · 600.5 RCU · …}. */
    static String of(
            String what,
            ReadStatistics s,
            boolean cancelled,
            boolean moreAvailable,
            long readAhead) {
        StringBuilder text = new StringBuilder(what).append(": ");
        text.append(s.requests()).append(s.requests() == 1 ? " request" : " requests");
        text.append(" · ").append(capacity(s.consumedCapacity())).append(" RCU");
        text.append(" · ")
                .append(
                        String.format(
                                Locale.ROOT,
                                "%,d scanned / %,d returned",
                                s.scannedCount(),
                                s.returnedCount()));
        if (readAhead > 0) {
            text.append(
                    String.format(
                            Locale.ROOT,
                            " (%,d loaded + %,d for Load more)",
                            s.returnedCount() - readAhead,
                            readAhead));
        }
        text.append(" · ").append(s.elapsed().toMillis()).append(" ms");
        if (cancelled) {
            text.append(" · cancelled");
        } else if (moreAvailable && readAhead == 0) {
            // items held for Load more already say so; short enough to fit at 1280 after a fan-out
            text.append(" · more available");
        }
        return text.toString();
    }

    /** What a tab holds and cost: {@code Loaded: 100 items · tab total: 3 requests · 1.5 RCU}. */
    static String loaded(long items, ReadStatistics tabTotals) {
        return String.format(Locale.ROOT, "Loaded: %,d items · tab total: ", items)
                + cost(tabTotals);
    }

    /** Requests and capacity only: {@code 3 requests · 1.5 RCU}. */
    private static String cost(ReadStatistics s) {
        return s.requests()
                + (s.requests() == 1 ? " request" : " requests")
                + " · "
                + capacity(s.consumedCapacity())
                + " RCU";
    }

    /** What a write cost: {@code Saved WS#acme / META · 1 WCU}. */
    static String write(String what, double units) {
        return what + " · " + capacity(units) + " WCU";
    }

    private static String capacity(double units) {
        return ValueText.capacityUnits(units);
    }
}

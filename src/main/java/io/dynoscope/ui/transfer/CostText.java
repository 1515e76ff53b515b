package io.dynoscope.ui.transfer;

import io.dynoscope.ui.common.ReadWords;
import java.util.Locale;

/**
 * Requests and capacity units as the transfer reports write them: {@code 40 requests, 1,000 WCU}.
 */
final class CostText {

    private CostText() {}

    static String of(int requests, double capacity, String unit) {
        return ReadWords.count(requests, "request", "requests")
                + ", "
                + units(capacity)
                + " "
                + unit;
    }

    static String units(double capacity) {
        return capacity == Math.rint(capacity)
                ? String.format(Locale.ROOT, "%,.0f", capacity)
                : String.format(Locale.ROOT, "%,.1f", capacity);
    }
}

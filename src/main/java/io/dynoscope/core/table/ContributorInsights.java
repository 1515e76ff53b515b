package io.dynoscope.core.table;

import java.util.List;
import java.util.Objects;

/**
 * What CloudWatch Contributor Insights says about a table's partition keys: the most accessed and
 * the most throttled over a recent window. Only AWS has it, and only for a table where it is
 * enabled; otherwise {@code status} says why there is nothing.
 *
 * @param status ENABLED, DISABLED, ENABLING, DISABLING, FAILED, or UNAVAILABLE where the connection
 *     cannot have it (a local engine)
 * @param message what to do when there is nothing, or empty
 * @param mostAccessed partition keys by capacity units consumed, most first
 * @param mostThrottled partition keys by throttled requests, most first
 */
public record ContributorInsights(
        String status,
        String message,
        List<Contributor> mostAccessed,
        List<Contributor> mostThrottled) {

    public static final String ENABLED = "ENABLED";
    public static final String UNAVAILABLE = "UNAVAILABLE";

    public ContributorInsights {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(message, "message");
        mostAccessed = List.copyOf(mostAccessed);
        mostThrottled = List.copyOf(mostThrottled);
    }

    /**
     * One partition key's part.
     *
     * @param partitionKey the key as Contributor Insights writes it (its text)
     * @param total what the rule counts over the whole window
     * @param peakPerSecond the busiest period of the window, per second
     */
    public record Contributor(String partitionKey, double total, double peakPerSecond) {}

    /** Nothing to show, and why. */
    public static ContributorInsights unavailable(String status, String message) {
        return new ContributorInsights(status, message, List.of(), List.of());
    }

    public boolean enabled() {
        return ENABLED.equals(status);
    }
}

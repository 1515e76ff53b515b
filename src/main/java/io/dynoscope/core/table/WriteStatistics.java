package io.dynoscope.core.table;

/**
 * What writes cost: requests sent (retries included), capacity consumed and items written, the
 * counterpart of {@link ReadStatistics}.
 */
public record WriteStatistics(int requests, double consumedCapacity, long written) {

    /** The CLI's status line: {@code requests=N consumed=X written=W}. */
    public String summary() {
        return "requests="
                + requests
                + " consumed="
                + ReadStatistics.formatCapacity(consumedCapacity)
                + " written="
                + written;
    }
}

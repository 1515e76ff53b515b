package io.dynoscope.core.table;

import java.time.Duration;

/**
 * What a read cost: requests sent, capacity consumed (ReturnConsumedCapacity TOTAL), items scanned
 * and returned, and wall time.
 */
public record ReadStatistics(
        int requests,
        double consumedCapacity,
        long scannedCount,
        long returnedCount,
        Duration elapsed) {

    public static final ReadStatistics NONE = new ReadStatistics(0, 0, 0, 0, Duration.ZERO);

    /** What two reads cost together (a read and its "load more", the shards of a fan-out). */
    public ReadStatistics plus(ReadStatistics other) {
        return new ReadStatistics(
                requests + other.requests,
                consumedCapacity + other.consumedCapacity,
                scannedCount + other.scannedCount,
                returnedCount + other.returnedCount,
                elapsed.plus(other.elapsed));
    }

    /** The same counts over another wall time (reads that ran side by side). */
    public ReadStatistics withElapsed(Duration wallTime) {
        return new ReadStatistics(
                requests, consumedCapacity, scannedCount, returnedCount, wallTime);
    }

    /** The CLI's status line: {@code requests=N consumed=X scanned=S returned=R}. */
    public String summary() {
        return "requests="
                + requests
                + " consumed="
                + formatCapacity(consumedCapacity)
                + " scanned="
                + scannedCount
                + " returned="
                + returnedCount;
    }

    static String formatCapacity(double capacity) {
        return capacity == Math.rint(capacity)
                ? Long.toString((long) capacity)
                : Double.toString(capacity);
    }
}

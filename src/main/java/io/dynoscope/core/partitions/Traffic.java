package io.dynoscope.core.partitions;

/**
 * The peak traffic one partition-key value sees, in capacity units per second: from CloudWatch
 * Contributor Insights, or what the user expects.
 */
public record Traffic(double readUnitsPerSecond, double writeUnitsPerSecond) {

    public Traffic {
        if (readUnitsPerSecond < 0 || writeUnitsPerSecond < 0) {
            throw new IllegalArgumentException("traffic cannot be negative");
        }
    }

    /** Nothing known about the traffic: only the size counts. */
    public static Traffic unknown() {
        return new Traffic(0, 0);
    }
}

package io.dynoscope.core.partitions;

/**
 * What a sample of a table says about the whole: a random choice of {@code segmentsRead} of {@code
 * totalSegments} parallel-scan segments, each read whole. A segment is a slice of the partition-key
 * hash space, so every partition it holds is read whole and counted exactly; the table's totals are
 * the sample's scaled up, with a 95% error bound from how much the segments differ (simple random
 * sampling of segments, with the finite-population correction).
 *
 * @param items the estimated number of items in the table
 * @param itemsError the 95% bound: the table holds {@code items ± itemsError} items
 * @param bytes the estimated size of the table
 * @param bytesError the 95% bound on {@code bytes}
 */
public record SampleEstimate(
        int segmentsRead,
        int totalSegments,
        long itemsRead,
        long bytesRead,
        long items,
        long itemsError,
        long bytes,
        long bytesError) {

    /** The normal quantile of a two-sided 95% interval. */
    private static final double Z_95 = 1.96;

    /**
     * The estimate from the items and bytes of each segment read.
     *
     * @param itemsPerSegment items found in each segment read
     * @param bytesPerSegment bytes found in each segment read, in the same order
     */
    public static SampleEstimate of(
            int totalSegments, long[] itemsPerSegment, long[] bytesPerSegment) {
        int read = itemsPerSegment.length;
        if (read == 0 || read > totalSegments || bytesPerSegment.length != read) {
            throw new IllegalArgumentException(
                    "a sample reads 1 to " + totalSegments + " segments, not " + read);
        }
        double[] items = estimate(totalSegments, itemsPerSegment);
        double[] bytes = estimate(totalSegments, bytesPerSegment);
        return new SampleEstimate(
                read,
                totalSegments,
                sum(itemsPerSegment),
                sum(bytesPerSegment),
                Math.round(items[0]),
                Math.round(items[1]),
                Math.round(bytes[0]),
                Math.round(bytes[1]));
    }

    /** {estimate, 95% error bound} of a total from the values of the segments read. */
    private static double[] estimate(int totalSegments, long[] values) {
        int read = values.length;
        double mean = (double) sum(values) / read;
        double total = totalSegments * mean;
        if (read == totalSegments) {
            return new double[] {total, 0};
        }
        if (read < 2) {
            // One segment says nothing about how segments differ: the bound is the estimate.
            return new double[] {total, total};
        }
        double squares = 0;
        for (long value : values) {
            squares += (value - mean) * (value - mean);
        }
        double variance = squares / (read - 1);
        double correction = 1 - (double) read / totalSegments;
        double standardError = totalSegments * Math.sqrt(correction * variance / read);
        return new double[] {total, Z_95 * standardError};
    }

    private static long sum(long[] values) {
        long sum = 0;
        for (long value : values) {
            sum += value;
        }
        return sum;
    }
}

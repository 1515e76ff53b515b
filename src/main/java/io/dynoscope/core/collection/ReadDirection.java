package io.dynoscope.core.collection;

/** The direction a read walked the sort key in, which is the order children are shown in. */
public enum ReadDirection {
    /** Sort-key order, as a Scan and a default Query return it. */
    ASCENDING,
    /**
     * Reverse sort-key order ("newest first" for time-ordered ids): a Query with
     * ScanIndexForward=false.
     */
    DESCENDING;

    /** The direction of a Query with the given {@code ScanIndexForward}. */
    public static ReadDirection ofScanIndexForward(boolean scanIndexForward) {
        return scanIndexForward ? ASCENDING : DESCENDING;
    }
}

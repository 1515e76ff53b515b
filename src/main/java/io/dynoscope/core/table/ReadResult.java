package io.dynoscope.core.table;

import io.dynoscope.core.item.Key;

/**
 * How a read ended.
 *
 * @param statistics requests, capacity, scanned and returned counts
 * @param resumeKey where to continue ("load more"), or null when the read reached the end
 * @param cancelled true when the caller cancelled or the listener asked to stop before the end, and
 *     when a parallel Scan stopped at its limit (it has no single key to resume from)
 */
public record ReadResult(ReadStatistics statistics, Key resumeKey, boolean cancelled) {
    public boolean complete() {
        return resumeKey == null && !cancelled;
    }
}

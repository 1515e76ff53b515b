package io.dynoscope.service.drift;

import io.dynoscope.core.drift.PropagationPlan.PlannedWrite;
import io.dynoscope.core.item.AttributeValue;
import java.time.Duration;
import java.util.List;

/**
 * What a propagation did with each planned write.
 *
 * @param updated written: the copy now holds the source's value
 * @param alreadyCurrent not written because the copy already held the new value (an earlier run, or
 *     someone else, fixed it)
 * @param changedElsewhere not written because the copy (or its item) changed since detection; left
 *     alone
 * @param failed not written because the request failed, with why
 * @param notAttempted not tried because the run was cancelled or stopped; a later run can finish
 *     them
 * @param stoppedBy why the run stopped before the end (a failure no later write could avoid), or
 *     null
 * @param writeRequests UpdateItem requests sent, retries included
 * @param consumedCapacity write and read capacity units consumed
 */
public record PropagationReport(
        List<PlannedWrite> updated,
        List<PlannedWrite> alreadyCurrent,
        List<ChangedElsewhere> changedElsewhere,
        List<Failed> failed,
        List<PlannedWrite> notAttempted,
        boolean cancelled,
        String stoppedBy,
        int writeRequests,
        double consumedCapacity,
        Duration elapsed) {

    public PropagationReport {
        updated = List.copyOf(updated);
        alreadyCurrent = List.copyOf(alreadyCurrent);
        changedElsewhere = List.copyOf(changedElsewhere);
        failed = List.copyOf(failed);
        notAttempted = List.copyOf(notAttempted);
    }

    /**
     * A copy someone changed between detection and propagation.
     *
     * @param currentValue the copy's value now, or null when the attribute or the whole item is
     *     gone
     * @param itemDeleted whether the item no longer exists
     */
    public record ChangedElsewhere(
            PlannedWrite write, AttributeValue currentValue, boolean itemDeleted) {}

    /** A write that failed, and the service's or connection's reason. */
    public record Failed(PlannedWrite write, String why) {}

    /**
     * One line per outcome count, e.g. {@code updated=3 already-current=1 changed-elsewhere=0
     * failed=0 not-attempted=0}.
     */
    public String summary() {
        return "updated="
                + updated.size()
                + " already-current="
                + alreadyCurrent.size()
                + " changed-elsewhere="
                + changedElsewhere.size()
                + " failed="
                + failed.size()
                + " not-attempted="
                + notAttempted.size();
    }
}

package io.dynoscope.cli;

import io.dynoscope.core.drift.PropagationPlan;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.service.drift.PropagationReport;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code dynoscope drift fix} prints for a propagation, one line per copy and a summary: the
 * desktop's report, which the drift-fix job writes too.
 */
public final class DriftFixLines {

    private DriftFixLines() {}

    /** The dry run's lines: each planned write, then how many. */
    public static List<String> plan(PropagationPlan plan) {
        List<String> lines = new ArrayList<>(plan.describe());
        lines.add(plan.size() + " writes planned (dry run: nothing written)");
        return lines;
    }

    /** The report's lines: updated, already current, changed elsewhere, failed, the summary. */
    public static List<String> report(PropagationReport report) {
        List<String> lines = new ArrayList<>();
        for (PropagationPlan.PlannedWrite write : report.updated()) {
            lines.add("updated " + PropagationPlan.describe(write));
        }
        for (PropagationPlan.PlannedWrite write : report.alreadyCurrent()) {
            lines.add("already-current " + write.copy().text() + "  " + write.path());
        }
        for (PropagationReport.ChangedElsewhere changed : report.changedElsewhere()) {
            PropagationPlan.PlannedWrite write = changed.write();
            lines.add(
                    "changed-elsewhere "
                            + write.copy().text()
                            + "  "
                            + write.path()
                            + ": "
                            + (changed.itemDeleted()
                                    ? "the item was deleted"
                                    : changed.currentValue() == null
                                            ? "the attribute was removed"
                                            : "now "
                                                    + ItemJson.DYNAMODB.write(
                                                            changed.currentValue()))
                            + " (left alone)");
        }
        for (PropagationReport.Failed failed : report.failed()) {
            lines.add(
                    "failed "
                            + failed.write().copy().text()
                            + "  "
                            + failed.write().path()
                            + ": "
                            + failed.why());
        }
        if (report.stoppedBy() != null) {
            lines.add("stopped: " + report.stoppedBy());
        }
        lines.add(report.summary() + " writes=" + report.writeRequests());
        return lines;
    }
}

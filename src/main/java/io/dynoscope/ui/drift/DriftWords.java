package io.dynoscope.ui.drift;

import io.dynoscope.core.drift.PropagationPlan.PlannedWrite;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.ValueText;
import io.dynoscope.service.drift.PropagationReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The drift inspector's results as people read them: values as the grid shows them (a string in
 * quotes, a number with every digit), never DynamoDB JSON, and counts in sentences; the exact
 * figures go to a tooltip.
 */
final class DriftWords {
    private DriftWords() {}

    /** A value as people read it: a string in quotes, anything else as the grid shows it. */
    static String value(AttributeValue value) {
        if (value == null) {
            return "(none)";
        }
        return value instanceof AttributeValue.Str s
                ? "“" + s.value() + "”"
                : ValueText.of(value) + " (" + value.type() + ")";
    }

    /** A planned write: the copy, the attribute, its stale value and the value it will get. */
    static String write(PlannedWrite write) {
        return write.copy().text()
                + " · "
                + write.path()
                + ": "
                + value(write.oldValue())
                + " → "
                + value(write.newValue());
    }

    /** The propagation's report, a line per copy saying what happened to it. */
    static List<String> reportLines(PropagationReport done) {
        List<String> lines = new ArrayList<>();
        done.updated().forEach(w -> lines.add("Updated " + write(w)));
        done.alreadyCurrent()
                .forEach(
                        w ->
                                lines.add(
                                        "Already current, not written: "
                                                + w.copy().text()
                                                + " · "
                                                + w.path()));
        for (PropagationReport.ChangedElsewhere c : done.changedElsewhere()) {
            String now =
                    c.itemDeleted()
                            ? "the item was deleted"
                            : c.currentValue() == null
                                    ? "the attribute was removed"
                                    : "it now holds " + value(c.currentValue());
            lines.add(
                    "Left alone, someone changed it since the preview ("
                            + now
                            + "): "
                            + c.write().copy().text()
                            + " · "
                            + c.write().path());
        }
        done.failed()
                .forEach(
                        f ->
                                lines.add(
                                        "Failed: "
                                                + f.write().copy().text()
                                                + " · "
                                                + f.write().path()
                                                + ": "
                                                + f.why()));
        done.notAttempted()
                .forEach(
                        w ->
                                lines.add(
                                        "Not sent (stopped before it): "
                                                + w.copy().text()
                                                + " · "
                                                + w.path()));
        return lines;
    }

    /** The propagation in a sentence or two: what was fixed, and anything that was not. */
    static String summary(PropagationReport done) {
        StringBuilder text = new StringBuilder();
        if (done.cancelled()) {
            text.append("Stopped. ");
        }
        text.append(
                done.updated().isEmpty()
                        ? "No copy needed writing"
                        : "Fixed " + copies(done.updated().size()));
        List<String> others = new ArrayList<>();
        if (!done.alreadyCurrent().isEmpty()) {
            others.add(copies(done.alreadyCurrent().size()) + " already current");
        }
        if (!done.changedElsewhere().isEmpty()) {
            others.add(
                    copies(done.changedElsewhere().size())
                            + " changed by someone else since the preview, left alone");
        }
        if (!done.failed().isEmpty()) {
            others.add(copies(done.failed().size()) + " failed");
        }
        if (!done.notAttempted().isEmpty()) {
            others.add(copies(done.notAttempted().size()) + " not sent");
        }
        if (!others.isEmpty()) {
            text.append("; ").append(String.join("; ", others));
        }
        return text.append('.').toString();
    }

    /** Every figure of the propagation, for the tooltip. */
    static String figures(PropagationReport done) {
        return String.format(
                Locale.ROOT,
                "%d updated · %d already current · %d changed elsewhere · %d failed · %d not sent"
                        + " · %d write requests · %s WCU consumed · %d ms",
                done.updated().size(),
                done.alreadyCurrent().size(),
                done.changedElsewhere().size(),
                done.failed().size(),
                done.notAttempted().size(),
                done.writeRequests(),
                ValueText.capacityUnits(done.consumedCapacity()),
                done.elapsed().toMillis());
    }

    /** What detection found, in a sentence. */
    static String found(int drifted, int copies, boolean complete) {
        String text =
                drifted == 0
                        ? "No copy has drifted: all " + copies(copies) + " match their source."
                        : drifted
                                + " of "
                                + copies(copies)
                                + (drifted == 1 ? " has" : " have")
                                + " drifted from their source.";
        return complete ? text : "Stopped before the end; so far: " + text;
    }

    private static String copies(int n) {
        return String.format(Locale.ROOT, "%,d %s", n, n == 1 ? "copy" : "copies");
    }
}

package io.dynoscope.ui.transfer;

import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.transfer.CloneService;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.CapacityFields;
import io.dynoscope.ui.common.ErrorMessages;
import io.dynoscope.ui.common.TaskState;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Clone a table to another connection (or another name on this one): pick the target among the
 * sidebar's connections, see the CreateTable request it will get, then copy schema, indexes and
 * items with progress, and read the final count check and what it cost on each side.
 */
public final class CloneViewModel {

    private final String table;
    private final ConnectionServices source;
    private final BackgroundWork work;

    private final ObservableList<CloneTarget> targets = FXCollections.observableArrayList();
    private final ObjectProperty<CloneTarget> target = new SimpleObjectProperty<>();
    private final StringProperty targetTable;
    private final IntegerProperty segments = new SimpleIntegerProperty(4);
    private final IntegerProperty concurrency = new SimpleIntegerProperty(4);
    private final CapacityFields capacity = new CapacityFields();

    private final ReadOnlyStringWrapper requestText = new ReadOnlyStringWrapper("");
    private final TaskState task = new TaskState();
    private final ReadOnlyStringWrapper report = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<CloneService.Report> result = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper targetReadOnly = new ReadOnlyStringWrapper("");
    private final BooleanBinding canClone;

    private long sourceItems;

    /**
     * @param source the services of the table's own connection (not closed here)
     * @param targets the connections it can be cloned to, the first chosen
     */
    public CloneViewModel(
            String table,
            ConnectionServices source,
            List<CloneTarget> targets,
            BackgroundWork work) {
        this.table = Objects.requireNonNull(table, "table");
        this.source = Objects.requireNonNull(source, "source");
        this.work = Objects.requireNonNull(work, "work");
        this.targetTable = new SimpleStringProperty(table);
        this.targets.setAll(targets);
        target.addListener(
                (o, old, chosen) -> {
                    requestText.set("");
                    targetReadOnly.set(
                            chosen == null
                                    ? ""
                                    : chosen.readOnlyReason()
                                            .map(r -> "The target is read-only: " + r + ".")
                                            .orElse(""));
                    if (chosen != null) {
                        concurrency.set(chosen.concurrency());
                    }
                });
        targetTable.addListener(o -> requestText.set(""));
        capacity.provisionedProperty().addListener(o -> requestText.set(""));
        if (!targets.isEmpty()) {
            target.set(targets.get(0));
        }
        canClone =
                Bindings.createBooleanBinding(
                        () ->
                                target.get() != null
                                        && target.get().readOnlyReason().isEmpty()
                                        && !targetTable.get().isBlank()
                                        && !task.isRunning(),
                        target,
                        targetTable,
                        task.runningProperty());
    }

    public String table() {
        return table;
    }

    public ObservableList<CloneTarget> targets() {
        return targets;
    }

    public ObjectProperty<CloneTarget> targetProperty() {
        return target;
    }

    /** The copy's name at the target (the source's name by default). */
    public StringProperty targetTableProperty() {
        return targetTable;
    }

    /** Parallel Scan segments reading the source. */
    public IntegerProperty segmentsProperty() {
        return segments;
    }

    /** Batch writes in flight at the target. */
    public IntegerProperty concurrencyProperty() {
        return concurrency;
    }

    /** How the copy is billed. */
    public CapacityFields capacity() {
        return capacity;
    }

    /** Why the chosen target refuses writes, or empty. */
    public ReadOnlyStringProperty targetReadOnlyProperty() {
        return targetReadOnly.getReadOnlyProperty();
    }

    public BooleanBinding canCloneProperty() {
        return canClone;
    }

    /** The requests that create the copy, exactly as they are sent. */
    public ReadOnlyStringProperty requestTextProperty() {
        return requestText.getReadOnlyProperty();
    }

    /**
     * The plan or the clone: the clone's progress is the share of the items written (against the
     * source's item count), -1 while it is not known.
     */
    public TaskState task() {
        return task;
    }

    /** How the clone ended: items, the count check, the cost on each side. */
    public ReadOnlyStringProperty reportProperty() {
        return report.getReadOnlyProperty();
    }

    /** Why the last plan or clone could not be done, or empty. */
    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    /** The last clone's report, or null. */
    public ReadOnlyObjectProperty<CloneService.Report> resultProperty() {
        return result.getReadOnlyProperty();
    }

    private CloneService.Request request() {
        return new CloneService.Request(
                table,
                targetTable.get().strip(),
                Math.max(1, segments.get()),
                Math.max(1, concurrency.get()),
                capacity.billing());
    }

    /** The form's request, or null with the problem shown when the form does not make one. */
    private CloneService.Request checkedRequest() {
        try {
            CloneService.Request request = request();
            problem.set("");
            return request;
        } catch (IllegalArgumentException e) {
            problem.set(ErrorMessages.sentence(e.getMessage()));
            return null;
        }
    }

    /** Shows the requests that create the copy at the target (reads the source's description). */
    public BackgroundWork.Handle plan() {
        CloneTarget chosen = target.get();
        if (chosen == null || task.isRunning()) {
            return null;
        }
        CloneService.Request request = checkedRequest();
        if (request == null) {
            return null;
        }
        task.setRunning(true);
        return work.submit(
                "plan the clone of " + table,
                cancellation -> {
                    try (ConnectionServices copyTo = chosen.services().open(cancellation)) {
                        return source.cloneTo(copyTo).plan(request);
                    }
                },
                requests -> {
                    task.setRunning(false);
                    requestText.set(String.join("\n\n", requests));
                },
                error -> {
                    task.setRunning(false);
                    problem.set(ErrorMessages.sentence(ErrorMessages.describe(error)));
                });
    }

    /** Creates the copy at the target and copies every item, then counts the copy. */
    public BackgroundWork.Handle start() {
        if (!canClone.get()) {
            return null;
        }
        CloneTarget chosen = target.get();
        CloneService.Request request = checkedRequest();
        if (request == null) {
            return null;
        }
        report.set("");
        result.set(null);
        task.setRunning(true);
        task.setProgress(-1);
        task.setProgressText("reading " + table + "…");
        return task.track(
                work.submit(
                        "clone " + table + " to " + chosen.label(),
                        (cancellation, report) -> {
                            sourceItems = source.metadata().describeTable(table).itemCount();
                            try (ConnectionServices copyTo = chosen.services().open(cancellation)) {
                                CloneService service = source.cloneTo(copyTo);
                                report.accept(String.join("\n\n", service.plan(request)));
                                return service.clone(request, report::accept, cancellation);
                            }
                        },
                        this::showNews,
                        this::finished,
                        error -> {
                            task.failed();
                            problem.set(ErrorMessages.sentence(ErrorMessages.describe(error)));
                        }));
    }

    /** The requests the clone will make (text) once planned, then its progress. */
    private void showNews(Object news) {
        if (news instanceof String requests) {
            requestText.set(requests);
        } else if (news instanceof CloneService.Progress p) {
            showProgress(p);
        }
    }

    private void showProgress(CloneService.Progress p) {
        if (!task.isRunning()) {
            return;
        }
        task.setProgress(sourceItems > 0 ? Math.min(1, (double) p.written() / sourceItems) : -1);
        task.setProgressText(
                String.format(
                        Locale.ROOT,
                        "%,d read · %,d written · %s",
                        p.read(),
                        p.written(),
                        CostText.of(p.writeRequests(), p.writeCapacity(), "WCU")));
    }

    private void finished(CloneService.Report done) {
        task.setRunning(false);
        result.set(done);
        CloneService.Progress p = done.progress();
        task.setProgress(done.complete() ? 1 : task.progress() < 0 ? 0 : task.progress());
        task.setProgressText(
                String.format(Locale.ROOT, "%,d read · %,d written", p.read(), p.written()));
        ReadStatistics reads = done.reads();
        StringBuilder text = new StringBuilder();
        if (!done.complete()) {
            text.append(
                    done.failure() != null ? "Stopped: " + done.failure() + ". " : "Cancelled. ");
            text.append(
                    String.format(
                            Locale.ROOT,
                            "%,d items read, %,d written to %s; the copy is incomplete.",
                            p.read(),
                            p.written(),
                            request().targetTable()));
        } else if (done.countsMatch()) {
            text.append(
                    String.format(
                            Locale.ROOT,
                            "Cloned %,d items to %s on %s. Count check: the copy holds %,d items,"
                                    + " as many as were read.",
                            p.read(),
                            request().targetTable(),
                            target.get().label(),
                            done.targetCount()));
        } else {
            text.append(
                    String.format(
                            Locale.ROOT,
                            "Count check failed: %,d items were read but the copy holds %,d.",
                            p.read(),
                            done.targetCount()));
        }
        text.append(" Read: ")
                .append(CostText.of(reads.requests(), reads.consumedCapacity(), "RCU"))
                .append(". Written: ")
                .append(CostText.of(p.writeRequests(), p.writeCapacity(), "WCU"))
                .append('.');
        done.timeToLive().ifPresent(ttl -> text.append(' ').append(ErrorMessages.sentence(ttl)));
        report.set(text.toString());
    }
}

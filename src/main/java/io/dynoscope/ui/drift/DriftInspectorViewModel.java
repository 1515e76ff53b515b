package io.dynoscope.ui.drift;

import io.dynoscope.core.drift.DenormalizationRule;
import io.dynoscope.core.drift.DriftReport;
import io.dynoscope.core.drift.PropagationPlan;
import io.dynoscope.core.drift.RuleFiles;
import io.dynoscope.core.drift.RuleSuggester;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.item.ValueText;
import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.drift.DriftDetection;
import io.dynoscope.service.drift.DriftPropagation;
import io.dynoscope.service.drift.PropagationReport;
import io.dynoscope.service.drift.RuleSuggestions;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.ErrorMessages;
import io.dynoscope.ui.common.ReadWords;
import io.dynoscope.ui.common.TaskState;
import io.dynoscope.ui.common.job.ClusterContext;
import io.dynoscope.ui.common.job.RunOnClusterViewModel;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The drift inspector of one table: its rules (written, imported or suggested from the data), a
 * detection run with progress and cancel, the drifted copies beside their source's value, the
 * user's choice of copies, the dry run of what will be written, and the propagation with progress,
 * cancel and its final report.
 *
 * <p>Nothing is written that the user did not preview: {@link #propagate()} runs the plan of the
 * last {@link #preview()}, and changing the selection discards that preview.
 */
public final class DriftInspectorViewModel {

    /** What the sources pane says before the first detection. */
    static final String NOT_DETECTED = "No drift found yet: choose a rule and detect.";

    /** How many items {@link #suggestRules()} reads. */
    static final int SUGGESTION_SAMPLE = RuleSuggestions.DEFAULT_SAMPLE;

    /** One drifted copy beside its source's value, with the user's choice to propagate it. */
    public static final class CopyRow {
        private final DriftReport.DriftedCopy copy;
        private final BooleanProperty selected = new SimpleBooleanProperty(true);

        CopyRow(DriftReport.DriftedCopy copy) {
            this.copy = copy;
        }

        public DriftReport.DriftedCopy copy() {
            return copy;
        }

        public String copyKey() {
            return copy.copy().text();
        }

        public String copyValue() {
            return ValueText.of(copy.copyValue())
                    + (copy.typeDiffers() ? " (" + copy.copyValue().type() + ")" : "");
        }

        public String sourceKey() {
            return copy.source().text();
        }

        public String sourceValue() {
            return ValueText.of(copy.sourceValue())
                    + (copy.typeDiffers() ? " (" + copy.sourceValue().type() + ")" : "");
        }

        public BooleanProperty selectedProperty() {
            return selected;
        }
    }

    /** One source with drifted copies: how many copies it has and which drifted. */
    public record SourceRow(String sourceKey, String value, int copies, int drifted) {}

    private final String table;
    private final ConnectionServices services;
    private final BackgroundWork work;

    private final ObservableList<DenormalizationRule> rules = FXCollections.observableArrayList();
    private final ObjectProperty<DenormalizationRule> selectedRule = new SimpleObjectProperty<>();
    private final ReadOnlyStringWrapper cost = new ReadOnlyStringWrapper("");
    private final IntegerProperty concurrency = new SimpleIntegerProperty(4);

    private final TaskState task = new TaskState();
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");

    private final ReadOnlyObjectWrapper<DriftReport> report = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper readsText = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper readFigures = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper resultFigures = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper sourcesNote = new ReadOnlyStringWrapper(NOT_DETECTED);
    private final List<Consumer<ReadStatistics>> readListeners = new CopyOnWriteArrayList<>();
    private final List<Consumer<PropagationReport>> fixListeners = new CopyOnWriteArrayList<>();
    private final ObservableList<SourceRow> sources = FXCollections.observableArrayList();
    private final ObservableList<CopyRow> copies = FXCollections.observableArrayList();
    private final ObservableList<String> orphans = FXCollections.observableArrayList();

    private final ReadOnlyObjectWrapper<PropagationPlan> plan = new ReadOnlyObjectWrapper<>();
    private final ObservableList<String> preview = FXCollections.observableArrayList();
    private final ObservableList<String> reportLines = FXCollections.observableArrayList();

    private KeySchema keySchema;
    private ClusterContext cluster;

    public DriftInspectorViewModel(String table, ConnectionServices services, BackgroundWork work) {
        this.table = table;
        this.services = services;
        this.work = work;
        selectedRule.addListener(
                (obs, old, rule) -> cost.set(rule == null ? "" : rule.costDescription()));
    }

    // ---- rules -----------------------------------------------------------------------------

    public ObservableList<DenormalizationRule> rules() {
        return rules;
    }

    public ObjectProperty<DenormalizationRule> selectedRuleProperty() {
        return selectedRule;
    }

    /** What finding the selected rule's copies costs, shown before running. */
    public ReadOnlyStringProperty costProperty() {
        return cost.getReadOnlyProperty();
    }

    /** Adds the rules of a rule file; a bad file is reported in {@link #messageProperty()}. */
    public void importRules(String ruleFile) {
        try {
            addRules(RuleFiles.read(ruleFile));
            message.set("");
        } catch (IllegalArgumentException e) {
            message.set(e.getMessage());
        }
    }

    /** Shows why a rule file could not be read or written. */
    public void fileProblem(String why) {
        message.set(why);
    }

    /** The rules as a rule file, to save next to the connection or share. */
    public String exportRules() {
        return RuleFiles.write(List.copyOf(rules));
    }

    /**
     * Reads a sample of the table and adds the rules it suggests, with their evidence in each
     * description.
     */
    public BackgroundWork.Handle suggestRules() {
        return start(
                "suggest rules for " + table,
                (cancellation, report) ->
                        services.ruleSuggestions()
                                .suggest(table, SUGGESTION_SAMPLE, report::accept, cancellation)
                                .suggestions(),
                (Integer sampled) -> task.setProgressText("sampled " + sampled + " items"),
                suggestions -> {
                    addRules(suggestions.stream().map(RuleSuggester.Suggestion::rule).toList());
                    task.setProgressText(
                            suggestions.isEmpty()
                                    ? "no denormalized copies found in the sample"
                                    : suggestions.size()
                                            + (suggestions.size() == 1
                                                    ? " rule suggested"
                                                    : " rules suggested"));
                });
    }

    private void addRules(List<DenormalizationRule> added) {
        for (DenormalizationRule rule : added) {
            if (!rules.contains(rule)) {
                rules.add(rule);
            }
        }
        if (selectedRule.get() == null && !rules.isEmpty()) {
            selectedRule.set(rules.get(0));
        }
    }

    // ---- detection -------------------------------------------------------------------------

    /** Runs detection for the selected rule; the drifted copies replace the previous run's. */
    public BackgroundWork.Handle detect() {
        DenormalizationRule rule = selectedRule.get();
        if (rule == null) {
            message.set("choose or add a rule first");
            return null;
        }
        clearResults();
        return start(
                "detect drift in " + table,
                (cancellation, report) -> {
                    keySchema = services.metadata().describeTable(table).keySchema();
                    return services.driftDetection()
                            .detect(table, rule, report::accept, cancellation);
                },
                this::showDetectionProgress,
                result -> {
                    showReport(result.report());
                    sourcesNote.set(
                            result.complete()
                                    ? "No source has a drifted copy."
                                    : "Stopped before the end: no drifted copy found so far.");
                    readListeners.forEach(l -> l.accept(result.reads()));
                    readsText.set(ReadWords.of(result.reads()));
                    readFigures.set(ReadWords.figures(result.reads()));
                    task.setProgressText(
                            DriftWords.found(
                                    result.report().driftedCopies().size(),
                                    result.report().copyCount(),
                                    result.complete()));
                    resultFigures.set("");
                });
    }

    private void showReport(DriftReport found) {
        report.set(found);
        sources.setAll(
                found.sources().stream()
                        .filter(s -> !s.drifted().isEmpty())
                        .map(
                                s ->
                                        new SourceRow(
                                                s.source().text(),
                                                ValueText.of(s.value()),
                                                s.copies(),
                                                s.drifted().size()))
                        .toList());
        List<CopyRow> rows = found.driftedCopies().stream().map(CopyRow::new).toList();
        rows.forEach(row -> row.selectedProperty().addListener((obs, was, is) -> discardPreview()));
        copies.setAll(rows);
        orphans.setAll(
                found.orphans().stream()
                        .map(
                                o ->
                                        o.copy().text()
                                                + ": "
                                                + (o.reason()
                                                                == DriftReport.OrphanReason
                                                                        .SOURCE_MISSING
                                                        ? "source "
                                                                + o.expectedSource().text()
                                                                + " is missing"
                                                        : "source "
                                                                + o.expectedSource().text()
                                                                + " has no value"))
                        .toList());
    }

    public ReadOnlyObjectProperty<DriftReport> reportProperty() {
        return report.getReadOnlyProperty();
    }

    /** The sources with drifted copies. */
    public ObservableList<SourceRow> sources() {
        return sources;
    }

    /** Every drifted copy beside its source's value, each with a selection box. */
    public ObservableList<CopyRow> copies() {
        return copies;
    }

    /** Copies whose source is missing or has no value; they are shown, never written. */
    public ObservableList<String> orphans() {
        return orphans;
    }

    /** The reads detection made, in words. */
    public ReadOnlyStringProperty readsTextProperty() {
        return readsText.getReadOnlyProperty();
    }

    /** The reads detection made, every figure: requests, capacity, scanned and returned. */
    public ReadOnlyStringProperty readFiguresProperty() {
        return readFigures.getReadOnlyProperty();
    }

    /**
     * What the sources pane says while it lists no source: nothing detected yet, nothing found, or
     * what the last fix did (the list follows a fix without reading again).
     */
    public ReadOnlyStringProperty sourcesNoteProperty() {
        return sourcesNote.getReadOnlyProperty();
    }

    /** Called with what each finished detection read (the tab counts it in its total). */
    public void onReads(Consumer<ReadStatistics> listener) {
        readListeners.add(listener);
    }

    /** Called with the report of each finished propagation. */
    public void onFix(Consumer<PropagationReport> listener) {
        fixListeners.add(listener);
    }

    /** Every figure of the last propagation (its words are the progress text), or empty. */
    public ReadOnlyStringProperty resultFiguresProperty() {
        return resultFigures.getReadOnlyProperty();
    }

    public void selectAll(boolean selected) {
        copies.forEach(row -> row.selectedProperty().set(selected));
    }

    // ---- propagation -----------------------------------------------------------------------

    /** The dry run: the exact items and values the selected copies will get. Writes nothing. */
    public void preview() {
        DriftReport found = report.get();
        if (found == null) {
            message.set("run detection first");
            return;
        }
        Set<DriftReport.DriftedCopy> chosen =
                copies.stream()
                        .filter(r -> r.selectedProperty().get())
                        .map(CopyRow::copy)
                        .collect(Collectors.toSet());
        PropagationPlan planned = PropagationPlan.of(found, keySchema, chosen::contains);
        plan.set(planned);
        preview.setAll(planned.writes().stream().map(DriftWords::write).toList());
    }

    /** Lets the inspector offer Run on a cluster… with what the app gives it. */
    public void setCluster(ClusterContext context) {
        this.cluster = context;
    }

    public boolean canRunOnCluster() {
        return cluster != null;
    }

    /**
     * Run on a cluster…: the drift-fix job of the selected rule (detection and guarded writes of
     * every drifted copy); its report's lines are shown in the Report tab as a propagation's are.
     * Null, saying why, without a rule.
     */
    public RunOnClusterViewModel runOnCluster() {
        Objects.requireNonNull(cluster, "no cluster context");
        DenormalizationRule rule = selectedRule.get();
        if (rule == null) {
            message.set("choose or add a rule first");
            return null;
        }
        return DriftJob.of(cluster, table, rule, work, this::showJobReport);
    }

    /** A drift-fix job's report (drift fix's lines): the list is the table before the job. */
    void showJobReport(String text) {
        List<String> lines = text.lines().filter(l -> !l.isBlank()).toList();
        clearResults();
        reportLines.setAll(lines);
        String summary = lines.isEmpty() ? "no report lines" : lines.get(lines.size() - 1);
        task.setProgressText("Run on a cluster: " + summary);
        sourcesNote.set(
                "Run on a cluster: " + summary + ". Detect drift again to check the table anew.");
    }

    public ReadOnlyObjectProperty<PropagationPlan> planProperty() {
        return plan.getReadOnlyProperty();
    }

    /** The dry run's lines: each copy's key, path, stale value and the value it will get. */
    public ObservableList<String> previewLines() {
        return preview;
    }

    /**
     * Why the table's connection refuses writes (Propagate is then disabled), or empty when it is
     * writable.
     */
    public String readOnlyReason() {
        return services.readOnlyReason().orElse("");
    }

    /** Runs the previewed plan; without a preview nothing happens. */
    public BackgroundWork.Handle propagate() {
        if (!readOnlyReason().isEmpty()) {
            message.set(
                    "nothing can be written: the connection is read-only ("
                            + readOnlyReason()
                            + ")");
            return null;
        }
        PropagationPlan planned = plan.get();
        if (planned == null) {
            message.set("preview the writes first: nothing is written unconfirmed");
            return null;
        }
        int workers = Math.max(1, concurrency.get());
        reportLines.clear();
        return start(
                "propagate drift in " + table,
                (cancellation, report) ->
                        services.driftPropagation()
                                .propagate(
                                        table,
                                        planned,
                                        DriftPropagation.Options.withConcurrency(workers),
                                        report::accept,
                                        cancellation),
                this::showPropagationProgress,
                done -> {
                    reportLines.setAll(DriftWords.reportLines(done));
                    task.setProgressText(DriftWords.summary(done));
                    resultFigures.set(DriftWords.figures(done));
                    plan.set(null);
                    preview.clear();
                    dropFixed(done);
                    if (sources.isEmpty()) {
                        sourcesNote.set(
                                DriftWords.summary(done)
                                        + " Detect drift again to check the table anew.");
                    }
                    fixListeners.forEach(l -> l.accept(done));
                });
    }

    private void showDetectionProgress(DriftDetection.Progress p) {
        task.setProgress(
                p.sourcesTotal() > 0 ? (double) p.sourcesQueried() / p.sourcesTotal() : -1);
        task.setProgressText(
                p.itemsRead()
                        + " items read in "
                        + p.requests()
                        + " requests"
                        + (p.sourcesTotal() >= 0
                                ? ", " + p.sourcesQueried() + " of " + p.sourcesTotal() + " sources"
                                : ""));
    }

    private void showPropagationProgress(DriftPropagation.Progress p) {
        task.setProgress(p.total() == 0 ? 1 : (double) p.done() / p.total());
        task.setProgressText(p.done() + " of " + p.total() + " writes");
    }

    /**
     * The list follows the fix without reading again: the copies written (or found current) leave
     * it, and their sources' drifted counts drop; a copy someone else changed stays, to look at.
     */
    private void dropFixed(PropagationReport done) {
        Set<Key> fixed = new HashSet<>();
        done.updated().forEach(w -> fixed.add(w.copy()));
        done.alreadyCurrent().forEach(w -> fixed.add(w.copy()));
        Map<String, Integer> fixedPerSource = new HashMap<>();
        for (CopyRow row : copies) {
            if (fixed.contains(row.copy().copy())) {
                fixedPerSource.merge(row.sourceKey(), 1, Integer::sum);
            }
        }
        copies.removeIf(row -> fixed.contains(row.copy().copy()));
        sources.setAll(
                sources.stream()
                        .map(
                                s ->
                                        new SourceRow(
                                                s.sourceKey(),
                                                s.value(),
                                                s.copies(),
                                                s.drifted()
                                                        - fixedPerSource.getOrDefault(
                                                                s.sourceKey(), 0)))
                        .filter(s -> s.drifted() > 0)
                        .toList());
    }

    /**
     * The final report, one line per copy: updated, already current, changed by someone else,
     * failed.
     */
    public ObservableList<String> reportLines() {
        return reportLines;
    }

    public IntegerProperty concurrencyProperty() {
        return concurrency;
    }

    // ---- running ---------------------------------------------------------------------------

    /**
     * The running detection, suggestion or propagation: its progress (-1 while the amount of work
     * is not known yet), its words, and its cancel.
     */
    public TaskState task() {
        return task;
    }

    /** The last error or refusal, in words; empty when all is well. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    private <T, P> BackgroundWork.Handle start(
            String what,
            BackgroundWork.ReportingWork<T, P> job,
            Consumer<P> onReport,
            Consumer<T> onSuccess) {
        if (task.isRunning()) {
            message.set("wait for the running task to finish or cancel it");
            return null;
        }
        task.setRunning(true);
        message.set("");
        task.setProgress(-1);
        return task.track(
                work.submit(
                        what,
                        job,
                        onReport,
                        result -> {
                            task.setRunning(false);
                            task.setProgress(1);
                            onSuccess.accept(result);
                        },
                        error -> {
                            task.setRunning(false);
                            task.setProgress(0);
                            if (report.get() == null) {
                                sourcesNote.set(NOT_DETECTED);
                            }
                            message.set(ErrorMessages.describe(error));
                        }));
    }

    private void clearResults() {
        report.set(null);
        sourcesNote.set("Detecting drift…");
        sources.clear();
        copies.clear();
        orphans.clear();
        readsText.set("");
        readFigures.set("");
        resultFigures.set("");
        discardPreview();
        reportLines.clear();
    }

    private void discardPreview() {
        plan.set(null);
        preview.clear();
    }
}

package io.dynoscope.ui.planner;

import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.ValueText;
import io.dynoscope.core.model.InferredModel;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.planner.Finding;
import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.model.AccessPatternCheck;
import io.dynoscope.service.model.LiveModelInference;
import io.dynoscope.service.model.SchemaLoad;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.BackgroundWork.ReportingWork;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The load-and-check side of the Model tab: a model inferred from a live table, the design loaded
 * into a new table on a chosen connection (a table that exists is refused before any request is
 * shown; the CreateTable request is shown and sent only when confirmed), and the check that proves
 * every access pattern answers its question on the table.
 */
public final class LoadCheckViewModel {

    /** One access pattern's check. */
    public record CheckRow(
            String pattern,
            int requests,
            double capacity,
            long scanned,
            long returned,
            boolean asDesigned,
            boolean unconfirmed,
            String reason,
            String request,
            String items) {
        /** Served, unconfirmed (served on a reading nobody confirmed) or not as designed. */
        public String verdict() {
            return !asDesigned ? "not as designed" : unconfirmed ? "unconfirmed" : "served";
        }
    }

    private final BackgroundWork work;
    private final TabStatus status;
    private final DesignViewModel design;

    private final ObservableList<LoadTarget> targets = FXCollections.observableArrayList();
    private final ObjectProperty<LoadTarget> target = new SimpleObjectProperty<>();
    private final StringProperty loadAs = new SimpleStringProperty("");
    private final BooleanProperty withItems = new SimpleBooleanProperty(true);
    private final ReadOnlyStringWrapper createTableRequest = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper awaitingConfirmation = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper loadedTable = new ReadOnlyStringWrapper("");
    private final ObservableList<CheckRow> checks = FXCollections.observableArrayList();

    private SchemaLoad.Prepared prepared;
    private LoadTarget loadedOn;
    private BackgroundWork.Handle handle;
    private Consumer<String> onTableCreated = table -> {};

    LoadCheckViewModel(
            List<LoadTarget> targets,
            BackgroundWork work,
            TabStatus status,
            DesignViewModel design) {
        this.work = work;
        this.status = status;
        this.design = design;
        this.targets.setAll(targets);
        if (!targets.isEmpty()) {
            target.set(targets.get(0));
        }
        design.designProperty().addListener((o, before, after) -> dropPrepared());
        design.tableNameProperty().addListener((o, before, after) -> follow(before, after));
    }

    /**
     * "Create as" and "Checks run on" follow the Table field while they still hold what was derived
     * from its old value ({@code saas-model}, {@code saas}); a name a person typed or a table a
     * load created stays.
     */
    private void follow(String before, String after) {
        String old = before == null ? "" : before.strip();
        String now = after == null ? "" : after.strip();
        if (old.equals(now)) {
            return;
        }
        if (!old.isEmpty() && (old + "-model").equals(loadAs.get())) {
            loadAs.set(now.isEmpty() ? "" : now + "-model");
        }
        if (!loadedTable.get().isEmpty() && loadedTable.get().equals(old)) {
            loadedTable.set(now);
        }
    }

    public ObservableList<LoadTarget> targets() {
        return targets;
    }

    public ObjectProperty<LoadTarget> targetProperty() {
        return target;
    }

    /** The name of the new table the design is loaded as (empty: the design's table name). */
    public StringProperty loadAsProperty() {
        return loadAs;
    }

    public BooleanProperty withItemsProperty() {
        return withItems;
    }

    public ReadOnlyStringProperty createTableRequestProperty() {
        return createTableRequest.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty awaitingConfirmationProperty() {
        return awaitingConfirmation.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty loadedTableProperty() {
        return loadedTable.getReadOnlyProperty();
    }

    public ObservableList<CheckRow> checks() {
        return checks;
    }

    /** Hears the name of each table a load created (the shell lists the tables again). */
    public void setOnTableCreated(Consumer<String> listener) {
        onTableCreated = listener == null ? table -> {} : listener;
    }

    /** Where checks run by default: the table the tab was opened from. */
    void checkOn(String table, LoadTarget on) {
        loadedTable.set(table);
        loadedOn = on;
    }

    private String newTableName() {
        String name = loadAs.get() == null ? "" : loadAs.get().strip();
        return name.isEmpty() ? design.tableNameProperty().get().strip() : name;
    }

    /**
     * Proposes a model of the table named in the tab from a sample of it on the chosen connection;
     * the evidence for each entity and access pattern joins the findings.
     */
    public void inferFromTable() {
        LoadTarget on = target.get();
        String table = design.tableNameProperty().get().strip();
        if (on == null || table.isEmpty()) {
            status.error("Choose a connection and name the table to infer its model");
            return;
        }
        status.start("Sampling " + table + " on " + on.label());
        handle =
                work.submit(
                        "Infer the model of " + table,
                        (ReportingWork<LiveModelInference.Result, Integer>)
                                (cancellation, report) ->
                                        on.services()
                                                .open(cancellation)
                                                .modelInference()
                                                .infer(
                                                        table,
                                                        LiveModelInference.DEFAULT_SAMPLE,
                                                        report::accept,
                                                        cancellation),
                        n -> status.say("Sampled " + n + " items of " + table),
                        result -> {
                            InferredModel inferred = result.model();
                            design.open(
                                    inferred.design(),
                                    inferred.describe().stream()
                                            .map(
                                                    line ->
                                                            new Finding(
                                                                    Finding.Severity.INFO,
                                                                    Finding.Kind.NOTE,
                                                                    table,
                                                                    line))
                                            .toList());
                            checkOn(table, on);
                            status.say(
                                    "Inferred "
                                            + inferred.design().model().entities().size()
                                            + " entities and "
                                            + inferred.design().model().accessPatterns().size()
                                            + " access patterns from "
                                            + inferred.sampled()
                                            + " sampled items of "
                                            + table
                                            + " ("
                                            + result.reads().summary()
                                            + ")");
                            status.finish();
                        },
                        status::failed);
    }

    /**
     * Checks that the new table does not exist yet, then builds its CreateTable request and asks
     * for its confirmation; nothing is sent before that.
     */
    public void prepareLoad() {
        status.clearError();
        TableDesign current = design.designProperty().get();
        LoadTarget on = target.get();
        if (current == null) {
            status.error("Propose or open a design first");
            return;
        }
        if (on == null) {
            status.error("Choose a connection to load the design on");
            return;
        }
        String table = newTableName();
        TableDesign named = current.withModel(current.model().with(b -> b.table(table)));
        SchemaLoad.Prepared ready;
        try {
            ready = SchemaLoad.prepare(withItems.get() ? named : named.withItems(List.of()));
        } catch (IllegalArgumentException e) {
            status.error("Cannot load: " + e.getMessage());
            return;
        }
        status.start("Looking for " + table + " on " + on.label());
        handle =
                work.submit(
                        "Look for " + table,
                        cancellation -> {
                            ConnectionServices services = on.services().open(cancellation);
                            return services.metadata().listTables().contains(table)
                                    ? Optional.<String>empty()
                                    : Optional.of(services.schemaLoad().requestText(ready));
                        },
                        request -> {
                            // the outcome first: whoever sees the work stop sees what it found
                            if (request.isEmpty()) {
                                status.error(
                                        "Table '"
                                                + table
                                                + "' already exists on "
                                                + on.label()
                                                + ": a design is loaded into a new table; name it"
                                                + " in \"Create as\"");
                                status.say("Nothing was created");
                            } else {
                                awaitConfirmation(ready, request.get(), on);
                            }
                            status.finish();
                        },
                        status::failed);
    }

    private void awaitConfirmation(SchemaLoad.Prepared ready, String request, LoadTarget on) {
        prepared = ready;
        StringBuilder text = new StringBuilder();
        if (on.aws()) {
            text.append("This creates a table in your AWS account through ")
                    .append(on.label())
                    .append(" and is billed as ")
                    .append(ready.design().capacity().mode())
                    .append(".\n");
        }
        ready.notes().forEach(n -> text.append("Note: ").append(n).append('\n'));
        text.append(request);
        createTableRequest.set(text.toString());
        awaitingConfirmation.set(true);
        status.say(
                "Confirm the CreateTable request for "
                        + ready.table()
                        + " on "
                        + on.label()
                        + (ready.design().items().isEmpty()
                                ? ""
                                : " (then "
                                        + ready.design().items().size()
                                        + " items are written)"));
    }

    /** Creates the table shown in the confirmed request and writes its items. */
    public void confirmLoad() {
        if (prepared == null || !awaitingConfirmation.get()) {
            return;
        }
        SchemaLoad.Prepared confirmed = prepared;
        LoadTarget on = target.get();
        awaitingConfirmation.set(false);
        status.start("Loading " + confirmed.table());
        handle =
                work.submit(
                        "Load " + confirmed.table(),
                        (ReportingWork<SchemaLoad.Result, SchemaLoad.Progress>)
                                (cancellation, report) -> {
                                    return on.services()
                                            .open(cancellation)
                                            .schemaLoad()
                                            .load(confirmed, true, report::accept, cancellation);
                                },
                        this::showProgress,
                        result -> {
                            checkOn(result.table(), on);
                            status.say(
                                    (result.complete() ? "Loaded " : "Stopped loading ")
                                            + result.table()
                                            + " on "
                                            + on.label()
                                            + ": "
                                            + result.itemsWritten()
                                            + " of "
                                            + result.itemsTotal()
                                            + " items in "
                                            + result.requests()
                                            + " BatchWriteItem requests");
                            onTableCreated.accept(result.table());
                            status.finish();
                        },
                        status::failed);
    }

    private void showProgress(SchemaLoad.Progress p) {
        status.progress(p.total() == 0 ? 1 : (double) p.written() / p.total());
        status.say(
                "Created " + p.table() + "; wrote " + p.written() + " of " + p.total() + " items");
    }

    /** Drops the CreateTable request without sending it. */
    public void cancelLoad() {
        dropPrepared();
        status.say("Nothing was created");
    }

    /**
     * A blank page: no prepared load, no checks, no loaded table; "Create as" follows the Table
     * field again.
     */
    void clear() {
        cancel();
        dropPrepared();
        checks.clear();
        loadedOn = null;
        loadedTable.set("");
        String table = design.tableNameProperty().get();
        loadAs.set(table == null || table.isBlank() ? "" : table.strip() + "-model");
    }

    private void dropPrepared() {
        prepared = null;
        awaitingConfirmation.set(false);
        createTableRequest.set("");
    }

    /** Runs every access pattern of the design against the loaded (or opened-from) table. */
    public void check() {
        status.clearError();
        TableDesign current = design.designProperty().get();
        if (current == null) {
            status.error("Propose or open a design first");
            return;
        }
        LoadTarget on = loadedOn != null ? loadedOn : target.get();
        String table = loadedTable.get().isEmpty() ? current.table() : loadedTable.get();
        if (on == null) {
            status.error("Choose the connection the table is on");
            return;
        }
        checks.clear();
        status.start(
                "Checking "
                        + current.model().accessPatterns().size()
                        + " access patterns on "
                        + table);
        handle =
                work.submit(
                        "Check " + table,
                        (ReportingWork<AccessPatternCheck.Report, AccessPatternCheck.Outcome>)
                                (cancellation, report) ->
                                        on.services()
                                                .open(cancellation)
                                                .patternCheck()
                                                .check(
                                                        current,
                                                        table,
                                                        Map.of(),
                                                        report::accept,
                                                        cancellation),
                        outcome -> checks.add(row(outcome)),
                        report -> {
                            status.say(
                                    report.served()
                                            + " of "
                                            + report.outcomes().size()
                                            + " access patterns served as designed on "
                                            + table);
                            status.finish();
                        },
                        status::failed);
    }

    static CheckRow row(AccessPatternCheck.Outcome outcome) {
        ReadStatistics s = outcome.statistics();
        String keys =
                "Expected: "
                        + keys(outcome.expectedKeys())
                        + "\nReturned: "
                        + keys(outcome.returnedKeys());
        return new CheckRow(
                outcome.pattern().name(),
                s.requests(),
                s.consumedCapacity(),
                s.scannedCount(),
                s.returnedCount(),
                outcome.asDesigned(),
                outcome.verdict() == AccessPatternCheck.Verdict.UNCONFIRMED,
                outcome.reason()
                        + (outcome.verdict() == AccessPatternCheck.Verdict.UNCONFIRMED
                                ? "; the reading is unsure: "
                                        + String.join("; ", outcome.pattern().unsure())
                                : ""),
                outcome.request()
                        + "\n\n"
                        + keys
                        + (outcome.probe().isEmpty() ? "" : "\n\n" + outcome.probe()),
                outcome.items().stream()
                        .map(
                                i ->
                                        i.attributes().entrySet().stream()
                                                .map(
                                                        e ->
                                                                e.getKey()
                                                                        + "="
                                                                        + ValueText.of(
                                                                                e.getValue()))
                                                .collect(Collectors.joining("  ")))
                        .collect(Collectors.joining("\n")));
    }

    private static String keys(List<Key> keys) {
        return keys.isEmpty()
                ? "(none)"
                : keys.stream().map(Key::text).collect(Collectors.joining(", "));
    }

    /** Stops a load, a check or an inference between requests. */
    public void cancel() {
        if (handle != null) {
            handle.cancel();
        }
    }
}

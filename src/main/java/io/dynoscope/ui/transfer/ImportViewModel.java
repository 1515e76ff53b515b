package io.dynoscope.ui.transfer;

import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.core.transfer.ColumnMapping;
import io.dynoscope.core.transfer.TransferFormat;
import io.dynoscope.service.transfer.ImportService;
import io.dynoscope.service.transfer.ImportService.Checked;
import io.dynoscope.service.transfer.ImportService.Outcome;
import io.dynoscope.service.transfer.ImportService.Progress;
import io.dynoscope.service.transfer.ImportService.Report;
import io.dynoscope.service.transfer.NewTableImport;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.ErrorMessages;
import io.dynoscope.ui.common.TaskState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;

/**
 * Import into one table from a file: JSON lines, DynamoDB JSON lines (S3-export lines too, gzip or
 * not) or CSV. Choosing a file guesses its format and lists its columns for a mapping (column →
 * attribute and type, or left out); the preview shows the first items as they would be written.
 * Import checks the whole file first — every bad line is listed with its number and nothing is
 * written while one is bad — then writes by batches with progress, and can be cancelled. A journal
 * beside the file lets Resume continue after a cancel, a failure or a crash without writing an item
 * twice. The report says what was written and the write capacity it consumed.
 */
public final class ImportViewModel {

    /** How many items the preview shows. */
    public static final int PREVIEW_ITEMS = 10;

    private final String table;
    private final ImportService service;
    private final NewTableTarget newTable;
    private final BackgroundWork work;

    private final ReadOnlyObjectWrapper<Path> file = new ReadOnlyObjectWrapper<>();
    private final ObjectProperty<TransferFormat> format =
            new SimpleObjectProperty<>(TransferFormat.DYNAMODB_JSON);
    private final ObservableList<MappingRow> mapping =
            FXCollections.observableArrayList(MappingRow::observables);
    private final ObservableList<String> preview = FXCollections.observableArrayList();
    private final ObservableList<String> problems = FXCollections.observableArrayList();
    private final IntegerProperty concurrency;
    private final TaskState task = new TaskState();
    private final ReadOnlyBooleanWrapper resumable = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper report = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<Outcome> outcome = new ReadOnlyObjectWrapper<>();

    private boolean previewing;
    private boolean previewAgain;
    private boolean listing;

    /**
     * @param concurrency batch writes in flight at once (1 at a local engine, 4 on AWS)
     */
    public ImportViewModel(
            String table, ImportService service, int concurrency, BackgroundWork work) {
        this(table, service, null, concurrency, work);
    }

    /**
     * @param newTables imports into a table they create, or null where none may be created
     */
    public ImportViewModel(
            String table,
            ImportService service,
            NewTableImport newTables,
            int concurrency,
            BackgroundWork work) {
        this.table = Objects.requireNonNull(table, "table");
        this.service = Objects.requireNonNull(service, "service");
        this.newTable = new NewTableTarget(newTables);
        // the name too: the preview's "Name the new table." stayed after it was named
        for (var key :
                List.of(
                        newTable.nameProperty(),
                        newTable.partitionKeyProperty(),
                        newTable.sortKeyProperty())) {
            key.addListener((o, old, now) -> refreshPreview());
        }
        newTable.chosenProperty().addListener((o, old, now) -> refreshPreview());
        this.work = Objects.requireNonNull(work, "work");
        this.concurrency = new SimpleIntegerProperty(concurrency);
        mapping.addListener(
                (ListChangeListener<MappingRow>)
                        change -> {
                            if (!listing) {
                                refreshPreview();
                            }
                        });
        format.addListener(
                (o, old, now) -> {
                    if (!listing) {
                        listColumns();
                    }
                });
    }

    /** The table the dialog was opened on. */
    public String table() {
        return table;
    }

    /** The new table the import may go into instead. */
    public NewTableTarget newTable() {
        return newTable;
    }

    /** The table the import writes to: the new one when chosen. */
    private String target() {
        return newTable.isChosen() ? newTable.nameProperty().get().strip() : table;
    }

    // ---- the input ---------------------------------------------------------------------------

    public ReadOnlyObjectProperty<Path> fileProperty() {
        return file.getReadOnlyProperty();
    }

    /** Imports from {@code path}: guesses its format, lists its columns and previews it. */
    public void chooseFile(Path path) {
        file.set(path);
        problems.clear();
        report.set("");
        outcome.set(null);
        task.setProgress(0);
        task.setProgressText("");
        checkJournal();
        message.set("Reading " + path.getFileName() + "…");
        ImportService.Input input = ImportService.Input.file(path);
        work.submit(
                "guess the format of " + path,
                cancellation -> ImportService.guessFormat(input),
                guessed -> {
                    listing = true;
                    try {
                        format.set(guessed);
                    } finally {
                        listing = false;
                    }
                    listColumns();
                    learnNewTableKeys(path);
                },
                error -> message.set(ErrorMessages.describe(error)));
    }

    /** Reads the first items' attributes and key types, for a new table's keys. */
    private void learnNewTableKeys(Path path) {
        if (!newTable.available()) {
            return;
        }
        TransferFormat read = format.get();
        work.submit(
                "read the first items of " + path,
                cancellation ->
                        NewTableImport.firstItems(
                                ImportService.Input.file(path), read, PREVIEW_ITEMS),
                newTable::learn,
                error -> message.set(ErrorMessages.describe(error)));
    }

    public ObjectProperty<TransferFormat> formatProperty() {
        return format;
    }

    /** The mapping: one row per column of the input (a CSV's header, JSON lines' attributes). */
    public ObservableList<MappingRow> mapping() {
        return mapping;
    }

    /** Adds a rule for a column the preview has not met (JSON lines). */
    public MappingRow addRule(String column) {
        MappingRow row = new MappingRow(column);
        mapping.add(row);
        return row;
    }

    /** The mapping as the service reads it. */
    ColumnMapping columnMapping() {
        Map<String, ColumnMapping.Target> rules = new LinkedHashMap<>();
        for (MappingRow row : mapping) {
            row.rule().ifPresent(rule -> rules.put(row.column(), rule));
        }
        return ColumnMapping.of(rules);
    }

    /** The mapping as the command line takes it ({@code --map} rules), to show. */
    public String mappingText() {
        return columnMapping().toString();
    }

    /** Lists the input's columns: a CSV's header, or the attributes of the first JSON items. */
    private void listColumns() {
        Path path = file.get();
        if (path == null) {
            return;
        }
        TransferFormat chosen = format.get();
        if (chosen != TransferFormat.CSV) {
            // the preview lists the attributes of the first items
            setColumns(List.of());
            refreshPreview();
            return;
        }
        work.submit(
                "read the header of " + path,
                cancellation -> ImportService.csvHeader(ImportService.Input.file(path)),
                columns -> {
                    setColumns(columns);
                    newTable.learnNames(columns);
                    refreshPreview();
                },
                error -> message.set(ErrorMessages.describe(error)));
    }

    /** Keeps the rules of columns that are still there; adds rows for new columns. */
    private void setColumns(List<String> columns) {
        Map<String, MappingRow> kept = new LinkedHashMap<>();
        mapping.forEach(row -> kept.put(row.column(), row));
        List<MappingRow> rows =
                columns.stream().map(c -> kept.getOrDefault(c, new MappingRow(c))).toList();
        listing = true;
        try {
            mapping.setAll(rows);
        } finally {
            listing = false;
        }
    }

    // ---- the preview -------------------------------------------------------------------------

    /** The first items as they would be written (DynamoDB JSON), or their lines' problems. */
    public ObservableList<String> preview() {
        return preview;
    }

    /** Reads the first {@value #PREVIEW_ITEMS} items again with the mapping as it is now. */
    public void refreshPreview() {
        Path path = file.get();
        if (path == null || task.isRunning()) {
            return;
        }
        if (previewing) {
            previewAgain = true;
            return;
        }
        ColumnMapping rules;
        try {
            rules = columnMapping();
        } catch (IllegalArgumentException e) {
            message.set(ErrorMessages.sentence(e.getMessage()));
            return;
        }
        TableDefinition created = null;
        if (newTable.isChosen()) {
            try {
                created = newTable.definition();
            } catch (IllegalArgumentException e) {
                message.set(ErrorMessages.sentence(e.getMessage()));
                return;
            }
        }
        previewing = true;
        ImportService.Request request =
                new ImportService.Request(
                        target(), ImportService.Input.file(path), format.get(), rules);
        TableDefinition into = created;
        work.submit(
                "preview " + path,
                cancellation ->
                        into == null
                                ? service.preview(request, PREVIEW_ITEMS)
                                : newTable.service().preview(request, into, PREVIEW_ITEMS),
                shown -> {
                    previewing = false;
                    showPreview(shown);
                    if (previewAgain) {
                        previewAgain = false;
                        refreshPreview();
                    }
                },
                error -> {
                    previewing = false;
                    previewAgain = false;
                    message.set(ErrorMessages.describe(error));
                });
    }

    private void showPreview(ImportService.Preview shown) {
        List<String> lines = new ArrayList<>();
        Set<String> attributes = new LinkedHashSet<>();
        for (ImportService.PreviewLine line : shown.lines()) {
            if (line.item() != null) {
                lines.add("line " + line.line() + "   " + ItemJson.DYNAMODB.write(line.item()));
                attributes.addAll(line.item().attributes().keySet());
            } else {
                lines.add("line " + line.line() + "   ✗ " + line.problem());
            }
        }
        preview.setAll(lines);
        newTable.learn(
                shown.lines().stream()
                        .map(ImportService.PreviewLine::item)
                        .filter(Objects::nonNull)
                        .toList());
        message.set(
                lines.isEmpty()
                        ? "The file holds no items."
                        : "The first "
                                + lines.size()
                                + (lines.size() == 1 ? " line" : " lines")
                                + " as they would be written; nothing is written yet.");
        if (format.get() != TransferFormat.CSV) {
            // JSON lines: their attributes become the mapping's rows, so a type can be given
            List<String> columns = new ArrayList<>();
            mapping.forEach(row -> columns.add(row.column()));
            attributes.stream().filter(a -> !columns.contains(a)).forEach(columns::add);
            if (columns.size() != mapping.size()) {
                setColumns(columns);
            }
        }
    }

    // ---- importing ---------------------------------------------------------------------------

    /** Batch writes in flight at once. */
    public IntegerProperty concurrencyProperty() {
        return concurrency;
    }

    /** Every bad line with its number (the first 1,000, then a count). */
    public ObservableList<String> problems() {
        return problems;
    }

    /** Whether an earlier import of the file left a journal to resume from. */
    public ReadOnlyBooleanProperty resumableProperty() {
        return resumable.getReadOnlyProperty();
    }

    /**
     * The check and the import: the progress is the share of the items written, -1 while the file
     * is being checked; cancel stops either (what was written is in the journal, for Resume).
     */
    public TaskState task() {
        return task;
    }

    /** How the last import ended: what was written, its cost, and how to go on. */
    public ReadOnlyStringProperty reportProperty() {
        return report.getReadOnlyProperty();
    }

    /** What the dialog is doing, or what went wrong reading the file. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** How the last import ended, or null. */
    public ReadOnlyObjectProperty<Outcome> outcomeProperty() {
        return outcome.getReadOnlyProperty();
    }

    /** The journal of the file's import: {@code FILE.import-journal} beside it. */
    public Path journal() {
        Path path = file.get();
        return path == null ? null : ImportService.journalBeside(path);
    }

    private void checkJournal() {
        Path journal = journal();
        resumable.set(journal != null && Files.exists(journal));
    }

    /** Checks the whole file, then writes it, with a new journal. */
    public BackgroundWork.Handle start() {
        return importFile(false);
    }

    /** Goes on from the journal of an earlier, unfinished import of the file. */
    public BackgroundWork.Handle resume() {
        return importFile(true);
    }

    /** Forgets an unfinished import: deletes its journal, so Import starts over. */
    public void discardJournal() {
        try {
            Files.deleteIfExists(journal());
            message.set("The journal was deleted: Import writes the whole file again.");
        } catch (IOException e) {
            message.set("Cannot delete the journal " + journal() + ": " + e.getMessage());
        }
        checkJournal();
    }

    private BackgroundWork.Handle importFile(boolean resume) {
        Path path = file.get();
        if (path == null || task.isRunning()) {
            return null;
        }
        ColumnMapping rules;
        try {
            rules = columnMapping();
        } catch (IllegalArgumentException e) {
            message.set(ErrorMessages.sentence(e.getMessage()));
            return null;
        }
        TableDefinition created = null;
        if (newTable.isChosen()) {
            try {
                created = newTable.definition();
            } catch (IllegalArgumentException e) {
                message.set(ErrorMessages.sentence(e.getMessage()));
                return null;
            }
        }
        TableDefinition into = created;
        ImportService.Request request =
                new ImportService.Request(
                        target(), ImportService.Input.file(path), format.get(), rules);
        ImportService.Options options =
                new ImportService.Options(Math.max(1, concurrency.get()), journal(), resume);
        task.setRunning(true);
        problems.clear();
        report.set("");
        outcome.set(null);
        task.setProgress(-1);
        task.setProgressText("checking every line of " + path.getFileName() + "…");
        message.set("");
        return task.track(
                work.submit(
                        "import " + path + " into " + target(),
                        (cancellation, report) -> {
                            NewTableImport creating = into == null ? null : newTable.service();
                            Checked checked =
                                    creating == null
                                            ? service.check(request, cancellation)
                                            : creating.check(request, into, cancellation);
                            if (!checked.ready()) {
                                return new Finished(checked, null);
                            }
                            report.accept(checked);
                            Report done =
                                    creating == null
                                            ? service.run(
                                                    checked, options, report::accept, cancellation)
                                            : creating.createAndRun(
                                                    checked,
                                                    into,
                                                    options,
                                                    report::accept,
                                                    cancellation);
                            return new Finished(checked, done);
                        },
                        this::showNews,
                        this::finished,
                        error -> {
                            task.failed();
                            report.set(ErrorMessages.sentence(ErrorMessages.describe(error)));
                            outcome.set(Outcome.FAILED);
                            checkJournal();
                        }));
    }

    private record Finished(Checked checked, Report report) {}

    /** The checked file as writing starts, then the writing's progress. */
    private void showNews(Object news) {
        if (news instanceof Checked checked) {
            started(checked);
        } else if (news instanceof Progress p) {
            showProgress(p);
        }
    }

    private void started(Checked checked) {
        task.setProgress(0);
        task.setProgressText(String.format(Locale.ROOT, "0 of %,d items written", checked.items()));
    }

    private void showProgress(Progress p) {
        if (!task.isRunning()) {
            return;
        }
        long done = p.written() + p.skipped();
        task.setProgress(p.items() == 0 ? 1 : (double) done / p.items());
        task.setProgressText(
                String.format(
                        Locale.ROOT,
                        "%,d of %,d items written · %s",
                        done,
                        p.items(),
                        CostText.of(p.requests(), p.consumedCapacity(), "WCU")));
    }

    private void finished(Finished finished) {
        task.setRunning(false);
        Checked checked = finished.checked();
        if (finished.report() == null) {
            task.setProgress(0);
            task.setProgressText("");
            if (checked.cancelled()) {
                report.set("Cancelled while checking the file: nothing was written.");
                outcome.set(Outcome.CANCELLED);
            } else {
                checked.problems().forEach(p -> problems.add(p.toString()));
                long more = checked.problemCount() - checked.problems().size();
                if (more > 0) {
                    problems.add("… and " + more + " more bad lines");
                }
                report.set(
                        checked.problemCount()
                                + (checked.problemCount() == 1 ? " bad line" : " bad lines")
                                + " in "
                                + file.get().getFileName()
                                + ": nothing was written. Fix them (or the mapping) and import"
                                + " again.");
                outcome.set(Outcome.FAILED);
            }
            checkJournal();
            return;
        }
        Report done = finished.report();
        Progress p = done.progress();
        showProgress(p);
        String cost = CostText.of(p.requests(), p.consumedCapacity(), "WCU consumed");
        String earlier =
                p.skipped() > 0 ? "; " + p.skipped() + " were written by the earlier run" : "";
        report.set(
                switch (done.outcome()) {
                    case COMPLETE ->
                            "Imported "
                                    + p.written()
                                    + " items into "
                                    + checked.request().table()
                                    + " in "
                                    + cost
                                    + earlier
                                    + ".";
                    case CANCELLED ->
                            "Cancelled: wrote "
                                    + writtenOfAll(p, cost)
                                    + earlier
                                    + lastLine(p)
                                    + ". Resume writes the rest, no item twice.";
                    case FAILED ->
                            "Line "
                                    + done.failure().line()
                                    + " failed: "
                                    + done.failure().message()
                                    + ". Wrote "
                                    + writtenOfAll(p, cost)
                                    + lastLine(p)
                                    + (done.journal() == null
                                            ? "."
                                            : ". Resume writes the rest, no item twice.");
                });
        outcome.set(done.outcome());
        checkJournal();
    }

    /** {@code 40 of 100 items (cost)}. */
    private static String writtenOfAll(Progress p, String cost) {
        return p.written() + " of " + p.items() + " items (" + cost + ")";
    }

    private static String lastLine(Progress p) {
        return p.lastLine() > 0 ? "; the last from line " + p.lastLine() : "";
    }
}

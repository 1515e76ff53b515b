package io.dynoscope.ui.sql;

import io.dynoscope.core.expression.snippet.SnippetRequest;
import io.dynoscope.core.file.OutputFile;
import io.dynoscope.core.sql.PlannedRead;
import io.dynoscope.core.sql.ResultExport;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.service.sql.ExecutedRead;
import io.dynoscope.service.sql.RowListener;
import io.dynoscope.service.sql.ScanWarning;
import io.dynoscope.service.sql.SqlCompletions;
import io.dynoscope.service.sql.SqlConsole;
import io.dynoscope.service.sql.SqlExplanation;
import io.dynoscope.service.sql.SqlResult;
import io.dynoscope.service.sql.SqlStatementException;
import io.dynoscope.service.sql.SqlWritePlan;
import io.dynoscope.service.sql.SqlWriteReport;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.ErrorMessages;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Predicate;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The SQL console tab's state: the editor text, the streaming result (columns and rows), the plan
 * (one entry per DynamoDB request, each openable in the expression builder), what the last
 * statement cost (in words, and the exact figures), its error and where it is in the editor, the
 * statement history, the schema list and the hint the console opens with. Statements run in the
 * background; rows reach the UI in batches as Calcite yields them; {@link #cancel} stops the
 * statement and its DynamoDB reads.
 */
public final class SqlConsoleViewModel {

    /** Rows are handed to the UI thread in batches of at most this many. */
    private static final int BATCH = 200;

    /** One line of the plan: a DynamoDB request (openable) or a line of text. */
    public record PlanEntry(String text, SnippetRequest request) {
        public boolean openable() {
            return request != null;
        }

        @Override
        public String toString() {
            return text;
        }
    }

    private final SqlConsole console;
    private final BackgroundWork work;
    private final StringProperty statement = new SimpleStringProperty("");
    private final ObservableList<String> columns = FXCollections.observableArrayList();
    private final ObservableList<List<Object>> rows = FXCollections.observableArrayList();
    private final ObservableList<PlanEntry> plan = FXCollections.observableArrayList();
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper statusDetails = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<ErrorSpot> errorSpot = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper hint = new ReadOnlyStringWrapper("");
    private final ObservableList<SchemaEntry> schema = FXCollections.observableArrayList();
    private final StatementHistory history = new StatementHistory();
    private int statementStart;
    private final StringProperty readOnlyReason = new SimpleStringProperty("");
    private Predicate<ScanWarning> scanApproval = w -> false;
    private Predicate<SqlWritePlan> writeApproval = p -> false;
    private Consumer<SnippetRequest> openRequest = r -> {};
    private BackgroundWork.Handle current;

    public SqlConsoleViewModel(SqlConsole console, BackgroundWork work) {
        this.console = console;
        this.work = work;
    }

    public StringProperty statementProperty() {
        return statement;
    }

    public ObservableList<String> columns() {
        return columns;
    }

    public ObservableList<List<Object>> rows() {
        return rows;
    }

    public ObservableList<PlanEntry> plan() {
        return plan;
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    /** What the last statement did, in words: "20 rows · 1 request · 0.5 read units · …". */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** The same in exact figures: {@code requests=… consumed=… scanned=… returned=… rows=…}. */
    public ReadOnlyStringProperty statusDetailsProperty() {
        return statusDetails.getReadOnlyProperty();
    }

    /**
     * Where in the editor's text the last statement's error is, when it is at one place.
     *
     * @param from the offset of its first character
     * @param to the offset just after its last
     */
    public record ErrorSpot(int from, int to, String message) {}

    public ReadOnlyObjectProperty<ErrorSpot> errorSpotProperty() {
        return errorSpot.getReadOnlyProperty();
    }

    /** What the console can query, said when it opens (the entity views, completion). */
    public ReadOnlyStringProperty hintProperty() {
        return hint.getReadOnlyProperty();
    }

    /** The tables and entity views, for the list beside the editor (see {@link #loadSchema}). */
    public ObservableList<SchemaEntry> schema() {
        return schema;
    }

    /** The statements run so far, newest first. */
    public ObservableList<String> history() {
        return history.statements();
    }

    /** An older statement of the history, stepping back from the newest; null at the oldest. */
    public String olderStatement() {
        return history.older();
    }

    /** A newer statement of the history; null past the newest. */
    public String newerStatement() {
        return history.newer();
    }

    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    /** Asked on the UI thread before a statement that must Scan; false runs nothing. */
    public void setScanApproval(Predicate<ScanWarning> approval) {
        this.scanApproval = approval;
    }

    /** Asked on the UI thread with the exact writes of an INSERT, UPDATE or DELETE. */
    public void setWriteApproval(Predicate<SqlWritePlan> approval) {
        this.writeApproval = approval;
    }

    /** Where a plan entry's request goes when opened (the lead wires the expression builder). */
    public void setOnOpenRequest(Consumer<SnippetRequest> listener) {
        this.openRequest = listener;
    }

    public void open(PlanEntry entry) {
        if (entry != null && entry.openable()) {
            openRequest.accept(entry.request());
        }
    }

    /** Runs the statement under the caret. */
    public void runAt(int caret) {
        EditorStatements.Span span = EditorStatements.at(statement.get(), caret);
        statementStart = span.start();
        run(span.text());
    }

    /** Runs the selected text, which starts at {@code start} in the editor. */
    public void runSelection(int start, String selected) {
        String text = selected.strip();
        statementStart = start + selected.indexOf(text.isEmpty() ? selected : text);
        run(text);
    }

    /** Shows the plan of the statement under the caret without reading anything. */
    public void explainAt(int caret) {
        EditorStatements.Span span = EditorStatements.at(statement.get(), caret);
        statementStart = span.start();
        String text = span.text();
        start();
        current =
                work.submit(
                        "explain",
                        c -> console.explain(text),
                        explanation -> {
                            showPlan(explanation, List.of());
                            status.set("Plan only: nothing was read");
                            running.set(false);
                        },
                        this::failed);
    }

    /**
     * Why the connection refuses writes, or empty: INSERT, UPDATE and DELETE are then refused
     * before anything is read or sent (SELECTs still run).
     */
    public StringProperty readOnlyReasonProperty() {
        return readOnlyReason;
    }

    public void run(String text) {
        if (text.isBlank()) {
            return;
        }
        history.add(text);
        start();
        if (SqlConsole.isWrite(text) && !readOnlyReason.get().isEmpty()) {
            running.set(false);
            status.set("");
            error.set(
                    "refused: the connection is read-only ("
                            + readOnlyReason.get()
                            + "); INSERT, UPDATE and DELETE are not run, nothing was sent");
            return;
        }
        if (SqlConsole.isWrite(text)) {
            current =
                    work.submit(
                            "write",
                            c -> write(text, c),
                            report -> {
                                running.set(false);
                                status.set(report);
                            },
                            this::failed);
            return;
        }
        current =
                work.submit(
                        "statement",
                        c -> {
                            Streaming streaming = new Streaming();
                            SqlResult result = console.run(text, streaming, this::askScan, c);
                            streaming.hand();
                            return result;
                        },
                        this::finished,
                        this::failed);
    }

    private String write(String text, Cancellation cancellation) {
        SqlWritePlan writePlan = console.planWrite(text, cancellation);
        List<String> lines = writePlan.describe().lines().toList();
        work.ui().execute(() -> lines.forEach(l -> plan.add(new PlanEntry(l, null))));
        if (writePlan.writes().isEmpty()) {
            return "nothing to write: no item matches";
        }
        if (!ask(() -> writeApproval.test(writePlan))) {
            return "not confirmed: nothing was written";
        }
        SqlWriteReport report = console.apply(writePlan);
        return "written="
                + report.written()
                + " refused="
                + report.refused().size()
                + (report.refused().isEmpty() ? "" : ": " + String.join("; ", report.refused()));
    }

    public void cancel() {
        if (current != null) {
            current.cancel();
        }
    }

    /**
     * Saves the rows as CSV (the labels as header), off the UI thread, atomically: the file is
     * whole or as it was.
     */
    public void exportCsv(Path file) {
        export(
                file,
                (labels, copy, out) -> {
                    out.write(ResultExport.csvHeader(labels));
                    for (List<Object> row : copy) {
                        out.write(ResultExport.csv(row));
                    }
                });
    }

    /**
     * Saves the rows as JSON lines, one object a row keyed by the labels; as {@link #exportCsv}.
     */
    public void exportJson(Path file) {
        export(
                file,
                (labels, copy, out) -> {
                    for (List<Object> row : copy) {
                        out.write(ResultExport.json(labels, row) + "\n");
                    }
                });
    }

    /** What an export writes, as text. */
    private interface Lines {
        void writeTo(List<String> labels, List<List<Object>> rows, Writer out) throws IOException;
    }

    /** Writes a copy of the result as it is now, so that a new statement cannot change it. */
    private void export(Path file, Lines lines) {
        List<String> labels = List.copyOf(columns);
        List<List<Object>> copy = List.copyOf(rows);
        int count = copy.size();
        work.submit(
                "export",
                c -> {
                    OutputFile.check(file)
                            .write(
                                    out -> {
                                        Writer writer =
                                                new OutputStreamWriter(out, StandardCharsets.UTF_8);
                                        lines.writeTo(labels, copy, writer);
                                        writer.flush();
                                    });
                    return file;
                },
                saved ->
                        status.set(
                                String.format(
                                        Locale.ROOT,
                                        "Saved %,d %s to %s",
                                        count,
                                        count == 1 ? "row" : "rows",
                                        saved.getFileName())),
                this::failed);
    }

    /**
     * Lists the tables and entity views beside the editor, and says in the hint which views the
     * table's model gives (reads the list of tables once).
     */
    public void loadSchema() {
        work.submit(
                "schema",
                c -> {
                    List<SchemaEntry> entries = new ArrayList<>();
                    List<String> tables = console.catalog().tables();
                    for (String name : console.catalog().names()) {
                        boolean table = tables.contains(name);
                        entries.add(
                                new SchemaEntry(
                                        SqlCompletions.quoted(name),
                                        table ? SchemaEntry.Kind.TABLE : SchemaEntry.Kind.VIEW,
                                        table
                                                ? "table"
                                                : "entity view of "
                                                        + console.catalog()
                                                                .tableOf(name)
                                                                .orElse("")));
                    }
                    return entries;
                },
                entries -> {
                    schema.setAll(entries);
                    hint.set(hintFor(entries));
                },
                this::failed);
    }

    private static String hintFor(List<SchemaEntry> entries) {
        List<String> views =
                entries.stream()
                        .filter(e -> e.kind() == SchemaEntry.Kind.VIEW)
                        .map(SchemaEntry::name)
                        .toList();
        if (views.isEmpty()) {
            return "Query any table by its name. Save a model of a table (Model tab) and its"
                    + " entities become views you can query too. Ctrl+Space completes names.";
        }
        return "Entity views of the table's model: "
                + String.join(", ", views)
                + ". Query them like tables, e.g. SELECT * FROM "
                + views.get(0)
                + " LIMIT 10. Ctrl+Space completes names; Ctrl+Enter runs the statement under the"
                + " caret.";
    }

    /** The columns of a table or view, for the schema list (describes its table, once). */
    public void columnsOf(SchemaEntry relation, Consumer<List<SchemaEntry>> shown) {
        work.submit(
                "columns",
                c ->
                        console.catalog()
                                .relation(unquoted(relation.name()))
                                .map(r -> r.columns().stream().map(SchemaEntry::column).toList())
                                .orElse(List.<SchemaEntry>of()),
                shown::accept,
                this::failed);
    }

    private static String unquoted(String name) {
        return name.startsWith("\"") && name.endsWith("\"") && name.length() >= 2
                ? name.substring(1, name.length() - 1).replace("\"\"", "\"")
                : name;
    }

    /** The completions at the caret, computed off the UI thread (they may describe a table). */
    public void complete(String text, int caret, Consumer<SqlCompletions.Result> shown) {
        work.submit("complete", c -> console.complete(text, caret), shown::accept, e -> {});
    }

    private void start() {
        cancel();
        columns.clear();
        rows.clear();
        plan.clear();
        error.set("");
        errorSpot.set(null);
        status.set("Running…");
        statusDetails.set("");
        running.set(true);
    }

    private boolean askScan(ScanWarning warning) {
        return ask(() -> scanApproval.test(warning));
    }

    /** Asks on the UI thread and waits for the answer on the statement's thread. */
    private boolean ask(BooleanSupplier question) {
        CompletableFuture<Boolean> answer = new CompletableFuture<>();
        work.ui().execute(() -> answer.complete(question.getAsBoolean()));
        try {
            return answer.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (ExecutionException e) {
            return false;
        }
    }

    /** Rows from the statement's thread to the UI thread, a batch at a time. */
    private final class Streaming implements RowListener {
        private List<List<Object>> batch = new ArrayList<>();
        private long lastHanded = System.nanoTime();

        @Override
        public void columns(List<String> labels) {
            List<String> copy = List.copyOf(labels);
            work.ui().execute(() -> columns.setAll(copy));
        }

        @Override
        public boolean row(List<Object> values) {
            batch.add(values);
            if (batch.size() >= BATCH || System.nanoTime() - lastHanded > 50_000_000L) {
                hand();
            }
            return true;
        }

        void hand() {
            List<List<Object>> handed = batch;
            batch = new ArrayList<>();
            lastHanded = System.nanoTime();
            work.ui().execute(() -> rows.addAll(handed));
        }
    }

    private void finished(SqlResult result) {
        running.set(false);
        showPlan(result.plan(), result.reads());
        if (result.refused()) {
            status.set("Not run: the statement needs a Scan, and it was not allowed");
            return;
        }
        // The last batch of rows was handed to the UI thread before this handler was queued.
        long millis = result.elapsed().toMillis();
        status.set(
                CostWords.result(
                        result.rowCount(), result.statistics(), millis, result.cancelled()));
        statusDetails.set(
                CostWords.exact(result.rowCount(), result.statistics(), millis)
                        + (result.cancelled() ? " (cancelled)" : ""));
    }

    private void showPlan(SqlExplanation explanation, List<ExecutedRead> executed) {
        plan.clear();
        List<PlannedRead> reads = explanation.reads();
        for (int i = 0; i < reads.size(); i++) {
            PlannedRead read = reads.get(i);
            String actual = "";
            for (ExecutedRead run : executed) {
                if (read.equals(run.read())) {
                    actual = "  → " + CostWords.reads(run.statistics());
                }
            }
            List<String> lines = read.describe();
            plan.add(new PlanEntry((i + 1) + ". " + lines.get(0) + actual, read.snippet()));
            for (String line : lines.subList(1, lines.size())) {
                plan.add(new PlanEntry(line, read.snippet()));
            }
        }
        for (ExecutedRead run : executed) {
            if (run.read() == null) {
                plan.add(
                        new PlanEntry(
                                "ExecuteStatement  → " + CostWords.reads(run.statistics()), null));
            } else if (run.isSample()) {
                plan.add(
                        new PlanEntry(
                                "Columns typed from a sample of "
                                        + run.read().table()
                                        + "  → "
                                        + CostWords.reads(run.statistics()),
                                null));
            }
        }
        explanation
                .scanWarning()
                .ifPresent(w -> plan.add(new PlanEntry("WARNING " + w.describe(), null)));
        plan.add(new PlanEntry("SQL engine plan:", null));
        explanation.engine().lines().forEach(l -> plan.add(new PlanEntry(l, null)));
    }

    private void failed(Throwable e) {
        running.set(false);
        status.set("");
        // the underline first: the message appears with its place already marked
        if (e instanceof SqlStatementException statement && statement.position().isPresent()) {
            errorSpot.set(spot(statement.position().get(), statement.getMessage()));
        }
        error.set(ErrorMessages.describe(e));
    }

    /** Where a position of the statement run is in the editor's text. */
    private ErrorSpot spot(SqlStatementException.Position position, String message) {
        String text = statement.get();
        int from =
                EditorStatements.offset(text, statementStart, position.line(), position.column());
        int to =
                EditorStatements.offset(
                                text, statementStart, position.endLine(), position.endColumn())
                        + 1;
        return new ErrorSpot(from, Math.max(from + 1, Math.min(to, text.length())), message);
    }
}

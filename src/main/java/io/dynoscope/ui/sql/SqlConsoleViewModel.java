package io.dynoscope.ui.sql;

import io.dynoscope.core.expression.snippet.SnippetRequest;
import io.dynoscope.core.sql.PlannedRead;
import io.dynoscope.core.sql.ResultExport;
import io.dynoscope.repository.Cancellation;
import io.dynoscope.service.sql.ExecutedRead;
import io.dynoscope.service.sql.RowListener;
import io.dynoscope.service.sql.ScanWarning;
import io.dynoscope.service.sql.SqlConsole;
import io.dynoscope.service.sql.SqlExplanation;
import io.dynoscope.service.sql.SqlResult;
import io.dynoscope.service.sql.SqlWritePlan;
import io.dynoscope.service.sql.SqlWriteReport;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.ErrorMessages;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Predicate;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The SQL console tab's state: the editor text, the streaming result (columns and rows), the plan
 * (one entry per DynamoDB request, each openable in the expression builder), the read statistics
 * and the error of the last statement. Statements run in the background; rows reach the UI in
 * batches as Calcite yields them; {@link #cancel} stops the statement and its DynamoDB reads.
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
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
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

    /** {@code requests=… consumed=… scanned=… returned=…} and the row count, after a statement. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
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

    /**
     * The statement under the caret: the text between the semicolons (outside quotes) around it.
     */
    public static String statementAt(String text, int caret) {
        List<int[]> spans = new ArrayList<>();
        int start = 0;
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                quote = c == quote ? 0 : quote;
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == ';') {
                spans.add(new int[] {start, i});
                start = i + 1;
            }
        }
        spans.add(new int[] {start, text.length()});
        for (int[] span : spans) {
            if (caret >= span[0]
                    && caret <= span[1]
                    && !text.substring(span[0], span[1]).isBlank()) {
                return text.substring(span[0], span[1]).strip();
            }
        }
        for (int i = spans.size() - 1; i >= 0; i--) {
            int[] span = spans.get(i);
            if (span[1] <= caret && !text.substring(span[0], span[1]).isBlank()) {
                return text.substring(span[0], span[1]).strip();
            }
        }
        return text.strip();
    }

    /** Runs the statement under the caret. */
    public void runAt(int caret) {
        run(statementAt(statement.get(), caret));
    }

    /** Shows the plan of the statement under the caret without reading anything. */
    public void explainAt(int caret) {
        String text = statementAt(statement.get(), caret);
        start();
        current =
                work.submit(
                        "explain",
                        c -> console.explain(text),
                        explanation -> {
                            showPlan(explanation, List.of());
                            status.set("plan only: nothing was read");
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

    /** Whether the last statement's rows can be exported. */
    public boolean hasRows() {
        return !columns.isEmpty();
    }

    public void exportCsv(Path file) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write(ResultExport.csvHeader(columns));
            for (List<Object> row : rows) {
                out.write(ResultExport.csv(row));
            }
        }
    }

    public void exportJson(Path file) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (List<Object> row : rows) {
                out.write(ResultExport.json(columns, row) + "\n");
            }
        }
    }

    private void start() {
        cancel();
        columns.clear();
        rows.clear();
        plan.clear();
        error.set("");
        status.set("running…");
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
            status.set("not run: the statement needs a Scan and it was not allowed");
            return;
        }
        // The last batch of rows was handed to the UI thread before this handler was queued.
        status.set(
                result.statistics().summary()
                        + " rows="
                        + result.rowCount()
                        + " "
                        + result.elapsed().toMillis()
                        + " ms"
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
                    actual = "  → " + run.statistics().summary();
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
                plan.add(new PlanEntry("ExecuteStatement  → " + run.statistics().summary(), null));
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
        error.set(ErrorMessages.describe(e));
    }
}

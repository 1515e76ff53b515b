package io.dynoscope.service.sql;

import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.sql.PlannedRead;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.store.DynamoRepository;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The SQL console's use case: SQL over one connection's tables and the entity views of its table
 * models, parsed, validated, planned and run by Apache Calcite, whose table scans become the
 * DynamoDB Queries and Scans that {@link StatementPlan} finds for them.
 *
 * <p>A statement is planned before anything is read: {@link #explain} stops there; {@link #run}
 * asks the caller before a statement that must Scan, then streams rows to a {@link RowListener} as
 * Calcite yields them and stops its reads when the caller cancels. Each statement gets its own
 * Calcite connection and reads; the catalog (table descriptions, sampled columns) is kept. Only the
 * tables a statement names are described or read, and every request it causes is in its result's
 * cost.
 */
public final class SqlConsole {

    private final DynamoRepository repository;
    private final SqlCatalog catalog;
    private final StatementPreparer preparer;
    private final PartiqlRunner partiql;
    private volatile boolean executeStatement;

    public SqlConsole(DynamoRepository repository, List<TableModel> models) {
        this(repository, new SqlCatalog(repository, models));
    }

    private SqlConsole(DynamoRepository repository, SqlCatalog catalog) {
        this.repository = repository;
        this.catalog = catalog;
        this.preparer = new StatementPreparer(catalog);
        this.partiql = new PartiqlRunner(repository, catalog);
    }

    /**
     * A console whose views are these entities, each of its table; a view's table is described only
     * when a statement uses the view.
     *
     * @throws IllegalArgumentException when two views have one name
     */
    public static SqlConsole ofViews(DynamoRepository repository, List<SqlCatalog.View> views) {
        return new SqlConsole(repository, new SqlCatalog(repository, views, false));
    }

    /**
     * Whether a PartiQL SELECT goes to DynamoDB as it is, with ExecuteStatement (AWS and DynamoDB
     * Local), instead of being translated into Query and Scan requests (the default, and the only
     * way on dynalite). Writes are always sent as conditional single-item requests.
     */
    public void sendPartiqlWithExecuteStatement(boolean send) {
        this.executeStatement = send;
    }

    /** Whether the statement is a PartiQL INSERT, UPDATE or DELETE (see {@link #planWrite}). */
    public static boolean isWrite(String statement) {
        return Set.of("INSERT", "UPDATE", "DELETE").contains(Statements.firstWord(statement));
    }

    /**
     * The exact conditional writes a PartiQL INSERT, UPDATE or DELETE makes, after reading the
     * items it changes; nothing is written until {@link #apply}.
     */
    public SqlWritePlan planWrite(String statement, Cancellation cancellation) {
        String body = Statements.body(statement);
        return partiql.planWrite(body, PartiqlStatement.parse(body), cancellation);
    }

    /** Sends a confirmed write plan; a write whose item changed since it was read is refused. */
    public SqlWriteReport apply(SqlWritePlan plan) {
        return partiql.apply(plan);
    }

    public SqlCatalog catalog() {
        return catalog;
    }

    /**
     * What can be typed at the caret (tables, views, columns, keywords); describes the relations
     * the statement names, reads no items: call it off the UI thread.
     */
    public SqlCompletions.Result complete(String text, int caret) {
        return new SqlCompletions(catalog).at(text, caret);
    }

    /**
     * The reads a SELECT will make and the engine's plan, without reading anything. An error's
     * position counts in {@code statement} as given.
     */
    public SqlExplanation explain(String statement) {
        try {
            return explainBody(statement);
        } catch (SqlStatementException e) {
            throw e.within(statement, Statements.withoutExplain(statement));
        }
    }

    private SqlExplanation explainBody(String statement) {
        String sql = Statements.withoutExplain(statement);
        if (isWrite(sql)) {
            throw new SqlStatementException(
                    "a write is shown with its plan before it runs: run it to see the plan");
        }
        Optional<PartiqlStatement.Select> select =
                executeStatement ? partiqlSelect(sql) : Optional.empty();
        if (select.isPresent()) {
            return partiql.explain(sql, select.get(), true);
        }
        StatementReads reads = new StatementReads(repository, Cancellation.none());
        try {
            return explanation(sql, reads);
        } catch (SqlStatementException e) {
            return partiqlFallback(sql)
                    .map(s -> partiql.explain(sql, s, executeStatement))
                    .orElseThrow(() -> e);
        }
    }

    /**
     * The reads and plan, without generating code; when they cannot be known before the tables are
     * sampled (rare: see {@link StatementPreparer}), after sampling them.
     */
    private SqlExplanation explanation(String sql, StatementReads reads) {
        StatementPreparer.Planned planned = preparer.plan(sql, reads, false);
        if (planned.explanation() != null) {
            return planned.explanation();
        }
        planned.toSample().forEach(table -> reads.sample(catalog, table));
        try (StatementPreparer.Prepared prepared = preparer.prepareSampled(sql, reads)) {
            return prepared.explanation();
        }
    }

    /** The statement as a DynamoDB PartiQL SELECT, when it is one the parser reads. */
    private static Optional<PartiqlStatement.Select> partiqlSelect(String statement) {
        try {
            return PartiqlStatement.parse(statement) instanceof PartiqlStatement.Select select
                    ? Optional.of(select)
                    : Optional.empty();
        } catch (SqlStatementException e) {
            return Optional.empty();
        }
    }

    /**
     * The statement as DynamoDB's PartiQL, when it is not the console's SQL but reads a table of
     * the connection as PartiQL (a view's name, or a typo, is the SQL error's to explain).
     */
    private Optional<PartiqlStatement.Select> partiqlFallback(String statement) {
        return partiqlSelect(statement).filter(s -> catalog.tables().contains(s.table()));
    }

    /**
     * Runs a SELECT (or {@code EXPLAIN SELECT}, whose rows are the plan's lines).
     *
     * @param allowScan asked before a statement that must Scan; false runs nothing
     */
    public SqlResult run(
            String statement,
            RowListener rows,
            Predicate<ScanWarning> allowScan,
            Cancellation cancellation) {
        int described = catalog.describedCount();
        SqlResult result;
        if (Statements.isExplain(statement)) {
            result = explainAsRows(statement, rows, System.nanoTime());
        } else {
            try {
                result = runBody(statement, rows, allowScan, cancellation);
            } catch (SqlStatementException e) {
                throw e.within(statement, Statements.body(statement));
            }
        }
        return result.withDescribed(catalog.describedSince(described));
    }

    private SqlResult runBody(
            String statement,
            RowListener rows,
            Predicate<ScanWarning> allowScan,
            Cancellation cancellation) {
        long start = System.nanoTime();
        if (isWrite(statement)) {
            throw new SqlStatementException(
                    "INSERT, UPDATE and DELETE are planned first (planWrite) and sent after a"
                            + " confirmation (apply)");
        }
        String body = Statements.body(statement);
        Optional<PartiqlStatement.Select> select =
                executeStatement ? partiqlSelect(body) : Optional.empty();
        if (select.isPresent()) {
            return partiql.select(body, select.get(), true, rows, allowScan, cancellation);
        }
        StatementReads reads = new StatementReads(repository, cancellation);
        StatementPreparer.Planned planned;
        try {
            planned = preparer.plan(body, reads, true);
        } catch (SqlStatementException e) {
            Optional<PartiqlStatement.Select> partiqlSelect = partiqlFallback(body);
            if (partiqlSelect.isEmpty()) {
                throw e;
            }
            return partiql.select(body, partiqlSelect.get(), false, rows, allowScan, cancellation);
        }
        StatementPreparer.Prepared prepared = planned.prepared();
        if (refused(planned.explanation(), allowScan)) {
            if (prepared != null) {
                prepared.close();
            }
            return refusal(planned.explanation(), reads, start);
        }
        if (prepared == null) {
            planned.toSample().forEach(table -> reads.sample(catalog, table));
            prepared = preparer.prepareSampled(body, reads);
            if (planned.explanation() == null && refused(prepared.explanation(), allowScan)) {
                prepared.close();
                return refusal(prepared.explanation(), reads, start);
            }
        }
        try (StatementPreparer.Prepared ready = prepared) {
            return execute(ready, reads, rows, cancellation, start);
        }
    }

    private SqlResult explainAsRows(String statement, RowListener rows, long start) {
        SqlExplanation explanation = explain(statement);
        rows.columns(List.of("plan"));
        List<String> lines = explanation.describe().lines().toList();
        lines.forEach(line -> rows.row(List.of(line)));
        return new SqlResult(
                List.of("plan"),
                lines.size(),
                List.of(),
                explanation,
                false,
                false,
                Duration.ofNanos(System.nanoTime() - start),
                List.of());
    }

    private static boolean refused(SqlExplanation plan, Predicate<ScanWarning> allowScan) {
        return plan != null
                && plan.scanWarning().isPresent()
                && !allowScan.test(plan.scanWarning().get());
    }

    /** A statement the caller did not allow to Scan: only a sample it needed first was read. */
    private static SqlResult refusal(SqlExplanation plan, StatementReads reads, long start) {
        return new SqlResult(
                List.of(),
                0,
                reads.finish(),
                plan,
                true,
                false,
                Duration.ofNanos(System.nanoTime() - start),
                List.of());
    }

    /** A failure of the caller's row listener (its output, say), passed on as it is. */
    private static final class ListenerFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ListenerFailure(RuntimeException cause) {
            super(cause);
        }

        RuntimeException failure() {
            return (RuntimeException) getCause();
        }
    }

    /** Runs a prepared statement, its rows to {@code rows}, and waits for its reads to end. */
    private static SqlResult execute(
            StatementPreparer.Prepared prepared,
            StatementReads reads,
            RowListener rows,
            Cancellation cancellation,
            long start) {
        List<String> labels = new ArrayList<>();
        long count = 0;
        boolean stopped = false;
        try (ResultSet results = prepared.statement().executeQuery()) {
            ResultSetMetaData meta = results.getMetaData();
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                labels.add(meta.getColumnLabel(i));
            }
            tell(() -> rows.columns(labels));
            while (!cancellation.isCancelled() && results.next()) {
                List<Object> values = new ArrayList<>(labels.size());
                for (int i = 1; i <= labels.size(); i++) {
                    values.add(results.getObject(i));
                }
                count++;
                boolean[] more = new boolean[1];
                tell(() -> more[0] = rows.row(values));
                if (!more[0]) {
                    stopped = true;
                    break;
                }
            }
        } catch (ListenerFailure e) {
            reads.cancel();
            reads.finish();
            throw e.failure();
        } catch (SQLException | RuntimeException e) {
            reads.cancel();
            reads.finish();
            if (!cancellation.isCancelled()) {
                throw StatementErrors.of(
                        e, prepared.explanation().statement(), StatementErrors.NO_NAMES);
            }
            stopped = true;
        }
        reads.cancel();
        return new SqlResult(
                labels,
                count,
                reads.finish(),
                prepared.explanation(),
                false,
                stopped || cancellation.isCancelled(),
                Duration.ofNanos(System.nanoTime() - start),
                List.of());
    }

    private static void tell(Runnable listener) {
        try {
            listener.run();
        } catch (RuntimeException e) {
            throw new ListenerFailure(e);
        }
    }

    /** The Scans among the reads, with the size of what they read, or empty. */
    static Optional<ScanWarning> scanWarning(SqlCatalog catalog, List<PlannedRead> reads) {
        List<ScanWarning.ScannedTable> scans = new ArrayList<>();
        for (PlannedRead read : reads) {
            if (read.isScan()) {
                TableInfo info = catalog.describe(read.table());
                scans.add(
                        new ScanWarning.ScannedTable(
                                read.table(), read.reason(), info.itemCount(), info.sizeBytes()));
            }
        }
        return scans.isEmpty() ? Optional.empty() : Optional.of(new ScanWarning(scans));
    }
}

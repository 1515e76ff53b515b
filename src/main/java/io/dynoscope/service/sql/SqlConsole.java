package io.dynoscope.service.sql;

import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.sql.PlannedRead;
import io.dynoscope.repository.Cancellation;
import io.dynoscope.repository.DynamoRepository;
import io.dynoscope.repository.RepositoryException;
import io.dynoscope.repository.TableInfo;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.runtime.Hook;
import org.apache.calcite.sql.parser.SqlParseException;

/**
 * The SQL console's use case: SQL over one connection's tables and the entity views of its table
 * models, parsed, validated, planned and run by Apache Calcite, whose table scans become the
 * DynamoDB Queries and Scans that {@link StatementPlan} finds for them.
 *
 * <p>A statement is planned before anything is read: {@link #explain} stops there; {@link #run}
 * asks the caller before a statement that must Scan, then streams rows to a {@link RowListener} as
 * Calcite yields them and stops its reads when the caller cancels. Each statement gets its own
 * Calcite connection and reads; the catalog (table descriptions, sampled columns) is kept.
 */
public final class SqlConsole {

    private final DynamoRepository repository;
    private final SqlCatalog catalog;
    private final PartiqlRunner partiql;
    private volatile boolean executeStatement;

    public SqlConsole(DynamoRepository repository, List<TableModel> models) {
        this.repository = repository;
        this.catalog = new SqlCatalog(repository, models);
        this.partiql = new PartiqlRunner(repository, catalog);
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

    DynamoRepository repository() {
        return repository;
    }

    /** The reads a SELECT will make and the engine's plan, without reading anything. */
    public SqlExplanation explain(String statement) {
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
        try (Prepared prepared = prepare(sql, reads)) {
            return prepared.explanation;
        } catch (SqlStatementException e) {
            return partiqlSelect(sql)
                    .map(s -> partiql.explain(sql, s, executeStatement))
                    .orElseThrow(() -> e);
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
     * Runs a SELECT (or {@code EXPLAIN SELECT}, whose rows are the plan's lines).
     *
     * @param allowScan asked before a statement that must Scan; false runs nothing
     */
    public SqlResult run(
            String statement,
            RowListener rows,
            Predicate<ScanWarning> allowScan,
            Cancellation cancellation) {
        long start = System.nanoTime();
        if (Statements.isExplain(statement)) {
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
                    Duration.ofNanos(System.nanoTime() - start));
        }
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
        Prepared prepared;
        try {
            prepared = prepare(body, reads);
        } catch (SqlStatementException e) {
            Optional<PartiqlStatement.Select> partiqlSelect = partiqlSelect(body);
            if (partiqlSelect.isEmpty()) {
                throw e;
            }
            return partiql.select(body, partiqlSelect.get(), false, rows, allowScan, cancellation);
        }
        try (prepared) {
            SqlExplanation plan = prepared.explanation;
            if (plan.scanWarning().isPresent() && !allowScan.test(plan.scanWarning().get())) {
                return new SqlResult(
                        List.of(), 0, List.of(), plan, true, false, Duration.ofNanos(0));
            }
            List<String> labels = new ArrayList<>();
            long count = 0;
            boolean stopped = false;
            try (ResultSet results = prepared.statement.executeQuery()) {
                ResultSetMetaData meta = results.getMetaData();
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    labels.add(meta.getColumnLabel(i));
                }
                rows.columns(labels);
                while (true) {
                    if (cancellation.isCancelled()) {
                        stopped = true;
                        break;
                    }
                    if (!results.next()) {
                        break;
                    }
                    List<Object> values = new ArrayList<>(labels.size());
                    for (int i = 1; i <= labels.size(); i++) {
                        values.add(results.getObject(i));
                    }
                    count++;
                    if (!rows.row(values)) {
                        stopped = true;
                        break;
                    }
                }
            } catch (SQLException | RuntimeException e) {
                if (cancellation.isCancelled()) {
                    stopped = true;
                } else {
                    throw failure(e);
                }
            } finally {
                reads.cancel();
            }
            return new SqlResult(
                    labels,
                    count,
                    reads.executed(),
                    plan,
                    false,
                    stopped || cancellation.isCancelled(),
                    Duration.ofNanos(System.nanoTime() - start));
        }
    }

    /** A statement Calcite has planned, with the reads found in its plan. */
    private final class Prepared implements AutoCloseable {
        private final Connection connection;
        private final PreparedStatement statement;
        private final SqlExplanation explanation;

        Prepared(Connection connection, PreparedStatement statement, SqlExplanation explanation) {
            this.connection = connection;
            this.statement = statement;
            this.explanation = explanation;
        }

        @Override
        public void close() {
            try {
                statement.close();
                connection.close();
            } catch (SQLException e) {
                throw failure(e);
            }
        }
    }

    private Prepared prepare(String sql, StatementReads reads) {
        Connection connection = connect(reads);
        RelNode[] captured = new RelNode[1];
        PreparedStatement statement;
        try (Hook.Closeable rules = Hook.PLANNER.addThread(SqlConsole::addRules);
                Hook.Closeable hook =
                        Hook.PLAN_BEFORE_IMPLEMENTATION.addThread(
                                (RelRoot root) -> captured[0] = root.rel)) {
            statement = connection.prepareStatement(sql);
        } catch (SQLException | RuntimeException e) {
            closeQuietly(connection);
            throw failure(e);
        }
        if (captured[0] == null) {
            closeQuietly(connection);
            throw new SqlStatementException(
                    "the SQL console runs queries (SELECT); this statement has no query plan");
        }
        StatementPlan plan = StatementPlan.of(captured[0]);
        reads.plan(plan);
        SqlExplanation explanation =
                new SqlExplanation(
                        sql,
                        plan.reads(),
                        RelOptUtil.toString(captured[0]),
                        scanWarning(catalog, plan.reads()));
        return new Prepared(connection, statement, explanation);
    }

    /**
     * A predicate on one side of an equi-join holds on the other side too: {@code w.EntityRef =
     * 'WS#acme'} with {@code p.EntityRef = w.EntityRef} reaches the scan of {@code p}, whose read
     * then becomes a Query of the same item collection.
     */
    private static void addRules(RelOptPlanner planner) {
        planner.addRule(CoreRules.JOIN_PUSH_TRANSITIVE_PREDICATES);
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

    private Connection connect(StatementReads reads) {
        return SqlEngine.connect(catalog, reads);
    }

    private static void closeQuietly(Connection connection) {
        try {
            connection.close();
        } catch (SQLException ignored) {
            // The statement already failed; that failure is the one to report.
        }
    }

    /** The failure to report: a repository error as it is, a SQL error as its own message. */
    static RuntimeException failure(Exception e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof RepositoryException repositoryException) {
                return repositoryException;
            }
            if (t instanceof SqlStatementException statementException) {
                return statementException;
            }
            if (t instanceof CalciteContextException || t instanceof SqlParseException) {
                return new SqlStatementException(t.getMessage(), t);
            }
        }
        String message = e.getMessage() == null ? e.toString() : e.getMessage();
        return new SqlStatementException(
                message.toLowerCase(Locale.ROOT).startsWith("error while")
                                && e.getCause() != null
                                && e.getCause().getMessage() != null
                        ? e.getCause().getMessage()
                        : message,
                e);
    }
}

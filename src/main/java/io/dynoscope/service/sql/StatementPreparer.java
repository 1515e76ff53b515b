package io.dynoscope.service.sql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.runtime.Hook;

/**
 * Plans statements with Calcite, reading as little as the statement allows: a relation's columns
 * are first those known without reading items (keys, the model's attributes). Only when the
 * statement needs more of an open relation's columns (an attribute not known yet, or {@code *}) is
 * its table sampled, and then only after the reads the statement needs are known: a statement
 * refused for its Scans has read nothing. To learn those reads, unknown columns are planned as
 * provisional columns of any type, without generating code.
 */
final class StatementPreparer {

    /** How many unknown columns one statement may name before its tables are sampled first. */
    private static final int MAX_PROVISIONAL = 64;

    private final SqlCatalog catalog;

    StatementPreparer(SqlCatalog catalog) {
        this.catalog = catalog;
    }

    /**
     * What planning found before any item was read.
     *
     * @param prepared the statement ready to run, or null when its tables must be sampled first
     * @param explanation the reads and plan, or null when they cannot be known before sampling
     * @param toSample the tables to sample before the statement can run
     */
    record Planned(Prepared prepared, SqlExplanation explanation, Set<String> toSample) {}

    /** A statement Calcite has planned, with the reads found in its plan. */
    record Prepared(Connection connection, PreparedStatement statement, SqlExplanation explanation)
            implements AutoCloseable {

        @Override
        public void close() {
            try {
                if (statement != null) {
                    statement.close();
                }
                connection.close();
            } catch (SQLException ignored) {
                // Nothing of the statement is left to release that its end did not release.
            }
        }
    }

    /** Thrown from the planner's hook to stop after planning, before code is generated. */
    private static final class PlannedOnly extends RuntimeException {
        private static final long serialVersionUID = 1L;

        PlannedOnly() {
            super(null, null, false, false);
        }
    }

    /**
     * Plans {@code sql} with the columns known now.
     *
     * @param compile whether to make it ready to run (else only its reads and plan are wanted)
     */
    Planned plan(String sql, StatementReads reads, boolean compile) {
        StatementErrors.checkLimits(sql);
        StatementColumns columns = new StatementColumns(catalog, OrderHint.of(sql));
        // A * of a relation whose columns are not known yet is planned again once its table is
        // sampled: code generated now would be thrown away, so none is.
        boolean star = selectsStar(sql);
        boolean sampledFirst = star && namesOpenRelation(sql);
        try {
            Prepared prepared = prepare(sql, columns, reads, compile && !sampledFirst);
            Set<String> open = columns.openTables();
            if (!open.isEmpty() && star) {
                prepared.close();
                return new Planned(null, prepared.explanation(), open);
            }
            if (compile && sampledFirst) {
                prepared.close();
                prepared =
                        prepare(sql, new StatementColumns(catalog, OrderHint.of(sql)), reads, true);
            }
            return new Planned(prepared, prepared.explanation(), Set.of());
        } catch (RuntimeException e) {
            Optional<String> unknown = StatementErrors.unknownColumn(e);
            if (unknown.isEmpty() || columns.openTables().isEmpty()) {
                throw StatementErrors.of(e, sql, columns);
            }
            return provisional(sql, columns, unknown.get(), reads);
        }
    }

    private boolean namesOpenRelation(String sql) {
        return StatementRelations.aliases(StatementRelations.code(sql)).values().stream()
                .anyMatch(catalog::isOpen);
    }

    /** Plans again once the tables are sampled: an unknown column is now unknown for good. */
    Prepared prepareSampled(String sql, StatementReads reads) {
        StatementColumns columns = new StatementColumns(catalog, OrderHint.of(sql));
        try {
            return prepare(sql, columns, reads, true);
        } catch (RuntimeException e) {
            throw StatementErrors.of(e, sql, columns);
        }
    }

    /**
     * The reads of a statement that names columns its open relations do not know yet, planned with
     * those columns provisional; or, where that plan cannot be made, no reads: sample first.
     */
    private Planned provisional(
            String sql, StatementColumns failed, String column, StatementReads reads) {
        Set<String> open = new LinkedHashSet<>(failed.openTables());
        StatementColumns attempt = failed;
        String missing = column;
        for (int i = 0; i < MAX_PROVISIONAL && attempt.addProvisional(missing); i++) {
            StatementColumns next = attempt.next();
            try {
                Prepared prepared = prepare(sql, next, reads, false);
                open.addAll(next.openTables());
                return new Planned(null, prepared.explanation(), open);
            } catch (RuntimeException e) {
                open.addAll(next.openTables());
                Optional<String> unknown = StatementErrors.unknownColumn(e);
                if (unknown.isEmpty()) {
                    break;
                }
                attempt = next;
                missing = unknown.get();
            }
        }
        return new Planned(null, null, open);
    }

    /** Whether the statement selects every column of a relation ({@code *} or {@code t.*}). */
    static boolean selectsStar(String sql) {
        List<SqlToken> tokens = StatementRelations.code(sql);
        for (int i = 1; i < tokens.size(); i++) {
            if (tokens.get(i).text().equals("*")) {
                String before = tokens.get(i - 1).text();
                if (before.equals(",")
                        || before.equals(".")
                        || before.equalsIgnoreCase("SELECT")
                        || before.equalsIgnoreCase("DISTINCT")
                        || before.equalsIgnoreCase("ALL")) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Plans with the ORDER BY pushed into the reads where the columns say so; when a relation that
     * said it comes ordered is not read by one Query after all, plans again without.
     */
    private Prepared prepare(
            String sql, StatementColumns columns, StatementReads reads, boolean compile) {
        try {
            return prepareOnce(sql, columns, reads, compile);
        } catch (OrderNotKept e) {
            return prepareOnce(sql, columns.withoutOrder(), reads, compile);
        }
    }

    /** A plan that relied on an order its reads cannot give. */
    private static final class OrderNotKept extends RuntimeException {
        private static final long serialVersionUID = 1L;

        OrderNotKept() {
            super(null, null, false, false);
        }
    }

    private Prepared prepareOnce(
            String sql, StatementColumns columns, StatementReads reads, boolean compile) {
        Connection connection = SqlEngine.connect(sql, columns, reads);
        RelNode[] captured = new RelNode[1];
        PreparedStatement statement = null;
        try (Hook.Closeable rules = Hook.PLANNER.addThread(StatementPreparer::addRules);
                Hook.Closeable hook =
                        Hook.PLAN_BEFORE_IMPLEMENTATION.addThread(
                                (RelRoot root) -> {
                                    captured[0] = root.rel;
                                    if (!compile) {
                                        throw new PlannedOnly();
                                    }
                                })) {
            statement = connection.prepareStatement(sql);
        } catch (SQLException | RuntimeException e) {
            if (captured[0] == null || !plannedOnly(e)) {
                closeQuietly(connection);
                throw e instanceof RuntimeException r ? r : new StatementFailure(e);
            }
        }
        if (captured[0] == null) {
            closeQuietly(connection);
            boolean readsATable =
                    StatementRelations.code(sql).stream()
                            .anyMatch(t -> t.text().equalsIgnoreCase("FROM"));
            throw new SqlStatementException(
                    readsATable
                            ? "the SQL console runs queries (SELECT); this statement has no query"
                                    + " plan"
                            : "this statement reads no table: the SQL console answers SELECTs over"
                                    + " the connection's tables, e.g. SELECT * FROM \"orders\" WHERE"
                                    + " pk = 'A'");
        }
        StatementPlan plan = StatementPlan.of(captured[0], columns);
        if (!plan.orderKept()) {
            closeQuietly(connection);
            throw new OrderNotKept();
        }
        reads.plan(plan);
        SqlExplanation explanation =
                new SqlExplanation(
                        sql,
                        plan.reads(),
                        RelOptUtil.toString(captured[0]),
                        SqlConsole.scanWarning(catalog, plan.reads()));
        return new Prepared(connection, statement, explanation);
    }

    private static boolean plannedOnly(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof PlannedOnly) {
                return true;
            }
        }
        return false;
    }

    /** A checked failure of the SQL engine, carried to {@link StatementErrors}. */
    static final class StatementFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        StatementFailure(Exception cause) {
            super(cause.getMessage(), cause);
        }
    }

    /**
     * A predicate on one side of an equi-join holds on the other side too: {@code w.EntityRef =
     * 'WS#acme'} with {@code p.EntityRef = w.EntityRef} reaches the scan of {@code p}, whose read
     * then becomes a Query of the same item collection.
     */
    private static void addRules(RelOptPlanner planner) {
        planner.addRule(CoreRules.JOIN_PUSH_TRANSITIVE_PREDICATES);
    }

    private static void closeQuietly(Connection connection) {
        try {
            connection.close();
        } catch (SQLException ignored) {
            // The statement already failed; that failure is the one to report.
        }
    }
}

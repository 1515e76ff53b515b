package io.dynoscope.service.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.sql.SqlRelation;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.MfaCodePrompt;
import io.dynoscope.service.store.RequestTimeouts;
import io.dynoscope.testsupport.GatedEndpoint;
import io.dynoscope.testsupport.TestEngine;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rex.RexNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The join of a parent and its children in one item collection, merged in the shared Query's key
 * order: the same rows as Calcite's hash join over every item in memory, on a collection of one
 * page (acme) and of several ({@value SampleData#HUGE}, over 1 MB), either direction; its first row
 * goes out before the Query's second page has come back; and a join the merge does not fit still
 * gives the right rows.
 */
class SqlMergedJoinTest {

    private static final Duration PATIENCE = Duration.ofSeconds(60);

    private static String saas;
    private static SqlConsole console;
    private static List<Item> copy;

    @BeforeAll
    static void seed() {
        saas = TestEngine.uniqueTableName("sql-merge");
        SampleTables.seed(TestEngine.repository(), Dataset.SAAS, saas);
        copy = SampleData.items(Dataset.SAAS);
        console = new SqlConsole(TestEngine.repository(), List.of(SampleModels.saas(saas)));
    }

    private static String join(String workspace, String order) {
        return "SELECT w.name AS workspace, p.Detail AS project, p.status FROM workspace w"
                + " JOIN project p ON p.EntityRef = w.EntityRef WHERE w.EntityRef = '"
                + workspace
                + "' ORDER BY p.Detail "
                + order;
    }

    @Test
    void theMergedJoinGivesTheHashJoinsRowsOnOnePageAndOnSeveral() throws SQLException {
        for (String workspace : List.of(SampleData.ACME, SampleData.HUGE)) {
            for (String order : List.of("DESC", "ASC")) {
                String sql = join(workspace, order);
                SqlConsoleTest.Collected out = SqlConsoleTest.run(console, sql);

                assertEquals(inMemory(sql), text(out.rows()), sql);
                assertTrue(out.result().plan().describe().contains("merged in its key order"));
                assertFalse(out.result().plan().engine().contains("Sort"), sql);
            }
        }
        String left =
                "SELECT w.name, p.Detail FROM workspace w LEFT JOIN project p"
                        + " ON p.EntityRef = w.EntityRef WHERE w.EntityRef = '"
                        + SampleData.HUGE
                        + "'";
        List<String> rows = text(SqlConsoleTest.run(console, left).rows());
        assertEquals(sorted(inMemory(left)), sorted(rows));
        assertEquals(SampleData.HUGE_PROJECTS, rows.size());
    }

    @Test
    void theSeedJoinStaysOneQueryOfOnePage() {
        SqlConsoleTest.Collected out = SqlConsoleTest.run(console, join(SampleData.ACME, "DESC"));

        assertEquals(1, out.result().reads().size(), out.result().reads().toString());
        assertEquals(1, out.result().statistics().requests());
    }

    @Test
    void theFirstRowGoesOutBeforeTheSecondPageComesBackNewestFirst() throws Exception {
        List<String> reasons = firstRowBeforeSecondPage(join(SampleData.HUGE, "DESC"));

        // META sorts after every PROJ#: the workspace is read by its key beside the second page.
        assertEquals(2, reasons.size(), reasons.toString());
        assertTrue(reasons.get(1).startsWith(StatementPlan.FIRST_BY_KEY), reasons.toString());
    }

    @Test
    void theFirstRowGoesOutBeforeTheSecondPageComesBackOldestFirst() throws Exception {
        List<String> reasons = firstRowBeforeSecondPage(join(SampleData.HUGE, "ASC"));

        // META comes first in the Query's order: nothing else is read.
        assertEquals(1, reasons.size(), reasons.toString());
    }

    /**
     * Runs {@code sql} through an endpoint that holds the Query's second page (the first request
     * that continues a read) until the first row has gone out, or for a long time at most.
     *
     * @return the reasons of the reads the statement ran
     */
    private static List<String> firstRowBeforeSecondPage(String sql) throws Exception {
        try (GatedEndpoint gated =
                        GatedEndpoint.gatingRequestsWith(
                                TestEngine.endpoint(), "Query", "ExclusiveStartKey", 1);
                SdkDynamoRepository repository =
                        SdkDynamoRepository.connect(
                                new ConnectionSpec.Endpoint(gated.endpoint(), null, null),
                                RequestTimeouts.of(PATIENCE.multipliedBy(10)),
                                MfaCodePrompt.NONE)) {
            SqlConsole gatedConsole = new SqlConsole(repository, List.of(SampleModels.saas(saas)));
            CountDownLatch firstRow = new CountDownLatch(1);
            AtomicBoolean secondPageHeld = new AtomicBoolean();
            AtomicBoolean opened = new AtomicBoolean();
            List<List<Object>> taken = new ArrayList<>();
            RowListener rows =
                    new RowListener() {
                        @Override
                        public void columns(List<String> labels) {}

                        @Override
                        public boolean row(List<Object> values) {
                            if (firstRow.getCount() > 0) {
                                secondPageHeld.set(!opened.get());
                                firstRow.countDown();
                            }
                            taken.add(values);
                            return true;
                        }
                    };
            CompletableFuture<SqlResult> run =
                    CompletableFuture.supplyAsync(
                            () -> gatedConsole.run(sql, rows, w -> true, Cancellation.none()));
            assertTrue(gated.awaitGatedRequest(PATIENCE), "the Query has a second page");
            firstRow.await(PATIENCE.toSeconds(), TimeUnit.SECONDS);
            opened.set(true);
            gated.open();
            SqlResult result = run.get(PATIENCE.toSeconds() * 2, TimeUnit.SECONDS);

            assertTrue(secondPageHeld.get(), "the first row waited for the second page");
            assertEquals(inMemory(sql), text(taken), sql);
            return result.reads().stream().map(r -> r.read().reason()).toList();
        }
    }

    @Test
    void aJoinTheMergeDoesNotFitStillGivesTheHashJoinsRows() throws SQLException {
        // The table itself has no sort-key range of its own in the collection: not merged.
        String sql =
                "SELECT t.Detail, w.name FROM \""
                        + saas
                        + "\" t JOIN workspace w ON w.EntityRef = t.EntityRef"
                        + " WHERE w.EntityRef = '"
                        + SampleData.HUGE
                        + "'";
        SqlConsoleTest.Collected out = SqlConsoleTest.run(console, sql);

        assertFalse(
                out.result().plan().describe().contains("merged in its key order"),
                out.result().plan().describe());
        assertEquals(sorted(inMemory(sql)), sorted(text(out.rows())));
        assertEquals(SampleData.HUGE_PROJECTS + 1, out.rows().size());
    }

    /** The statement's rows by Calcite over every sample item in memory: its hash join. */
    private static List<String> inMemory(String sql) throws SQLException {
        try (Connection memory =
                        SqlEngine.connect(
                                sql,
                                new StatementColumns(console.catalog(), Optional.empty()),
                                SqlMergedJoinTest::all);
                Statement statement = memory.createStatement();
                ResultSet results = statement.executeQuery(sql)) {
            List<List<Object>> rows = new ArrayList<>();
            int width = results.getMetaData().getColumnCount();
            while (results.next()) {
                List<Object> values = new ArrayList<>();
                for (int i = 1; i <= width; i++) {
                    values.add(results.getObject(i));
                }
                rows.add(values);
            }
            return text(rows);
        }
    }

    private static Enumerable<Object[]> all(
            SqlRelation relation, List<RexNode> filters, int[] projects) {
        List<Object[]> rows = new ArrayList<>();
        for (Item item : copy) {
            Object[] row = relation.row(item, projects);
            if (row != null) {
                rows.add(row);
            }
        }
        return Linq4j.asEnumerable(rows);
    }

    private static List<String> text(List<List<Object>> rows) {
        return rows.stream().map(SqlDifferentialTest::text).toList();
    }

    private static List<String> sorted(List<String> rows) {
        return rows.stream().sorted().toList();
    }
}

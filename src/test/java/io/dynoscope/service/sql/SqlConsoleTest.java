package io.dynoscope.service.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.sql.PlannedRead;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.testsupport.TestEngine;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The SQL console over the saas sample in the test engine. */
class SqlConsoleTest {

    static final String SEED_JOIN =
            """
            SELECT w.name AS workspace, p.Detail AS project, p.status
            FROM workspace w JOIN project p ON p.EntityRef = w.EntityRef
            WHERE w.EntityRef = 'WS#acme'
            ORDER BY p.Detail DESC""";

    private static String table;
    private static String blog;
    private static SqlConsole console;

    @BeforeAll
    static void seed() {
        DynamoRepository repository = TestEngine.repository();
        table = TestEngine.uniqueTableName("sql-saas");
        blog = TestEngine.uniqueTableName("sql-blog");
        SampleTables.seed(repository, Dataset.SAAS, table);
        SampleTables.seed(repository, Dataset.BLOG, blog);
        console =
                new SqlConsole(
                        repository, List.of(SampleModels.saas(table), SampleModels.blog(blog)));
    }

    record Collected(List<String> columns, List<List<Object>> rows, SqlResult result) {}

    /** Keeps a statement's columns and rows. */
    static final class Rows implements RowListener {
        final List<String> columns = new ArrayList<>();
        final List<List<Object>> rows = new ArrayList<>();

        @Override
        public void columns(List<String> labels) {
            columns.addAll(labels);
        }

        @Override
        public boolean row(List<Object> values) {
            rows.add(values);
            return true;
        }
    }

    static Collected run(SqlConsole console, String sql) {
        Rows rows = new Rows();
        SqlResult result = console.run(sql, rows, warning -> true, Cancellation.none());
        return new Collected(rows.columns, rows.rows, result);
    }

    @Test
    void theSeedJoinIsOneQueryOfTheItemCollectionNewestFirst() {
        Collected out = run(console, SEED_JOIN);

        assertEquals(List.of("workspace", "project", "status"), out.columns());
        List<Object> projects = out.rows().stream().map(r -> r.get(1)).toList();
        List<Object> expected =
                IntStream.iterate(42, n -> n >= 23, n -> n - 1)
                        .mapToObj(SampleData::projectDetail)
                        .map(Object.class::cast)
                        .toList();
        assertEquals(expected, projects);
        assertTrue(
                out.rows().stream().allMatch(r -> r.get(0).equals("Acme")), out.rows().toString());
        assertEquals("PAUSED", out.rows().get(0).get(2)); // statuses cycle by project number
        assertEquals(1, out.result().statistics().requests(), out.result().plan().describe());
        List<PlannedRead> reads = out.result().plan().reads();
        assertEquals(1, reads.size(), out.result().plan().describe());
        assertEquals("Query", reads.get(0).operation());
        assertEquals("#er = :er", reads.get(0).keyConditionExpression().text());
        assertFalse(out.result().plan().scanWarning().isPresent());
    }

    @Test
    void aJoinThroughAnotherKeyLooksTheOtherSideUpByKey() {
        Collected out =
                run(
                        console,
                        "SELECT u.name, p.title FROM \"user\" u JOIN post p ON p.authorId = u.userId"
                                + " WHERE u.userNumber = '12' ORDER BY p.title");

        assertEquals(
                List.of(
                        "Denormalize on purpose",
                        "Modeling 1:N",
                        "Single-table design, revisited",
                        "Sparse GSIs"),
                out.rows().stream().map(r -> r.get(1)).toList());
        List<PlannedRead> plan = out.result().plan().reads();
        assertEquals(2, plan.size(), out.result().plan().describe());
        assertTrue(plan.get(1).reason().startsWith(StatementPlan.LOOKUP), plan.get(1).reason());
        assertEquals(SampleData.BLOG_AUTHOR_INDEX, plan.get(1).index());
        assertFalse(out.result().plan().scanWarning().isPresent());
        List<ExecutedRead> reads = out.result().reads();
        assertEquals(2, reads.size());
        assertEquals(
                "#ai = :ai", reads.get(1).read().keyConditionExpression().text(), reads.toString());
        assertEquals(2, out.result().statistics().requests());
    }
}

package io.dynoscope.service.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.sql.PlannedRead;
import io.dynoscope.repository.Cancellation;
import io.dynoscope.repository.DynamoRepository;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
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
    private static SqlConsole console;

    @BeforeAll
    static void seed() {
        DynamoRepository repository = TestEngine.repository();
        table = TestEngine.uniqueTableName("sql-saas");
        SampleData.seed(repository, Dataset.SAAS, table);
        console = new SqlConsole(repository, List.of(SampleModels.saas(table)));
    }

    record Collected(List<String> columns, List<List<Object>> rows, SqlResult result) {}

    static Collected run(SqlConsole console, String sql) {
        List<List<Object>> rows = new ArrayList<>();
        List<String> columns = new ArrayList<>();
        SqlResult result =
                console.run(
                        sql,
                        new RowListener() {
                            @Override
                            public void columns(List<String> labels) {
                                columns.addAll(labels);
                            }

                            @Override
                            public boolean row(List<Object> values) {
                                rows.add(values);
                                return true;
                            }
                        },
                        warning -> true,
                        Cancellation.none());
        return new Collected(columns, rows, result);
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
}

package io.dynoscope.service.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.sql.ColumnType;
import io.dynoscope.core.sql.PlannedRead;
import io.dynoscope.core.sql.SqlRelation;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.testsupport.TestEngine;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rex.RexNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Generated SELECTs over the sample data give the same rows through DynamoDB reads as Calcite gives
 * over an in-memory copy of every item, and run exactly the reads their plan names (each Query of
 * an ordinary item collection in one request).
 */
class SqlDifferentialTest {

    private static final int STATEMENTS = 200;

    private static String saas;
    private static String blog;
    private static SqlConsole console;
    private static final Map<String, List<Item>> COPY = new HashMap<>();

    @BeforeAll
    static void seed() {
        DynamoRepository repository = TestEngine.repository();
        saas = TestEngine.uniqueTableName("sql-diff-saas");
        blog = TestEngine.uniqueTableName("sql-diff-blog");
        SampleTables.seed(repository, Dataset.SAAS, saas);
        SampleTables.seed(repository, Dataset.BLOG, blog);
        COPY.put(saas, SampleData.items(Dataset.SAAS));
        COPY.put(blog, SampleData.items(Dataset.BLOG));
        console =
                new SqlConsole(
                        repository, List.of(SampleModels.saas(saas), SampleModels.blog(blog)));
    }

    @Test
    void generatedStatementsMatchTheInMemoryCopyAndTheirPlans() throws SQLException {
        Random random = new Random(20261130);
        int queries = 0;
        int scans = 0;
        int lookups = 0;
        for (int i = 0; i < STATEMENTS; i++) {
            String sql = statement(random);
            SqlConsoleTest.Collected actual = SqlConsoleTest.run(console, sql);
            List<String> expected;
            try (Connection memory =
                    SqlEngine.connect(
                            sql,
                            new StatementColumns(console.catalog(), Optional.empty()),
                            SqlDifferentialTest::all)) {
                expected = rows(memory, sql);
            }
            List<String> got = actual.rows().stream().map(SqlDifferentialTest::text).toList();
            boolean ordered = sql.contains("ORDER BY");
            if (!ordered) {
                got = sorted(got);
                expected = sorted(expected);
            }
            assertEquals(expected, got, sql);

            // A key lookup's Queries depend on the rows of the other side, and a merged join's
            // read of its parent by key on what the first page held: counted apart.
            List<PlannedRead> planned =
                    actual.result().plan().reads().stream()
                            .filter(r -> !r.reason().startsWith(StatementPlan.LOOKUP))
                            .toList();
            List<PlannedRead> ran =
                    actual.result().reads().stream()
                            .filter(r -> !r.isSample())
                            .map(ExecutedRead::read)
                            .filter(r -> !r.reason().startsWith(StatementPlan.LOOKUP))
                            .filter(r -> !r.reason().startsWith(StatementPlan.FIRST_BY_KEY))
                            .toList();
            lookups +=
                    actual.result().reads().stream().filter(r -> !r.isSample()).count()
                            - ran.size();
            if (sql.contains("LIMIT")) {
                assertTrue(planned.containsAll(ran), sql);
            } else {
                assertEquals(planned.size(), ran.size(), sql);
                assertTrue(planned.containsAll(ran) && ran.containsAll(planned), sql);
            }
            for (ExecutedRead read : actual.result().reads()) {
                if (read.isSample()) {
                    continue;
                }
                if (read.read().isScan()) {
                    scans++;
                } else {
                    queries++;
                    if (!read.stoppedEarly()
                            && !SampleData.HUGE.equals(
                                    SqlRelation.value(
                                            ColumnType.TEXT, read.read().partitionValue()))) {
                        assertEquals(1, read.statistics().requests(), sql);
                    }
                }
            }
        }
        assertTrue(queries > STATEMENTS / 2, "queries " + queries);
        assertTrue(scans > 10, "scans " + scans);
        assertTrue(lookups > 3, "key lookups " + lookups);
    }

    private static Enumerable<Object[]> all(
            SqlRelation relation, List<RexNode> filters, int[] projects) {
        List<Object[]> rows = new ArrayList<>();
        for (Item item : COPY.get(relation.table())) {
            Object[] row = relation.row(item, projects);
            if (row != null) {
                rows.add(row);
            }
        }
        return Linq4j.asEnumerable(rows);
    }

    private static List<String> rows(Connection connection, String sql) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet results = statement.executeQuery(sql)) {
            int width = results.getMetaData().getColumnCount();
            while (results.next()) {
                List<Object> values = new ArrayList<>();
                for (int i = 1; i <= width; i++) {
                    values.add(results.getObject(i));
                }
                rows.add(text(values));
            }
        }
        return rows;
    }

    /** A row as one line, numbers without trailing zeros. */
    static String text(List<Object> row) {
        List<String> cells = new ArrayList<>();
        for (Object value : row) {
            cells.add(
                    value instanceof BigDecimal d
                            ? d.stripTrailingZeros().toPlainString()
                            : String.valueOf(value));
        }
        return String.join(" | ", cells);
    }

    private static List<String> sorted(List<String> rows) {
        List<String> copy = new ArrayList<>(rows);
        Collections.sort(copy);
        return copy;
    }

    // ---- the generator -------------------------------------------------------------------

    private static String pick(Random random, String... choices) {
        return choices[random.nextInt(choices.length)];
    }

    private static String where(List<String> conjuncts) {
        List<String> present = conjuncts.stream().filter(c -> !c.isEmpty()).toList();
        return present.isEmpty() ? "" : " WHERE " + String.join(" AND ", present);
    }

    private static String statement(Random random) {
        return switch (random.nextInt(6)) {
            case 0, 1 -> projects(random);
            case 2 -> workspaces(random);
            case 3 -> rawTable(random);
            case 4 -> join(random);
            default -> posts(random);
        };
    }

    private static String projectPartition(Random random, String alias) {
        return pick(
                random,
                alias + "EntityRef = 'WS#acme'",
                alias + "EntityRef = 'WS#beta'",
                alias + "EntityRef = 'WS#huge'",
                alias + "EntityRef = 'WS#nobody'",
                alias + "workspaceId = 'acme'",
                alias + "EntityRef IN ('WS#acme', 'WS#beta')",
                alias + "EntityRef = 'WS#acme'",
                "");
    }

    private static String projectSortKey(Random random, String alias) {
        return pick(
                random,
                alias + "Detail = 'PROJ#2026-0030'",
                alias + "Detail > 'PROJ#2026-0030'",
                alias + "Detail <= 'PROJ#2026-0027'",
                alias + "Detail BETWEEN 'PROJ#2026-0025' AND 'PROJ#2026-0035'",
                alias + "Detail LIKE 'PROJ#2026-003%'",
                alias + "projectId = '2026-0031'",
                alias + "Detail >= 'PROJ#2026-0040' AND " + alias + "Detail < 'PROJ#2026-0042'",
                "",
                "");
    }

    private static String projectAttributes(Random random, String alias) {
        return pick(
                random,
                alias + "status = 'ACTIVE'",
                alias + "status <> 'PAUSED'",
                alias + "budget > 3000",
                alias + "budget BETWEEN 2000 AND 4000",
                alias + "name LIKE 'Project 3%'",
                alias + "status IN ('ACTIVE', 'ARCHIVED')",
                "(" + alias + "status = 'PAUSED' OR " + alias + "budget < 2000)",
                alias + "labels IS NOT NULL",
                alias + "workspaceName <> 'Acme'",
                "",
                "");
    }

    private static String projects(Random random) {
        String where =
                where(
                        List.of(
                                projectPartition(random, ""),
                                projectSortKey(random, ""),
                                projectAttributes(random, "")));
        return switch (random.nextInt(4)) {
            case 0 -> "SELECT * FROM project" + where;
            case 1 ->
                    "SELECT EntityRef, Detail, status, budget FROM project"
                            + where
                            + " ORDER BY "
                            + pick(random, "budget DESC, ", "Detail DESC, ", "")
                            + "Detail, EntityRef"
                            + pick(random, " LIMIT 5", "");
            case 2 ->
                    "SELECT COUNT(*) AS n, SUM(budget) AS total, MIN(Detail) AS first, MAX(budget)"
                            + " AS most FROM project"
                            + where;
            default ->
                    "SELECT status, COUNT(*) AS n, SUM(budget) AS total FROM project"
                            + where
                            + " GROUP BY status";
        };
    }

    private static String workspaces(Random random) {
        String where =
                where(
                        List.of(
                                pick(
                                        random,
                                        "workspaceId = 'acme'",
                                        "EntityRef = 'WS#huge'",
                                        "EntityRef IN ('WS#beta', 'WS#big')",
                                        ""),
                                pick(random, "seats > 10", "plan = 'enterprise'", "trial", "")));
        return "SELECT workspaceId, name, plan, seats, trial FROM workspace" + where;
    }

    private static String rawTable(Random random) {
        String where =
                where(
                        List.of(
                                pick(
                                        random,
                                        "EntityRef = 'WS#beta'",
                                        "EntityRef = 'WS#big#03'",
                                        "EntityRef = 'WS#acme'",
                                        ""),
                                pick(
                                        random,
                                        "Detail = 'META'",
                                        "Detail LIKE 'PROJ#%'",
                                        "Detail < 'PROJ#2026-0002'",
                                        ""),
                                pick(
                                        random,
                                        "status = 'ARCHIVED'",
                                        "seats >= 3",
                                        "shard = 3",
                                        "")));
        return "SELECT EntityRef, Detail, name, status FROM \"" + saas + "\"" + where;
    }

    private static String join(Random random) {
        String workspace =
                pick(
                        random,
                        "w.EntityRef = 'WS#acme'",
                        "w.workspaceId = 'beta'",
                        "w.EntityRef = 'WS#huge'",
                        "w.plan = 'free'",
                        "w.EntityRef IN ('WS#acme', 'WS#beta')");
        String where =
                where(
                        List.of(
                                workspace,
                                projectAttributes(random, "p."),
                                projectSortKey(random, "p.")));
        return switch (random.nextInt(3)) {
            case 0 ->
                    "SELECT w.name AS workspace, p.Detail AS project, p.status FROM workspace w"
                            + " JOIN project p ON p.EntityRef = w.EntityRef"
                            + where
                            + " ORDER BY p.Detail DESC, p.EntityRef";
            case 1 ->
                    "SELECT w.name, COUNT(p.Detail) AS projects, SUM(p.budget) AS budget FROM"
                            + " workspace w LEFT JOIN project p ON p.EntityRef = w.EntityRef"
                            + where(List.of(workspace))
                            + " GROUP BY w.name";
            default ->
                    "SELECT w.workspaceId, p.projectId, p.budget FROM workspace w JOIN project p"
                            + " ON p.workspaceId = w.workspaceId"
                            + where;
        };
    }

    private static String posts(Random random) {
        return switch (random.nextInt(3)) {
            case 0 ->
                    "SELECT title, createdAt FROM post"
                            + where(
                                    List.of(
                                            pick(
                                                    random,
                                                    "authorId = 'U#12'",
                                                    "authorId = 'U#88'",
                                                    "postId = '9f3'",
                                                    ""),
                                            pick(random, "createdAt > '2026-01-05'", "")));
            case 1 ->
                    "SELECT u.name, p.title FROM \"user\" u JOIN post p ON p.authorId = u.userId"
                            + where(
                                    List.of(
                                            pick(
                                                    random,
                                                    "u.userNumber = '12'",
                                                    "p.authorId = 'U#47'",
                                                    "")));
            default ->
                    "SELECT authorName, COUNT(*) AS posts FROM post"
                            + where(List.of(pick(random, "authorId = 'U#31'", "")))
                            + " GROUP BY authorName";
        };
    }
}

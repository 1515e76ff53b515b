package io.dynoscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.PlainJson;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.testsupport.TestEngine;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@code dynoscope sql} against the saas sample in the test engine. */
class SqlCommandTest {

    private static String table;

    @BeforeAll
    static void seed() {
        table = TestEngine.uniqueTableName("cli-sql");
        SampleTables.seed(TestEngine.repository(), Dataset.SAAS, table);
    }

    private record Result(int exitCode, String out, String err) {
        List<Item> items() {
            return out.lines().map(PlainJson::readItem).toList();
        }

        String lastErrLine() {
            List<String> lines = err.strip().lines().toList();
            return lines.get(lines.size() - 1);
        }
    }

    private static Result sql(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String[] line =
                Stream.concat(
                                Stream.of("--endpoint", TestEngine.endpoint().toString(), "sql"),
                                Stream.concat(
                                        Stream.of(
                                                "--entity",
                                                table + ":workspace=WS#{workspaceId}/META",
                                                "--entity",
                                                table
                                                        + ":project=WS#{workspaceId}/PROJ#{projectId}"),
                                        Stream.of(args)))
                        .toArray(String[]::new);
        int code =
                DynoscopeCli.run(
                        line,
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(
                code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static final String SEED_JOIN =
            "SELECT w.name AS workspace, p.Detail AS project, p.status, p.budget"
                    + " FROM workspace w JOIN project p ON p.EntityRef = w.EntityRef"
                    + " WHERE w.EntityRef = 'WS#acme' ORDER BY p.Detail DESC";

    @Test
    void theSeedJoinPrintsOneJsonObjectARowAndOneRequest() {
        Result result = sql(SEED_JOIN);

        assertEquals(0, result.exitCode(), result.err());
        List<Item> rows = result.items();
        assertEquals(
                IntStream.iterate(42, n -> n >= 23, n -> n - 1)
                        .mapToObj(SampleData::projectDetail)
                        .toList(),
                rows.stream().map(r -> r.string("project").orElseThrow()).toList());
        assertEquals("Acme", rows.get(0).string("workspace").orElseThrow());
        assertTrue(
                result.out().lines().findFirst().orElseThrow().contains("\"budget\":6250.42"),
                result.out());
        assertTrue(result.lastErrLine().startsWith("requests=1 "), result.err());
        assertTrue(result.lastErrLine().endsWith("returned=" + (1 + SampleData.ACME_PROJECTS)));
    }

    @Test
    void explainPrintsTheQueryAndReadsNothing() {
        Result result = sql("--explain", SEED_JOIN);

        assertEquals(0, result.exitCode(), result.err());
        assertTrue(result.out().contains("1 DynamoDB read"), result.out());
        assertTrue(result.out().contains("KeyConditionExpression  #er = :er"), result.out());
        assertTrue(result.out().contains("EnumerableHashJoin"), result.out());
    }

    @Test
    void csvHasTheLabelsAsHeader() {
        Result result =
                sql(
                        "--output",
                        "csv",
                        "SELECT projectId, budget FROM project WHERE workspaceId = 'beta' ORDER BY projectId");
        assertEquals(0, result.exitCode(), result.err());
        assertEquals(
                List.of(
                        "projectId,budget",
                        "2026-0001,1125.01",
                        "2026-0002,1250.02",
                        "2026-0003,1375.03"),
                result.out().lines().toList());
    }

    @Test
    void aScanRunsOnlyWhenAllowed() {
        String statement = "SELECT COUNT(*) AS n FROM project WHERE status = 'ARCHIVED'";
        Result refused = sql(statement);
        assertEquals(ExitCodes.CONDITION_FAILED, refused.exitCode(), refused.err());
        assertTrue(refused.err().contains("Scan of " + table), refused.err());
        assertEquals("", refused.out());

        Result allowed = sql("--allow-scan", statement);
        assertEquals(0, allowed.exitCode(), allowed.err());
        long archived =
                SampleData.items(Dataset.SAAS).stream()
                        .filter(i -> i.string("status").orElse("").equals("ARCHIVED"))
                        .filter(i -> !i.string("EntityRef").orElseThrow().startsWith("WS#big#"))
                        .count();
        assertEquals(
                new BigDecimal(archived),
                new BigDecimal(
                        allowed.items()
                                .get(0)
                                .attributes()
                                .get("n")
                                .toString()
                                .replaceAll("[^0-9]", "")));
    }

    @Test
    void aPartiqlInsertIsShownAndSentOnlyWithYes() {
        String insert =
                "INSERT INTO \""
                        + table
                        + "\" VALUE {'EntityRef': 'WS#cli', 'Detail': 'META', 'name': 'Cli'}";
        Result shown = sql(insert);
        assertEquals(ExitCodes.CONDITION_FAILED, shown.exitCode(), shown.err());
        assertTrue(shown.err().contains("PutItem"), shown.err());
        assertTrue(
                TestEngine.repository()
                        .getItem(table, SampleData.saasKey("WS#cli", "META"), true)
                        .item()
                        .isEmpty());

        Result sent = sql("--yes", insert);
        assertEquals(0, sent.exitCode(), sent.err());
        assertTrue(sent.lastErrLine().startsWith("written=1 refused=0"), sent.err());
    }
}

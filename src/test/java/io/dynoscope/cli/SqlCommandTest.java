package io.dynoscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.testsupport.GatedEndpoint;
import io.dynoscope.testsupport.TestEngine;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
            return out.lines().map(ItemJson.PLAIN::readItem).toList();
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
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        TestRepositories.SDK);
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
        // --entity views list no attributes: their columns come from one sample, counted.
        assertTrue(
                result.err().contains("columns typed from a sample of " + table + ": requests=1 "),
                result.err());
        assertTrue(result.lastErrLine().startsWith("requests=2 "), result.err());
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

    @Test
    void aMisspelledColumnIsABadStatementWithTheNameItMeant() {
        Result result = sql("SELECT stauts FROM project WHERE workspaceId = 'acme'");

        assertEquals(ExitCodes.USAGE, result.exitCode(), result.err());
        assertEquals("", result.out());
        assertTrue(
                result.err()
                        .contains("line 1, column 8: no column `stauts`; did you mean `status`?"),
                result.err());
    }

    @Test
    void aLimitBeyondWhatTheEngineCountsIsAClearError() {
        Result result = sql("SELECT Detail FROM project LIMIT 2147483648");

        assertEquals(ExitCodes.USAGE, result.exitCode(), result.err());
        assertEquals(
                "dynoscope sql: line 1, column 34: LIMIT 2147483648 is more rows than a statement"
                        + " can count; the most is 2147483647",
                result.err().strip());
    }

    @Test
    void aReaderThatGoesAwayStopsTheStatementAtOnceWithOneMessage() throws Exception {
        String big = TestEngine.freshTable("cli-sql-big");
        List<Item> items = new ArrayList<>();
        String filler = "x".repeat(3_500);
        for (int i = 0; i < 1_800; i++) {
            items.add(
                    Item.of(
                            Map.of(
                                    "pk", AttributeValue.s("P#" + i),
                                    "sk", AttributeValue.s("S"),
                                    "filler", AttributeValue.s(filler))));
        }
        TestEngine.repository().batchWrite(big, items, List.of(), Cancellation.none());
        try (GatedEndpoint proxy = new GatedEndpoint(TestEngine.endpoint());
                PipedInputStream headIn = new PipedInputStream(1 << 16);
                PipedOutputStream stdout = new PipedOutputStream(headIn)) {
            Thread head =
                    new Thread(
                            () -> {
                                try {
                                    while (headIn.read() != '\n') {
                                        // head -1 reads up to the end of the first line, then exits
                                    }
                                    headIn.close();
                                } catch (IOException e) {
                                    throw new UncheckedIOException(e);
                                }
                            });
            head.start();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int code =
                    DynoscopeCli.run(
                            new String[] {
                                "--endpoint",
                                proxy.endpoint().toString(),
                                "sql",
                                "--allow-scan",
                                "SELECT pk, filler FROM \"" + big + "\""
                            },
                            stdout,
                            new PrintStream(err, true, StandardCharsets.UTF_8),
                            TestRepositories.SDK);
            head.join(60_000);

            String errors = err.toString(StandardCharsets.UTF_8);
            assertEquals(ExitCodes.OUTPUT_CLOSED, code, errors);
            assertEquals(
                    1,
                    errors.lines()
                            .filter(l -> l.contains("stdout was closed by its reader"))
                            .count(),
                    errors);
            // The table is 7 pages; the statement stops in the first: the other Scans are the
            // sample that typed its columns and the pages read ahead of the rows, at most 3 (one
            // queued, one waiting to be queued, one the repository asks for while it delivers).
            long scans = proxy.requests().stream().filter(r -> r.startsWith("Scan ")).count();
            assertTrue(scans <= 1 + 1 + 3, proxy.requests().toString());
        }
    }

    @Test
    void anEntityViewTheStatementDoesNotUseNeitherFailsItNorIsDescribed() {
        Result result =
                sql(
                        "--entity",
                        "nosuch-table-q:ghost=G#{g}",
                        "SELECT name FROM workspace WHERE EntityRef = 'WS#acme'");

        assertEquals(0, result.exitCode(), result.err());
        assertEquals(Map.of("name", AttributeValue.s("Acme")), result.items().get(0).attributes());
        assertTrue(
                result.err().contains("described " + table + " (1 DescribeTable request)"),
                result.err());
        assertTrue(!result.err().contains("nosuch"), result.err());
    }

    @Test
    void twoEntityViewsOfOneNameAreRefusedBeforeAnyRequest() {
        Result result = sql("--entity", table + ":project=P#{p}", "SELECT name FROM workspace");

        assertEquals(ExitCodes.USAGE, result.exitCode(), result.err());
        assertTrue(result.err().contains("two views are named `project`"), result.err());
    }
}

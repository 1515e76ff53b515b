package io.dynoscope.service.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.table.Cancellation;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.testsupport.GatedEndpoint;
import io.dynoscope.testsupport.TestEngine;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What a statement sends, counted by a logging endpoint in front of the engine (by operation and
 * table): only the tables it names are described (once a session) and read, a refused statement
 * reads nothing, and every request it causes is in its cost.
 */
class SqlRequestsTest {

    private static String saas;
    private static GatedEndpoint proxy;
    private static DynamoRepository repository;

    @BeforeAll
    static void seed() throws IOException {
        saas = TestEngine.uniqueTableName("req-saas");
        SampleTables.seed(TestEngine.repository(), Dataset.SAAS, saas);
        // Tables the statements never name: none of them may be described or read.
        for (int i = 0; i < 3; i++) {
            SampleTables.seed(
                    TestEngine.repository(), Dataset.SAAS, TestEngine.uniqueTableName("req-other"));
        }
        proxy = new GatedEndpoint(TestEngine.endpoint());
        repository =
                SdkDynamoRepository.connect(
                        new ConnectionSpec.Endpoint(proxy.endpoint(), null, null));
    }

    @AfterAll
    static void close() {
        repository.close();
        proxy.close();
    }

    @BeforeEach
    void forget() {
        proxy.clearRequests();
    }

    private static Map<String, Integer> expected(Object... operationsAndCounts) {
        Map<String, Integer> counts = new TreeMap<>();
        for (int i = 0; i < operationsAndCounts.length; i += 2) {
            counts.put((String) operationsAndCounts[i], (Integer) operationsAndCounts[i + 1]);
        }
        return counts;
    }

    /**
     * The ListTables requests one walk of the table list takes: the engine is shared by the whole
     * suite, so it may hold more than one page of 100 names.
     */
    private static int listPages() {
        return Math.max(1, (TestEngine.repository().listTables().size() + 99) / 100);
    }

    /** The Query and Scan requests the log holds. */
    private static int reads() {
        return (int)
                proxy.requests().stream()
                        .filter(r -> r.startsWith("Query ") || r.startsWith("Scan "))
                        .count();
    }

    @Test
    void aGetItemShapedSelectReadsOnlyItsTableAndDescribesItOnce() {
        SqlConsole console = new SqlConsole(repository, List.of());
        String statement =
                "SELECT Detail, EntityRef FROM \""
                        + saas
                        + "\" WHERE EntityRef = 'WS#acme' AND Detail = 'META'";

        SqlConsoleTest.Collected first = SqlConsoleTest.run(console, statement);

        assertEquals(List.of(List.of("META", "WS#acme")), first.rows());
        assertEquals(
                expected(
                        "DescribeTable " + saas,
                        1,
                        "DescribeTimeToLive " + saas,
                        1,
                        "ListTables",
                        listPages(),
                        "Query " + saas,
                        1),
                proxy.requestCounts(),
                proxy.requests().toString());
        assertEquals(reads(), first.result().statistics().requests());

        proxy.clearRequests();
        SqlConsoleTest.Collected again = SqlConsoleTest.run(console, statement);

        assertEquals(first.rows(), again.rows());
        assertEquals(expected("Query " + saas, 1), proxy.requestCounts());
    }

    @Test
    void columnsAreSampledFromTheNamedTableOnlyWhenNeededAndCounted() {
        SqlConsole console = new SqlConsole(repository, List.of());

        SqlConsoleTest.Collected out =
                SqlConsoleTest.run(
                        console,
                        "SELECT name, plan FROM \""
                                + saas
                                + "\" WHERE EntityRef = 'WS#acme' AND Detail = 'META'");

        assertEquals(List.of(List.of("Acme", "pro")), out.rows());
        Map<String, Integer> counts = proxy.requestCounts();
        assertEquals(1, counts.get("Scan " + saas), counts.toString());
        assertEquals(1, counts.get("Query " + saas), counts.toString());
        assertTrue(
                proxy.requests().stream()
                        .allMatch(r -> r.equals("ListTables") || r.endsWith(" " + saas)),
                proxy.requests().toString());
        assertEquals(reads(), out.result().statistics().requests());
    }

    @Test
    void aStatementRefusedForNeedingAScanReadsNothing() {
        SqlConsole console = new SqlConsole(repository, List.of());

        SqlResult result =
                console.run(
                        "SELECT * FROM \"" + saas + "\" WHERE status = 'ACTIVE'",
                        new SqlConsoleTest.Rows(),
                        warning -> false,
                        Cancellation.none());

        assertTrue(result.refused());
        assertEquals(0, reads(), proxy.requests().toString());
        assertTrue(
                proxy.requests().stream()
                        .allMatch(r -> r.equals("ListTables") || r.endsWith(" " + saas)),
                proxy.requests().toString());
    }

    @Test
    void aScanStoppedAfterItsFirstRowReportsEveryRequestItSent() {
        SqlConsole console = new SqlConsole(repository, List.of());

        SqlConsoleTest.Collected out =
                SqlConsoleTest.run(console, "SELECT * FROM \"" + saas + "\" LIMIT 1");

        assertEquals(1, out.rows().size());
        assertEquals(reads(), out.result().statistics().requests(), proxy.requests().toString());
    }

    @Test
    void anOrderByOnTheSortKeyIsTheQuerysDirectionAndNoSort() {
        SqlConsole console = new SqlConsole(repository, List.of(SampleModels.saas(saas)));

        SqlConsoleTest.Collected out = SqlConsoleTest.run(console, SqlConsoleTest.SEED_JOIN);

        assertEquals(
                IntStream.iterate(42, n -> n >= 23, n -> n - 1)
                        .mapToObj(SampleData::projectDetail)
                        .map(Object.class::cast)
                        .toList(),
                out.rows().stream().map(r -> r.get(1)).toList());
        assertEquals(1, out.result().plan().reads().size());
        assertFalse(out.result().plan().reads().get(0).scanForward());
        assertFalse(out.result().plan().engine().contains("Sort"), out.result().plan().engine());
        assertEquals(1, proxy.requestCounts().get("Query " + saas), proxy.requests().toString());
    }

    @Test
    void aLimitIsTheRequestsLimit() {
        SqlConsole console = new SqlConsole(repository, List.of(SampleModels.saas(saas)));

        SqlConsoleTest.Collected out =
                SqlConsoleTest.run(
                        console,
                        "SELECT projectId FROM project WHERE workspaceId = 'acme'"
                                + " ORDER BY Detail DESC LIMIT 3");

        assertEquals(
                List.of(List.of("2026-0042"), List.of("2026-0041"), List.of("2026-0040")),
                out.rows());
        assertEquals(3, out.result().plan().reads().get(0).limit());
        assertEquals(1, proxy.requestCounts().get("Query " + saas), proxy.requests().toString());
        assertEquals(3, out.result().statistics().scannedCount());
    }

    @Test
    void aLimitOnATableScanIsOneRequest() {
        SqlConsole console = new SqlConsole(repository, List.of());

        SqlConsoleTest.Collected out =
                SqlConsoleTest.run(console, "SELECT Detail FROM \"" + saas + "\" LIMIT 1");

        assertEquals(1, out.rows().size());
        // ListTables is as many pages as the shared engine's table list has: not counted here.
        Map<String, Integer> counts = new TreeMap<>(proxy.requestCounts());
        counts.remove("ListTables");
        assertEquals(
                expected(
                        "DescribeTable " + saas,
                        1,
                        "DescribeTimeToLive " + saas,
                        1,
                        "Scan " + saas,
                        1),
                counts,
                proxy.requests().toString());
    }
}

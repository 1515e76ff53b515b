package io.dynoscope.service.sql;

import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.GuardedWrite;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.testsupport.TestEngine;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbServiceClientConfiguration;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementResponse;

/** DynamoDB's PartiQL statements: the same rows as the console's SQL, and guarded writes. */
class PartiqlTest {

    private static String saas;
    private static String blog;
    private static SqlConsole console;
    private static DynamoRepository repository;

    @BeforeAll
    static void seed() {
        repository = TestEngine.repository();
        saas = TestEngine.uniqueTableName("partiql-saas");
        blog = TestEngine.uniqueTableName("partiql-blog");
        SampleTables.seed(repository, Dataset.SAAS, saas);
        SampleTables.seed(repository, Dataset.BLOG, blog);
        console = new SqlConsole(repository, List.of());
    }

    /** Rows as label-to-value maps, numbers compared by value. */
    private static List<Map<String, Object>> rows(SqlConsole on, String statement) {
        SqlConsoleTest.Collected out = SqlConsoleTest.run(on, statement);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (List<Object> row : out.rows()) {
            Map<String, Object> map = new LinkedHashMap<>();
            for (int i = 0; i < row.size(); i++) {
                Object value = row.get(i);
                map.put(
                        out.columns().get(i),
                        value instanceof BigDecimal d ? d.stripTrailingZeros() : value);
            }
            rows.add(map);
        }
        return rows;
    }

    @Test
    void aPartiqlSelectGivesTheRowsOfTheSameSqlNewestFirst() {
        String partiql =
                "SELECT Detail, status, budget FROM \""
                        + saas
                        + "\" WHERE EntityRef = 'WS#acme' AND begins_with(Detail, 'PROJ#')"
                        + " ORDER BY Detail DESC";
        String sql =
                "SELECT Detail, status, budget FROM \""
                        + saas
                        + "\" WHERE EntityRef = 'WS#acme' AND Detail LIKE 'PROJ#%'"
                        + " ORDER BY Detail DESC";

        List<Map<String, Object>> fromPartiql = rows(console, partiql);

        assertEquals(rows(console, sql), fromPartiql);
        assertEquals(SampleData.ACME_PROJECTS, fromPartiql.size());
        assertEquals(SampleData.projectDetail(42), fromPartiql.get(0).get("Detail"));
        SqlExplanation plan = console.explain(partiql);
        assertEquals(1, plan.reads().size());
        assertEquals(
                "#er = :er AND begins_with(#d, :d)",
                plan.reads().get(0).keyConditionExpression().text());
        assertTrue(plan.reads().get(0).describe().get(0).contains("ScanIndexForward=false"));
    }

    @Test
    void aConditionOnTheSortKeyThatAQueryCannotSendIsCheckedOnTheItems() {
        List<Map<String, Object>> rows =
                rows(
                        console,
                        "SELECT Detail FROM \""
                                + saas
                                + "\" WHERE EntityRef = 'WS#acme'"
                                + " AND begins_with(Detail, 'PROJ#2026-003') AND Detail <> 'PROJ#2026-0035'");
        List<Object> expected =
                IntStream.rangeClosed(30, 39)
                        .filter(n -> n != 35)
                        .mapToObj(SampleData::projectDetail)
                        .map(Object.class::cast)
                        .toList();
        assertEquals(expected, rows.stream().map(r -> r.get("Detail")).toList());
    }

    @Test
    void anIndexNamedInFromIsQueried() {
        String partiql = "SELECT title FROM \"" + blog + "\".\"byAuthor\" WHERE authorId = 'U#12'";
        String sql = "SELECT title FROM \"" + blog + "\" WHERE authorId = 'U#12'";

        List<Map<String, Object>> fromPartiql = rows(console, partiql);

        assertEquals(sorted(rows(console, sql)), sorted(fromPartiql));
        assertEquals(4, fromPartiql.size());
        assertEquals("byAuthor", console.explain(partiql).reads().get(0).index());
        assertEquals("byAuthor", console.explain(sql).reads().get(0).index());
    }

    private static List<String> sorted(List<Map<String, Object>> rows) {
        return rows.stream().map(Object::toString).sorted().toList();
    }

    @Test
    void insertIsAPutThatRefusesAnExistingKey() {
        String insert =
                "INSERT INTO \""
                        + saas
                        + "\" VALUE {'EntityRef': 'WS#gamma', 'Detail': 'META', 'name': 'Gamma',"
                        + " 'seats': 7, 'tags': <<'a', 'b'>>}";

        SqlWritePlan plan = console.planWrite(insert, Cancellation.none());

        assertEquals(1, plan.writes().size());
        GuardedWrite.Put put = (GuardedWrite.Put) plan.writes().get(0);
        assertEquals("attribute_not_exists(#er)", put.condition().text());
        assertTrue(plan.describe().contains("PutItem"), plan.describe());
        assertEquals(1, console.apply(plan).written());
        Item stored =
                repository
                        .getItem(saas, SampleData.saasKey("WS#gamma", "META"), true)
                        .item()
                        .orElseThrow();
        assertEquals(s("Gamma"), stored.attributes().get("name"));
        assertEquals(
                io.dynoscope.core.item.AttributeValue.ss("a", "b"),
                stored.attributes().get("tags"));

        SqlWriteReport again = console.apply(console.planWrite(insert, Cancellation.none()));
        assertEquals(0, again.written());
        assertEquals(1, again.refused().size());
    }

    @Test
    void updateIsConditionedOnTheItemAsReadAndRefusedWhenItChanged() {
        String key =
                "WHERE EntityRef = 'WS#beta' AND Detail = '" + SampleData.projectDetail(2) + "'";
        String update =
                "UPDATE \""
                        + saas
                        + "\" SET status = 'DONE' SET budget = 10 REMOVE workspaceName "
                        + key;

        SqlWritePlan plan = console.planWrite(update, Cancellation.none());

        assertEquals(1, plan.seen().size());
        assertEquals(1, plan.requests().size());
        assertTrue(plan.describe().contains("UpdateItem"), plan.describe());
        assertEquals(1, console.apply(plan).written());
        List<Map<String, Object>> after =
                rows(console, "SELECT status, budget, workspaceName FROM \"" + saas + "\" " + key);
        assertEquals("DONE", after.get(0).get("status"));
        assertEquals(BigDecimal.TEN.stripTrailingZeros(), after.get(0).get("budget"));
        assertEquals(null, after.get(0).get("workspaceName"));

        SqlWritePlan stale =
                console.planWrite(
                        "UPDATE \"" + saas + "\" SET status = 'LATER' " + key, Cancellation.none());
        repository.putItem(saas, plan.seen().get(0).with("status", s("CHANGED ELSEWHERE")), null);
        SqlWriteReport refused = console.apply(stale);
        assertEquals(0, refused.written());
        assertEquals(1, refused.refused().size());
    }

    @Test
    void deleteNamesOneItemByItsFullKey() {
        String key =
                "WHERE EntityRef = 'WS#beta' AND Detail = '" + SampleData.projectDetail(3) + "'";
        SqlWritePlan plan =
                console.planWrite("DELETE FROM \"" + saas + "\" " + key, Cancellation.none());
        assertEquals(1, plan.writes().size());
        assertEquals(1, console.apply(plan).written());
        assertTrue(
                repository
                        .getItem(
                                saas,
                                SampleData.saasKey("WS#beta", SampleData.projectDetail(3)),
                                true)
                        .item()
                        .isEmpty());

        assertThrows(
                SqlStatementException.class,
                () ->
                        console.planWrite(
                                "DELETE FROM \"" + saas + "\" WHERE EntityRef = 'WS#beta'",
                                Cancellation.none()));
    }

    @Test
    void onAwsASelectMayBeSentWithExecuteStatementAndGivesTheSameRows() {
        String statement =
                "SELECT Detail, status FROM \""
                        + saas
                        + "\" WHERE EntityRef = 'WS#acme' AND begins_with(Detail, 'PROJ#2026-004')";
        List<Map<String, Object>> translated = rows(console, statement);
        assertEquals(3, translated.size());

        List<ExecuteStatementRequest> sent = new ArrayList<>();
        List<Map<String, AttributeValue>> page1 = new ArrayList<>();
        List<Map<String, AttributeValue>> page2 = new ArrayList<>();
        for (int i = 0; i < translated.size(); i++) {
            Map<String, AttributeValue> item = new LinkedHashMap<>();
            translated
                    .get(i)
                    .forEach((k, v) -> item.put(k, AttributeValue.builder().s((String) v).build()));
            (i == 0 ? page1 : page2).add(item);
        }
        DynamoDbClient aws =
                new DynamoDbClient() {
                    @Override
                    public ExecuteStatementResponse executeStatement(
                            ExecuteStatementRequest request) {
                        sent.add(request);
                        boolean first = request.nextToken() == null;
                        return ExecuteStatementResponse.builder()
                                .items(first ? page1 : page2)
                                .nextToken(first ? "page-2" : null)
                                .consumedCapacity(
                                        ConsumedCapacity.builder().capacityUnits(0.5).build())
                                .build();
                    }

                    @Override
                    public DynamoDbServiceClientConfiguration serviceClientConfiguration() {
                        return DynamoDbServiceClientConfiguration.builder()
                                .region(Region.EU_WEST_1)
                                .build();
                    }

                    @Override
                    public String serviceName() {
                        return "dynamodb";
                    }

                    @Override
                    public void close() {}
                };
        SqlConsole onAws =
                new SqlConsole(
                        new SdkDynamoRepository(aws, new ConnectionSpec.DefaultChain("eu-west-1")),
                        List.of());
        onAws.sendPartiqlWithExecuteStatement(true);

        SqlConsoleTest.Collected out = SqlConsoleTest.run(onAws, statement);

        assertEquals(translated, rows(onAws, statement));
        assertEquals(2, out.result().statistics().requests());
        assertEquals(1.0, out.result().statistics().consumedCapacity());
        assertEquals("ExecuteStatement", out.result().reads().get(0).operation());
        assertEquals(statement, sent.get(0).statement());
        assertEquals("page-2", sent.get(1).nextToken());
    }
}

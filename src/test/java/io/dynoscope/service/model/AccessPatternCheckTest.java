package io.dynoscope.service.model;

import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.Question;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.read.TableSampler;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.testsupport.TestEngine;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The saas sample table checked against its model: one request each, and what is not. */
class AccessPatternCheckTest {

    private static String table;

    @BeforeAll
    static void seed() {
        table = TestEngine.uniqueTableName("check-saas");
        SampleTables.seed(TestEngine.repository(), Dataset.SAAS, table);
    }

    private static AccessPatternCheck.Report check(
            TableModel model, Map<String, AttributeValue> given) {
        return new AccessPatternCheck(TestEngine.repository())
                .check(model, table, given, List.of(), o -> {}, Cancellation.none());
    }

    @Test
    void anInferredModelWhoseExamplesHoldOnlySomeEntitiesIsCheckedOnTheTable() {
        String blog = TestEngine.uniqueTableName("check-blog");
        SampleTables.seed(TestEngine.repository(), Dataset.BLOG, blog);
        TableModel model =
                new LiveModelInference(TestEngine.repository())
                        .infer(blog, 200, n -> {}, Cancellation.none())
                        .model()
                        .model();
        // as `model export --items 4` keeps them: four posts, no user
        List<Item> posts =
                new TableSampler(TestEngine.repository())
                        .sample(blog, 200, Cancellation.none()).items().stream()
                                .filter(
                                        i ->
                                                model.entityOf(i)
                                                        .map(e -> e.name().equals("post"))
                                                        .orElse(false))
                                .limit(4)
                                .toList();
        AccessPatternCheck.Report report =
                new AccessPatternCheck(TestEngine.repository())
                        .check(model, blog, Map.of(), posts, o -> {}, Cancellation.none());
        assertTrue(report.allAsDesigned(), report.toString());
        AccessPatternCheck.Outcome byAuthor =
                report.outcomes().stream()
                        .filter(o -> o.pattern().index() != null)
                        .findFirst()
                        .orElseThrow(() -> new AssertionError(report.toString()));
        String author = Question.text(byAuthor.parameters().get("authorId"));
        assertFalse(author.contains("#"), "the key's U#{authorId} binds the id: " + author);
        assertTrue(byAuthor.statistics().returnedCount() > 1, byAuthor.toString());
    }

    @Test
    void theSaasModelsAccessPatternsAreOneRequestEach() {
        TableDesign saas = ModelFixtures.saasModel().tables().get(0);
        List<AccessPatternCheck.Outcome> heard = new ArrayList<>();
        AccessPatternCheck.Report report =
                new AccessPatternCheck(TestEngine.repository())
                        .check(
                                saas.model(),
                                table,
                                Map.of(),
                                saas.items(),
                                heard::add,
                                Cancellation.none());
        assertTrue(report.allAsDesigned(), report.toString());
        assertEquals(4, report.outcomes().size());
        assertEquals(report.outcomes(), heard);
        for (AccessPatternCheck.Outcome outcome : report.outcomes()) {
            assertEquals(1, outcome.statistics().requests(), outcome.pattern().name());
            assertEquals("one request", outcome.reason(), outcome.pattern().name());
        }
        AccessPatternCheck.Outcome projects = report.outcomes().get(1);
        assertEquals(Map.of("workspaceId", s("acme")), projects.parameters());
        assertEquals(SampleData.ACME_PROJECTS, projects.statistics().returnedCount());
        assertEquals(SampleData.ACME_PROJECTS, projects.statistics().scannedCount());
        assertEquals("PROJ#2026-0042", projects.items().get(0).string("Detail").orElseThrow());
        assertTrue(
                projects.request()
                        .contains("KeyConditionExpression     #er = :er AND begins_with(#d, :d)"),
                projects.request());
        assertTrue(
                projects.request()
                        .contains(
                                "ExpressionAttributeValues  {\":er\":{\"S\":\"WS#acme\"},\":d\":{\"S\":\"PROJ#\"}}"),
                projects.request());
        assertTrue(projects.request().endsWith("ScanIndexForward           false"));
        assertTrue(projects.statistics().consumedCapacity() > 0);
        AccessPatternCheck.Outcome both = report.outcomes().get(3);
        assertEquals(SampleData.ACME_PROJECTS + 1, both.statistics().returnedCount());
        assertEquals(1, report.outcomes().get(2).items().size());
    }

    @Test
    void aScanAFanOutPagingAndADiscardingFilterAreReportedWithTheirReason() {
        TableModel model = ModelFixtures.saasModel().tables().get(0).model();
        KeyTemplate workspace = KeyTemplate.parse("WS#{workspaceId}");
        Optional<AccessPattern.SortKeyPattern> projects =
                Optional.of(
                        new AccessPattern.SortKeyPattern(
                                SortKeyCondition.Operator.BEGINS_WITH,
                                KeyTemplate.parse("PROJ#"),
                                null));
        TableModel withTrouble =
                model.with(
                        b ->
                                b.accessPatterns(
                                        List.of(
                                                new AccessPattern(
                                                        "every project",
                                                        AccessPattern.Operation.SCAN,
                                                        List.of("project"),
                                                        null,
                                                        null,
                                                        Optional.empty(),
                                                        false,
                                                        null),
                                                new AccessPattern(
                                                        "projects of a sharded tenant",
                                                        AccessPattern.Operation.QUERY,
                                                        List.of("project"),
                                                        null,
                                                        KeyTemplate.parse(
                                                                "WS#{workspaceId}#{shard:01..10}"),
                                                        projects,
                                                        false,
                                                        null),
                                                new AccessPattern(
                                                        "projects of the huge tenant",
                                                        AccessPattern.Operation.QUERY,
                                                        List.of("project"),
                                                        null,
                                                        workspace,
                                                        projects,
                                                        false,
                                                        null),
                                                new AccessPattern(
                                                        "archived projects",
                                                        AccessPattern.Operation.QUERY,
                                                        List.of("project"),
                                                        null,
                                                        workspace,
                                                        projects,
                                                        false,
                                                        "status = :status"))));
        AccessPatternCheck.Report report = check(withTrouble, Map.of("status", s("ARCHIVED")));
        // given parameters win; the workspace id comes from a sampled item
        assertFalse(report.allAsDesigned());
        AccessPatternCheck.Outcome scan = report.outcomes().get(0);
        assertFalse(scan.asDesigned());
        assertTrue(
                scan.reason()
                        .startsWith(
                                "a Scan: it read "
                                        + SampleData.items(Dataset.SAAS).size()
                                        + " items of the whole table"),
                scan.reason());
        assertTrue(scan.request().startsWith("Scan " + table));

        AccessPatternCheck.Report shards =
                check(
                        withTrouble.with(
                                b ->
                                        b.accessPatterns(
                                                List.of(withTrouble.accessPatterns().get(1)))),
                        Map.of("workspaceId", s("big")));
        AccessPatternCheck.Outcome fanOut = shards.outcomes().get(0);
        assertEquals(SampleData.BIG_SHARDS, fanOut.statistics().requests());
        assertEquals(SampleData.BIG_PROJECTS, fanOut.statistics().returnedCount());
        assertTrue(
                fanOut.reason().startsWith("a fan-out: 10 Queries, one per shard, in 10 requests"),
                fanOut.reason());
        // the shards' items are merged by sort key, as the app's fan-out read gives them
        assertFalse(fanOut.reason().contains("out of order"), fanOut.reason());
        assertFalse(fanOut.answeredByKeys(), "its items are of no entity: " + fanOut.reason());
        assertFalse(scan.answeredByKeys());

        AccessPatternCheck.Report huge =
                check(
                        withTrouble.with(
                                b -> b.accessPatterns(withTrouble.accessPatterns().subList(2, 3))),
                        Map.of("workspaceId", s("huge")));
        AccessPatternCheck.Outcome paging = huge.outcomes().get(0);
        assertTrue(paging.statistics().requests() > 1);
        assertEquals(SampleData.HUGE_PROJECTS, paging.statistics().returnedCount());
        assertTrue(paging.reason().startsWith("paging past 1 MB: "), paging.reason());
        assertTrue(paging.answeredByKeys(), paging.reason());
        assertEquals(AccessPatternCheck.ITEMS_KEPT, paging.items().size());

        AccessPatternCheck.Report acme =
                check(
                        withTrouble.with(
                                b -> b.accessPatterns(withTrouble.accessPatterns().subList(3, 4))),
                        Map.of("workspaceId", s("acme"), "status", s("ARCHIVED")));
        AccessPatternCheck.Outcome filtered = acme.outcomes().get(0);
        assertEquals(1, filtered.statistics().requests());
        assertEquals(SampleData.ACME_PROJECTS, filtered.statistics().scannedCount());
        assertEquals(4, filtered.statistics().returnedCount());
        assertEquals(
                "the filter discarded 16 of the 20 items read (all 20 are charged)",
                filtered.reason());
        assertTrue(
                filtered.request().contains("FilterExpression           #s = :status"),
                filtered.request());
    }
}

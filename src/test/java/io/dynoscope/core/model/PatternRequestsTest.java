package io.dynoscope.core.model;

import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.sandbox.SampleData;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The seed's three reads, and a sharded fan-out, as the requests they become. */
class PatternRequestsTest {

    private final TableModel saas = ModelInferenceTest.saas().model();

    private AccessPattern pattern(String name) {
        return saas.accessPatterns().stream()
                .filter(p -> p.name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void getItemOfTheWorkspace() {
        PatternRequests.PatternRequest request =
                PatternRequests.build(saas, pattern("get ws by wsId"), Map.of("wsId", s("acme")));
        assertEquals(
                new PatternRequests.Get("saas", SampleData.saasKey("WS#acme", "META")), request);
        assertEquals(
                "GetItem saas\nKey                        {\"EntityRef\":{\"S\":\"WS#acme\"},\"Detail\":{\"S\":\"META\"}}",
                request.describe());
    }

    @Test
    void projectsNewestFirstIsOneQueryWithTheSeedsExpressions() {
        PatternRequests.Query query =
                (PatternRequests.Query)
                        PatternRequests.build(
                                saas,
                                pattern("list proj of a ws, newest first"),
                                Map.of("wsId", s("acme")));
        assertEquals(1, query.keyConditions().size());
        CompiledExpression kc = query.keyConditions().get(0);
        assertEquals("#er = :er AND begins_with(#d, :d)", kc.text());
        assertEquals(Map.of("#er", "EntityRef", "#d", "Detail"), kc.names());
        assertEquals(Map.of(":er", s("WS#acme"), ":d", s("PROJ#")), kc.values());
        assertEquals(false, query.scanForward());
        assertTrue(query.describe().endsWith("ScanIndexForward           false"), query.describe());
    }

    @Test
    void aShardedPartitionFansOutToOneQueryPerShard() {
        PatternRequests.Query query =
                (PatternRequests.Query)
                        PatternRequests.build(
                                saas,
                                pattern(
                                        "list projSharded of a ws, newest first (fan-out over 10 shards)"),
                                Map.of("wsId", s("big")));
        assertEquals(10, query.keyConditions().size());
        assertEquals(s("WS#big#10"), query.keyConditions().get(9).values().get(":er"));
    }

    @Test
    void aFilterTakesItsValueFromTheParameters() {
        AccessPattern active =
                new AccessPattern(
                        "active projects of a workspace",
                        AccessPattern.Operation.QUERY,
                        List.of("proj"),
                        null,
                        KeyTemplate.parse("WS#{wsId}"),
                        Optional.of(
                                new AccessPattern.SortKeyPattern(
                                        SortKeyCondition.Operator.BEGINS_WITH,
                                        KeyTemplate.parse("PROJ#"),
                                        null)),
                        false,
                        "status = :status");
        assertEquals(Set.of("wsId", "status"), PatternRequests.parameters(active));
        PatternRequests.Query query =
                (PatternRequests.Query)
                        PatternRequests.build(
                                saas, active, Map.of("wsId", s("acme"), "status", s("ACTIVE")));
        assertEquals("#s = :status", query.filter().text());
        assertEquals(Map.of("#s", "status"), query.filter().names());
        assertEquals(Map.of(":status", s("ACTIVE")), query.filter().values());
        CompiledExpression kc = query.keyConditions().get(0);
        assertTrue(kc.values().keySet().stream().noneMatch(":status"::equals));

        Item project = SampleData.items(SampleData.Dataset.SAAS).get(1);
        Map<String, AttributeValue> fromItem =
                PatternAnswers.parameters(saas, active, List.of(project), Map.of()).orElseThrow();
        assertEquals(s("acme"), fromItem.get("wsId"));
        assertEquals(project.attributes().get("status"), fromItem.get("status"));

        IllegalArgumentException missing =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> PatternRequests.build(saas, active, Map.of("wsId", s("acme"))));
        assertEquals(
                "access pattern 'active projects of a workspace' needs a value for status",
                missing.getMessage());
    }

    @Test
    void aScanIsAScan() {
        AccessPattern all =
                new AccessPattern(
                        "every project",
                        AccessPattern.Operation.SCAN,
                        List.of("proj"),
                        null,
                        null,
                        Optional.empty(),
                        false,
                        null);
        assertEquals(
                new PatternRequests.Scan("saas", null, null),
                PatternRequests.build(saas, all, Map.of()));
    }
}

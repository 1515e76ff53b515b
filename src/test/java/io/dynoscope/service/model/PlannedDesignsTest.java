package io.dynoscope.service.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.planner.PlanRequests;
import io.dynoscope.repository.Cancellation;
import io.dynoscope.testsupport.TestEngine;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The planner on public worked examples other than the seed: each proposal is loaded on the engine
 * with its example items and checked, and every access pattern is one request returning exactly the
 * items its question asks for, with no more indexes than the published design.
 */
class PlannedDesignsTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "online shop",
                "device state log",
                "battle royale game",
                "complaint management",
                "recurring payments"
            })
    void theProposalServesEveryPatternWithNoMoreIndexesThanPublished(String name) {
        PlanRequests.Example example = PlanRequests.example(name);
        ModelPlanning.Proposal proposal = ModelPlanning.plan(example.planRequest());
        TableDesign planned = proposal.plan().design();
        assertTrue(proposal.allServed(), proposal.notServed().toString());
        assertTrue(
                planned.model().indexes().size() <= example.publishedIndexes(),
                name
                        + ": "
                        + planned.model().indexes().size()
                        + " indexes, published "
                        + example.publishedIndexes());
        String table = TestEngine.uniqueTableName("planned");
        TableDesign design = planned.withModel(planned.model().with(b -> b.table(table)));
        SchemaLoad.Result loaded =
                new SchemaLoad(TestEngine.repository())
                        .load(SchemaLoad.prepare(design), true, p -> {}, Cancellation.none());
        assertEquals(design.items().size(), loaded.itemsWritten());
        AccessPatternCheck.Report report =
                new AccessPatternCheck(TestEngine.repository())
                        .check(design, table, Map.of(), o -> {}, Cancellation.none());
        String outcomes =
                report.outcomes().stream()
                        .map(o -> o.pattern().name() + ": " + o.reason() + "\n" + o.request())
                        .collect(Collectors.joining("\n\n"));
        assertTrue(report.allAsDesigned(), outcomes);
        for (AccessPatternCheck.Outcome outcome : report.outcomes()) {
            assertEquals(1, outcome.statistics().requests(), outcome.pattern().name());
            assertEquals(outcome.expectedKeys().size(), outcome.returnedKeys().size(), outcomes);
            assertTrue(!outcome.expectedKeys().isEmpty() || outcome.pattern().count(), outcomes);
        }
    }
}

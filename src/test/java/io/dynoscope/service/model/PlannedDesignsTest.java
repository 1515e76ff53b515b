package io.dynoscope.service.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.planner.PlanRequests;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.testsupport.TestEngine;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
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
        loadAndCheck(planned);
    }

    @Test
    void aGrandchildReadWithItsParentSharesTheAncestorsCollectionAndBooksReachTheirLoans() {
        ModelPlanning.Proposal proposal =
                ModelPlanning.plan(
                        """
                        { "table": "Library",
                          "entities": [
                            { "name": "member", "attributes": { "name": "S" } },
                            { "name": "book", "id": "isbn", "attributes": { "title": "S" } },
                            { "name": "loan", "belongsTo": "member",
                              "attributes": { "isbn": "S", "loanedAt": "S" } },
                            { "name": "renewal", "belongsTo": "loan",
                              "attributes": { "renewedAt": "S" } } ],
                          "accessPatterns": [
                            "Get a loan of a member with its renewals",
                            "Get a loan of a given memberId and loanId with its renewals",
                            "List the loans of a member, newest first",
                            "List the loans of a given isbn" ] }
                        """);
        TableDesign planned = proposal.plan().design();
        TableModel model = planned.model();
        Entity loan = model.entity("loan").orElseThrow();
        assertEquals(
                KeyTemplates.of("MEMBER#{memberId}", "LOAN#{loanId}#{renewalId}"),
                model.entity("renewal").orElseThrow().keys(),
                "renewals sit under their loan in the member's collection");
        AccessPattern withRenewals = model.accessPatterns().get(1);
        assertEquals(List.of("loan", "renewal"), withRenewals.entities());
        assertEquals(null, withRenewals.index());
        assertEquals("LOAN#{loanId}", withRenewals.sortKey().orElseThrow().value().text());
        assertEquals(
                "LOAN#{loanId}#~",
                withRenewals.sortKey().orElseThrow().upper().text(),
                "loan 1 and its renewals, not loan 10");
        AccessPattern loansOfMember = model.accessPatterns().get(2);
        assertEquals(
                "MEMBER#{memberId}",
                loan.indexKeys().get(loansOfMember.index()).partitionKey().text(),
                "the member's collection also holds renewals: its loans alone are on an index");
        AccessPattern byBook = model.accessPatterns().get(3);
        assertEquals("BOOK#{isbn}", byBook.partitionKey().text());
        assertTrue(proposal.allServed(), proposal.notServed().toString());
        loadAndCheck(planned);
    }

    private static void loadAndCheck(TableDesign planned) {
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

package io.dynoscope.core.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.core.model.PatternAnswers;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.model.TableModel;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Where the planner puts a grandchild and how it reads several entities of one collection: each
 * design's keys as an expert would lay them out, and every pattern answered from the example items
 * by a plain model of a key read ({@link WorkedExamplesTest#read}) and judged by the check's own
 * answer.
 */
class CollectionLayoutTest {

    private static final String LIBRARY_ENTITIES =
            """
            { "name": "member", "attributes": { "name": "S" } },
            { "name": "loan", "belongsTo": "member",
              "attributes": { "status": "S", "loanedAt": "S" } },
            { "name": "renewal", "belongsTo": "loan", "attributes": { "renewedAt": "S" } }
            """;

    @Test
    void aGrandchildReadWithItsParentIsKeptUnderTheParentsSortKey() {
        Plan plan =
                plan(
                        LIBRARY_ENTITIES,
                        "\"Get a loan with its renewals\","
                                + " \"List the loans of a member, newest first\"");
        TableModel model = plan.design().model();
        assertEquals(
                KeyTemplates.of("MEMBER#{memberId}", "LOAN#{loanId}#{renewalId}"),
                model.entity("renewal").orElseThrow().keys(),
                "a loan's renewals sort right after it in its member's collection");

        AccessPattern together = model.accessPatterns().get(0);
        assertEquals(AccessPattern.Operation.QUERY, together.operation());
        assertEquals(List.of("loan", "renewal"), together.entities());
        assertNull(together.index());
        assertEquals("MEMBER#{memberId}", together.partitionKey().text());
        // the loan and its renewals, not loan 10's: LOAN#1 .. LOAN#1#~ leaves LOAN#10 out
        assertEquals(
                SortKeyCondition.Operator.BETWEEN, together.sortKey().orElseThrow().operator());
        assertEquals("LOAN#{loanId}", together.sortKey().get().value().text());
        assertEquals("LOAN#{loanId}#~", together.sortKey().get().upper().text());

        AccessPattern loans = model.accessPatterns().get(1);
        assertEquals(
                "GSI1",
                loans.index(),
                "LOAN# on the table also holds the renewals: the loans are read on an index");
        assertEquals(
                KeyTemplates.of("MEMBER#{memberId}", "LOAN#{loanedAt}"),
                model.entity("loan").orElseThrow().indexKeys().get("GSI1"));
        assertTrue(loans.newestFirst());
        assertEquals(1, model.indexes().size());
        assertTrue(
                said(plan, "renewal", "kept in the collection of MEMBER#{memberId}"),
                plan.findings().toString());
        assertTrue(
                said(plan, "List the loans of a member, newest first", "read on an index"),
                plan.findings().toString());

        Map<String, List<Item>> returned = answerEveryPattern(plan.design());
        List<Item> loanAndRenewals = returned.get("Get a loan with its renewals");
        assertEquals(
                List.of("loan", "renewal", "renewal"),
                loanAndRenewals.stream().map(CollectionLayoutTest::kind).toList(),
                "the first loan and its two renewals, in key order");
    }

    @Test
    void aGrandchildNotReadWithItsParentGetsAPartitionPerParent() {
        Plan plan =
                plan(
                        LIBRARY_ENTITIES,
                        "\"List the renewals of a loan of a given member\","
                                + " \"List the loans of a member, newest first\","
                                + " \"Get a member and its loans\"");
        TableModel model = plan.design().model();
        assertEquals(
                KeyTemplates.of("MEMBER#{memberId}#LOAN#{loanId}", "RENEWAL#{renewalId}"),
                model.entity("renewal").orElseThrow().keys());
        assertEquals(List.of(), model.indexes(), "every pattern is a Query on the table");

        AccessPattern renewals = model.accessPatterns().get(0);
        assertEquals("MEMBER#{memberId}#LOAN#{loanId}", renewals.partitionKey().text());
        assertEquals("RENEWAL#", renewals.sortKey().orElseThrow().value().text());
        AccessPattern loans = model.accessPatterns().get(1);
        assertNull(loans.index(), "no renewal sorts among the loans: the table's key serves");
        assertEquals(SortKeyCondition.Operator.BEGINS_WITH, loans.sortKey().get().operator());
        assertEquals("LOAN#", loans.sortKey().get().value().text());
        AccessPattern memberAndLoans = model.accessPatterns().get(2);
        assertEquals(
                Optional.empty(),
                memberAndLoans.sortKey(),
                "the member's collection holds only the two: no sort-key condition");
        assertTrue(
                plan.findings().stream().noneMatch(f -> f.subject().equals("renewal")),
                plan.findings().toString());

        Map<String, List<Item>> returned = answerEveryPattern(plan.design());
        assertEquals(
                List.of("loan", "loan", "loan", "loan", "member"),
                returned.get("Get a member and its loans").stream()
                        .map(CollectionLayoutTest::kind)
                        .toList(),
                "the first member's four loans, then the member (LOAN# sorts before META)");
    }

    @Test
    void entitiesReadTogetherFromACollectionOfMoreKindsAreOneSortKeyRange() {
        Plan plan =
                plan(
                        """
                        { "name": "member", "attributes": { "name": "S" } },
                        { "name": "fine", "belongsTo": "member", "attributes": { "amount": "N" } },
                        { "name": "loan", "belongsTo": "member", "attributes": { "loanedAt": "S" } },
                        { "name": "reservation", "belongsTo": "member",
                          "attributes": { "reservedAt": "S" } }
                        """,
                        "\"Get a member and its loans\", \"Get a member and its reservations\"");
        TableModel model = plan.design().model();
        // FINE#… < LOAN#… < META < RESERVATION#…: each pair is adjacent in the collection
        AccessPattern loans = model.accessPatterns().get(0);
        assertEquals(SortKeyCondition.Operator.BETWEEN, loans.sortKey().orElseThrow().operator());
        assertEquals("LOAN#", loans.sortKey().get().value().text());
        assertEquals("META~", loans.sortKey().get().upper().text());
        AccessPattern reservations = model.accessPatterns().get(1);
        assertEquals("META", reservations.sortKey().orElseThrow().value().text());
        assertEquals("RESERVATION#~", reservations.sortKey().get().upper().text());

        Map<String, List<Item>> returned = answerEveryPattern(plan.design());
        assertEquals(
                List.of("reservation", "reservation", "reservation", "reservation"),
                returned.get("Get a member and its reservations").stream()
                        .map(CollectionLayoutTest::kind)
                        .filter(k -> !k.equals("member"))
                        .toList(),
                "the first member's four reservations and no fine or loan");
    }

    @Test
    void entitiesThatNoSortKeyRangeSeparatesFromTheOthersAreNotClaimedAsOneRequest() {
        // LOAN#{loanId}#{renewalId} sorts among LOAN#{loanId}; FINE#… < LOAN#… < META
        Plan renewals =
                plan(
                        LIBRARY_ENTITIES,
                        "\"Get a loan with its renewals\", \"Get a member and its loans\"");
        Plan fines =
                plan(
                        """
                        { "name": "member", "attributes": { "name": "S" } },
                        { "name": "fine", "belongsTo": "member", "attributes": { "amount": "N" } },
                        { "name": "loan", "belongsTo": "member", "attributes": { "loanedAt": "S" } }
                        """,
                        "\"Get a member and its fines\"");
        for (Plan plan : List.of(renewals, fines)) {
            AccessPattern both = plan.design().model().accessPatterns().get(plan == fines ? 0 : 1);
            assertEquals(
                    List.of("member"),
                    both.entities(),
                    "a Query of the whole collection would return other items too");
            assertEquals(AccessPattern.Operation.GET_ITEM, both.operation());
            assertTrue(
                    said(plan, both.name(), "takes a second request"), plan.findings().toString());
            answerEveryPattern(plan.design());
        }
        assertTrue(
                said(renewals, "Get a member and its loans", "holds other items among"),
                renewals.findings().toString());
    }

    private static Plan plan(String entities, String patterns) {
        return Planner.plan(
                PlanRequest.read(
                                "{ \"table\": \"Library\", \"entities\": [ "
                                        + entities
                                        + " ], \"accessPatterns\": [ "
                                        + patterns
                                        + " ] }")
                        .input());
    }

    /**
     * Every pattern answered from the examples by a plain key read: one request returning exactly
     * what the check's own answer expects, and something.
     */
    private static Map<String, List<Item>> answerEveryPattern(TableDesign design) {
        TableModel model = design.model();
        Map<String, List<Item>> returned = new LinkedHashMap<>();
        for (AccessPattern pattern : model.accessPatterns()) {
            Map<String, AttributeValue> parameters =
                    PatternAnswers.parameters(model, pattern, design.items(), Map.of())
                            .orElseThrow(() -> new AssertionError(pattern.name()));
            List<Item> read = WorkedExamplesTest.read(model, pattern, parameters, design.items());
            assertEquals(
                    Optional.empty(),
                    PatternAnswers.judge(model, pattern, parameters, design.items(), read),
                    pattern.name() + " with " + parameters);
            assertTrue(!read.isEmpty(), pattern.name() + " returns nothing");
            returned.put(pattern.name(), read);
        }
        return returned;
    }

    private static String kind(Item item) {
        return item.attributes().containsKey("renewalId")
                ? "renewal"
                : item.attributes().containsKey("loanId")
                        ? "loan"
                        : item.attributes().containsKey("reservationId")
                                ? "reservation"
                                : item.attributes().containsKey("fineId") ? "fine" : "member";
    }

    private static boolean said(Plan plan, String subject, String words) {
        return plan.findings().stream()
                .anyMatch(f -> f.subject().equals(subject) && f.message().contains(words));
    }
}

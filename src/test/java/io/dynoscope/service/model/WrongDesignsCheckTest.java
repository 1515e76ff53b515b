package io.dynoscope.service.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.Question;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.testsupport.TestEngine;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Designs that look fine but do not answer their questions, on a planned library loaded on the
 * engine: each fails the check with a reason a person can act on, while the planned design passes.
 */
class WrongDesignsCheckTest {

    static final String LIBRARY =
            """
            { "table": "Library",
              "entities": [
                { "name": "member", "attributes": { "name": "S" } },
                { "name": "book", "id": "isbn", "attributes": { "title": "S" } },
                { "name": "loan", "belongsTo": "member",
                  "attributes": { "isbn": "S", "status": "S", "loanedAt": "S" } } ],
              "accessPatterns": [
                "List the loans of a given isbn loaned between two dates",
                "List the loans of a member with a given status, newest first",
                "Get a loan for a given memberId" ] }
            """;

    private static TableDesign design;
    private static String table;

    @BeforeAll
    static void load() {
        TableDesign planned = ModelPlanning.plan(LIBRARY).plan().design();
        table = TestEngine.uniqueTableName("library-wrong");
        design = planned.withModel(planned.model().with(b -> b.table(table)));
        new SchemaLoad(TestEngine.repository())
                .load(SchemaLoad.prepare(design), true, p -> {}, Cancellation.none());
    }

    private static AccessPatternCheck.Outcome check(AccessPattern pattern) {
        TableModel model = design.model().with(b -> b.accessPatterns(List.of(pattern)));
        return new AccessPatternCheck(TestEngine.repository())
                .check(model, table, Map.of(), design.items(), o -> {}, Cancellation.none())
                .outcomes()
                .get(0);
    }

    private static AccessPattern planned(int index) {
        return design.model().accessPatterns().get(index);
    }

    @Test
    void thePlannedRangeAndStatusPatternsAreServed() {
        AccessPatternCheck.Outcome range = check(planned(0));
        assertTrue(range.asDesigned(), range.reason());
        assertFalse(range.expectedKeys().isEmpty());
        assertEquals(range.expectedKeys(), range.returnedKeys());
        AccessPatternCheck.Outcome status = check(planned(1));
        assertTrue(status.asDesigned(), status.reason());
    }

    @Test
    void aFilterWhereARangeWasAskedFails() {
        AccessPattern asked = planned(0);
        AccessPattern filtered =
                asked.servedBy(
                        asked.operation(),
                        asked.index(),
                        asked.partitionKey(),
                        Optional.of(
                                new AccessPattern.SortKeyPattern(
                                        SortKeyCondition.Operator.BEGINS_WITH,
                                        KeyTemplate.parse("LOAN#"),
                                        null)),
                        false,
                        "loanedAt BETWEEN :loanedAtFrom AND :loanedAtTo");
        AccessPatternCheck.Outcome outcome = check(filtered);
        assertFalse(outcome.asDesigned());
        assertTrue(
                outcome.reason().contains("the range on loanedAt is not in the key condition"),
                outcome.reason());
    }

    @Test
    void aRangeLeftOutReturnsItemsOutsideIt() {
        AccessPattern asked = planned(0);
        AccessPattern whole =
                asked.servedBy(
                        asked.operation(),
                        asked.index(),
                        asked.partitionKey(),
                        Optional.of(
                                new AccessPattern.SortKeyPattern(
                                        SortKeyCondition.Operator.BEGINS_WITH,
                                        KeyTemplate.parse("LOAN#"),
                                        null)),
                        false,
                        null);
        AccessPatternCheck.Outcome outcome = check(whole);
        assertFalse(outcome.asDesigned());
        assertTrue(outcome.reason().contains("outside"), outcome.reason());
        assertTrue(outcome.returnedKeys().size() > outcome.expectedKeys().size());
    }

    @Test
    void aGivenStatusThatTheRequestIgnoresFailsWithTheItemsOfOtherStatuses() {
        AccessPattern asked = planned(1);
        AccessPattern everyStatus =
                asked.servedBy(
                        AccessPattern.Operation.QUERY,
                        null,
                        KeyTemplate.parse("MEMBER#{memberId}"),
                        Optional.of(
                                new AccessPattern.SortKeyPattern(
                                        SortKeyCondition.Operator.BEGINS_WITH,
                                        KeyTemplate.parse("LOAN#"),
                                        null)),
                        true,
                        null);
        AccessPatternCheck.Outcome outcome = check(everyStatus);
        assertFalse(outcome.asDesigned());
        assertTrue(outcome.reason().startsWith("wrong answer: "), outcome.reason());
        assertTrue(outcome.reason().contains("has status "), outcome.reason());
    }

    @Test
    void aGetItemWithIdsTheCallerLacksIsNotRun() {
        AccessPattern asked = planned(2);
        assertEquals(
                List.of("memberId"),
                asked.question().map(Question::given).orElseThrow(),
                "a loan for a given memberId: the caller has the member only");
        AccessPattern byKey =
                asked.servedBy(
                        AccessPattern.Operation.GET_ITEM,
                        null,
                        KeyTemplate.parse("MEMBER#{memberId}"),
                        Optional.of(
                                new AccessPattern.SortKeyPattern(
                                        SortKeyCondition.Operator.EQ,
                                        KeyTemplate.parse("LOAN#{loanId}"),
                                        null)),
                        false,
                        null);
        AccessPatternCheck.Outcome outcome = check(byKey);
        assertFalse(outcome.asDesigned());
        assertEquals(
                "not run: the request needs loanId, which the question does not give (its key asks"
                        + " for values the caller does not have)",
                outcome.reason());
    }
}

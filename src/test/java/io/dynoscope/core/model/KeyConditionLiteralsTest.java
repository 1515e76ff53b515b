package io.dynoscope.core.model;

import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.table.SecondaryIndex;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The literal text of a key condition read as part of the question (issue 33): "open tickets of a
 * priority" is {@code begins_with(GSI1SK, "OPEN#")} over {@code {state}#{openedAt}}, so the right
 * answer is the tickets whose own {@code state} is {@code OPEN}. The expected lists are read off
 * the four tickets below.
 */
class KeyConditionLiteralsTest {

    private static final Entity TICKET =
            new Entity(
                    "ticket",
                    KeyTemplates.of("ACC#{accountId}", "TICKET#{ticketId}"),
                    List.of(),
                    Map.of("GSI1", KeyTemplates.of("TICKET#{priority}", "{state}#{openedAt}")));
    private static final TableModel MODEL =
            new TableModel(
                    "desk",
                    KeySchema.of("PK", "SK"),
                    Map.of("PK", "S", "SK", "S", "GSI1PK", "S", "GSI1SK", "S"),
                    List.of(
                            new SecondaryIndex(
                                    "GSI1",
                                    true,
                                    KeySchema.of("GSI1PK", "GSI1SK"),
                                    "ALL",
                                    List.of())),
                    List.of(TICKET),
                    List.of(),
                    List.of(),
                    List.of(),
                    List.of());

    private static final Item OPEN_NOV = ticket("1", "P1", "OPEN", "2026-11-20T10:00:00Z");
    private static final Item CLOSED_DEC = ticket("2", "P1", "CLOSED", "2026-12-19T23:00:00Z");
    private static final Item OPEN_DEC = ticket("3", "P1", "OPEN", "2026-12-02T08:00:00Z");
    private static final Item OTHER_PRIORITY = ticket("4", "P2", "OPEN", "2026-12-05T08:00:00Z");
    private static final List<Item> TICKETS =
            List.of(OPEN_NOV, CLOSED_DEC, OPEN_DEC, OTHER_PRIORITY);

    private static Item ticket(String id, String priority, String state, String openedAt) {
        Map<String, AttributeValue> a = new LinkedHashMap<>();
        a.put("PK", s("ACC#a1"));
        a.put("SK", s("TICKET#t" + id));
        a.put("priority", s(priority));
        a.put("state", s(state));
        a.put("openedAt", s(openedAt));
        a.put("GSI1PK", s("TICKET#" + priority));
        a.put("GSI1SK", s(state + "#" + openedAt));
        return Item.of(a);
    }

    private static AccessPattern open(String prefix) {
        return new AccessPattern(
                "open tickets of a priority, newest first",
                AccessPattern.Operation.QUERY,
                List.of("ticket"),
                "GSI1",
                KeyTemplate.parse("TICKET#{priority}"),
                Optional.of(
                        AccessPattern.SortKeyPattern.of(
                                SortKeyCondition.Operator.BEGINS_WITH, prefix)),
                true,
                null,
                0,
                false,
                Optional.empty(),
                null);
    }

    @Test
    void theOpenTicketsOfAPriorityAreTheOpenOnesNewestFirst() {
        Map<String, AttributeValue> p1 = Map.of("priority", s("P1"));
        assertEquals(
                List.of(OPEN_DEC, OPEN_NOV),
                PatternAnswers.expected(MODEL, open("OPEN#"), p1, TICKETS).items());
        assertEquals(
                List.of(OPEN_DEC, OPEN_NOV),
                PatternAnswers.expected(MODEL, open("OP"), p1, TICKETS).items(),
                "a prefix inside the segment asks for states starting with OP");
        assertEquals(
                Optional.of(p1),
                PatternAnswers.parameters(MODEL, open("OPEN#"), TICKETS, Map.of()),
                "P1 has the most open tickets");
    }

    @Test
    void aClosedTicketReturnedIsWrongAndAnOpenOneLeftOutIsMissing() {
        Map<String, AttributeValue> p1 = Map.of("priority", s("P1"));
        assertEquals(
                Optional.empty(),
                PatternAnswers.judge(
                        MODEL, open("OPEN#"), p1, TICKETS, List.of(OPEN_DEC, OPEN_NOV)));
        Optional<String> closedToo =
                PatternAnswers.judge(
                        MODEL, open("OPEN#"), p1, TICKETS, List.of(CLOSED_DEC, OPEN_DEC, OPEN_NOV));
        assertTrue(
                closedToo.orElseThrow().contains("ACC#a1 / TICKET#t2 has state CLOSED, not OPEN"),
                closedToo.get());
        Optional<String> short1 =
                PatternAnswers.judge(MODEL, open("OPEN#"), p1, TICKETS, List.of(OPEN_DEC));
        assertTrue(short1.orElseThrow().contains("1 expected item is missing"), short1.get());
    }

    @Test
    void aConditionTheTemplateCanNeverMeetExpectsNothing() {
        assertEquals(
                List.of(),
                PatternAnswers.expected(MODEL, open("#OPEN"), Map.of("priority", s("P1")), TICKETS)
                        .items());
    }
}

package io.dynoscope.core.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.model.AttributeModel;
import io.dynoscope.core.model.Workload;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The plan request file of {@code model plan}: what it holds, and bad files refused saying where.
 */
class PlanRequestTest {

    private static String refused(String text) {
        return assertThrows(IllegalArgumentException.class, () -> PlanRequest.read(text))
                .getMessage();
    }

    @Test
    void entitiesAndPatternsAreReadWithTheirFigures() {
        PlanInput input =
                PlanRequest.read(
                                """
                                { "table": "Library", "partitionKey": "PK", "sortKey": "SK",
                                  "entities": [
                                    { "name": "member", "attributes": { "name": " s " },
                                      "readsPerSecond": 1, "writesPerSecond": 2.5,
                                      "itemsPerParent": 3, "itemBytes": 400 },
                                    { "name": "copy", "id": ["isbn", "branchId"],
                                      "attributes": { "shelf": "S", "renewals": "L" } },
                                    { "name": "loan", "id": "loanId", "belongsTo": "member" } ],
                                  "accessPatterns": [
                                    "Look up a member by memberId",
                                    { "words": "List the loans of a member", "readsPerSecond": 40,
                                      "itemBytes": 800 } ] }
                                """)
                        .input();
        assertEquals("Library", input.table());
        assertEquals("PK", input.partitionKey());
        assertEquals("SK", input.sortKey());
        EntitySpec member = input.entities().get(0);
        assertEquals(List.of("memberId"), member.ids(), "no id: the name's");
        assertNull(member.parent());
        assertEquals(
                List.of(new AttributeModel("name", AttributeValue.Type.S)), member.attributes());
        assertEquals(new Workload(1, 2.5, 3, 400), member.workload());
        EntitySpec copy = input.entities().get(1);
        assertEquals(List.of("isbn", "branchId"), copy.ids());
        assertEquals(AttributeValue.Type.L, copy.attributes().get(1).type());
        assertEquals("member", input.entities().get(2).parent());
        assertEquals(List.of("loanId"), input.entities().get(2).ids());

        PatternSpec lookUp = input.patterns().get(0);
        assertEquals("Look up a member by memberId", lookUp.words());
        assertEquals(List.of("member"), lookUp.returns());
        assertEquals(List.of("memberId"), lookUp.given());
        assertEquals(Workload.NONE, lookUp.workload());
        PatternSpec loans = input.patterns().get(1);
        assertEquals(List.of("loan"), loans.returns());
        assertTrue(loans.many());
        assertEquals(new Workload(40, 0, 0, 800), loans.workload());
    }

    @Test
    void aBadFileIsRefusedSayingWhatAndWhere() {
        String unknown = refused("{ \"table\": \"tbl\",\n  \"entitys\": [] }");
        assertTrue(unknown.startsWith("not a plan request: "), unknown);
        assertTrue(unknown.contains("entitys"), unknown);
        assertTrue(unknown.contains(" at line 2, column "), unknown);
        assertEquals("a plan request needs \"table\"", refused("{ \"entities\": [] }"));
        assertEquals("a plan request needs \"table\"", refused("{ \"table\": \" \" }"));
        assertEquals("a plan request needs \"table\"", refused("null"));
        assertEquals("a plan request needs \"entities\"", refused("{ \"table\": \"tbl\" }"));
        assertEquals(
                "a plan request needs \"entities\"",
                refused("{ \"table\": \"tbl\", \"entities\": [] }"));
        assertEquals(
                "an entity needs a \"name\"",
                refused("{ \"table\": \"tbl\", \"entities\": [ { \"id\": \"x\" } ] }"));
        assertEquals(
                "an entity needs a \"name\"",
                refused("{ \"table\": \"tbl\", \"entities\": [ { \"name\": \"\" } ] }"));
        assertEquals(
                "entity 'copy': \"id\" is an attribute name or a list of them",
                refused(
                        "{ \"table\": \"tbl\", \"entities\": [ { \"name\": \"copy\", \"id\": [\"isbn\", 3] } ] }"));
        assertEquals(
                "entity 'copy': \"id\" is an attribute name or a list of them",
                refused(
                        "{ \"table\": \"tbl\", \"entities\": [ { \"name\": \"copy\", \"id\": 7 } ] }"));
        assertEquals(
                "entity 'loan': attribute 'due' has type DATE, not one of S, N, B, BOOL, NULL, M,"
                        + " L, SS, NS, BS",
                refused(
                        "{ \"table\": \"tbl\", \"entities\": [ { \"name\": \"loan\","
                                + " \"attributes\": { \"due\": \"DATE\" } } ] }"));
        assertEquals(
                "entity 'loan': writesPerSecond must be a number of zero or more",
                refused(
                        "{ \"table\": \"tbl\", \"entities\": [ { \"name\": \"loan\","
                                + " \"writesPerSecond\": -1 } ] }"));
        assertEquals(
                "access pattern 'list loans': readsPerSecond must be a number of zero or more",
                refused(
                        "{ \"table\": \"tbl\", \"entities\": [ { \"name\": \"loan\" } ],"
                                + " \"accessPatterns\": [ { \"words\": \"list loans\","
                                + " \"readsPerSecond\": -2 } ] }"));
        assertEquals(
                "an access pattern needs its \"words\"",
                refused(
                        "{ \"table\": \"tbl\", \"entities\": [ { \"name\": \"loan\" } ],"
                                + " \"accessPatterns\": [ \" \" ] }"));
        assertEquals(
                "an access pattern needs its \"words\"",
                refused(
                        "{ \"table\": \"tbl\", \"entities\": [ { \"name\": \"loan\" } ],"
                                + " \"accessPatterns\": [ { \"readsPerSecond\": 1 } ] }"));
    }

    @Test
    void entitiesAndPatternsAreTidiedAndRefusedWhenEmpty() {
        EntitySpec copy =
                new EntitySpec(
                        " copy ",
                        Arrays.asList("isbn", " isbn", null, " ", "branchId"),
                        " ",
                        List.of(),
                        null);
        assertEquals("copy", copy.name());
        assertEquals(List.of("isbn", "branchId"), copy.ids(), "blank and repeated ids dropped");
        assertNull(copy.parent(), "a blank parent is none");
        assertEquals(Workload.NONE, copy.workload());
        assertTrue(copy.has("branchId"));
        assertEquals(false, copy.has("shelf"));
        assertEquals("orderItemId", EntitySpec.defaultId("order item"));
        assertEquals("orderItemId", EntitySpec.defaultId("orderItem"));
        assertEquals("itemId", EntitySpec.defaultId("--"));
        assertEquals("ORDER_ITEM", EntitySpec.tagOf("orderItem"));
        assertEquals("ORDER_ITEM", EntitySpec.tagOf("order item"));
        assertEquals("ITEM", EntitySpec.tagOf("--"));
        assertEquals(List.of("memberId"), EntitySpec.of("member", " ", null, List.of()).ids());
        assertThrows(
                IllegalArgumentException.class, () -> EntitySpec.of(" ", null, null, List.of()));

        PatternSpec tidy =
                new PatternSpec(
                        " list loans ",
                        List.of(" loan", "loan", " "),
                        List.of("memberId ", "memberId", ""),
                        true,
                        Optional.empty(),
                        Optional.empty(),
                        0,
                        false,
                        Optional.empty(),
                        null);
        assertEquals("list loans", tidy.words());
        assertEquals(List.of("loan"), tidy.returns());
        assertEquals("loan", tidy.entity());
        assertEquals(List.of("memberId"), tidy.given());
        assertEquals(Workload.NONE, tidy.workload());
        assertEquals(
                "an access pattern needs a name in your words",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> PatternSpec.of(" ", "loan", List.of(), true))
                        .getMessage());
        assertEquals(
                "access pattern 'list' needs the entity it returns",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> PatternSpec.of("list", " ", List.of(), true))
                        .getMessage());
    }
}

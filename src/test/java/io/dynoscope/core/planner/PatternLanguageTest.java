package io.dynoscope.core.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.model.Question;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The reader's general English, each on sentences of no corpus design: other words for an
 * attribute, possessives, "top N by X", writes, relative clauses, user stories, periods, counts,
 * attributes that name one item, and the guesses it must own up to.
 */
class PatternLanguageTest {

    private static final String PLAN =
            """
            { "table": "Shop",
              "entities": [
                { "name": "employee",
                  "attributes": { "name": "S", "jobTitle": "S", "phoneNumber": "S" } },
                { "name": "customer",
                  "attributes": { "name": "S", "phoneNumber": "S", "email": "S" } },
                { "name": "store",
                  "attributes": { "country": "S", "state": "S", "city": "S", "postcode": "S" } },
                { "name": "image", "attributes": { "viewCount": "N", "uploadedAt": "S" } },
                { "name": "order",
                  "attributes": { "customerId": "S", "status": "S", "createdAt": "S" } },
                { "name": "orderItem", "belongsTo": "order", "attributes": { "quantity": "N" } },
                { "name": "room", "attributes": { "roomType": "S" } },
                { "name": "membership", "id": ["roomId", "customerId"],
                  "attributes": { "joinedAt": "S" } },
                { "name": "team", "attributes": { "name": "S" } },
                { "name": "person", "belongsTo": "team", "attributes": { "role": "S" } },
                { "name": "ranking", "belongsTo": "team", "attributes": { "points": "N" } },
                { "name": "newsletterIssue", "attributes": { "publishedAt": "S" } } ] }
            """;

    private static final List<EntitySpec> ENTITIES = PlanRequest.read(PLAN).input().entities();

    private static PatternSpec read(String words) {
        return PatternWords.read(words, ENTITIES);
    }

    private static void reads(
            String words, List<String> returns, List<String> given, boolean many) {
        PatternSpec read = read(words);
        assertEquals(returns, read.returns(), words);
        assertEquals(given, read.given(), words);
        assertEquals(many, read.many(), words);
    }

    @Test
    void anAttributeIsMatchedByAnotherWordForItAndByTheLastWordOfItsName() {
        reads(
                "Gather all stores in a particular zip code",
                List.of("store"),
                List.of("postcode"),
                true);
        reads("Find the stores by postal code", List.of("store"), List.of("postcode"), true);
        reads("Find employees by title", List.of("employee"), List.of("jobTitle"), true);
        reads("Get rooms by type", List.of("room"), List.of("roomType"), true);
    }

    @Test
    void aPossessiveNamesTheEntityAnAttributeIsReadFrom() {
        // the employee is the first entity holding a phone number; the possessive wins
        PatternSpec read = read("Find a customer's phone number");
        assertEquals(List.of("customer"), read.returns());
        assertEquals(List.of("customerId"), read.given());
        assertFalse(read.isUnsure(), read.unsure().toString());
        PatternSpec unnamed = read("Find the phone number");
        assertEquals(List.of("employee"), unnamed.returns());
        assertTrue(unnamed.unsure().get(0).contains("held by employee, customer"));
    }

    @Test
    void topNByAnAttributeIsAnOrderAndNoCount() {
        PatternSpec read = read("Retrieve the top N images based on total view count");
        assertEquals(List.of("image"), read.returns());
        assertEquals(List.of(), read.given());
        assertTrue(read.many());
        assertFalse(read.count(), "view count names an attribute");
        assertEquals(Optional.of(new Question.Order("viewCount", true)), read.order());
        assertEquals(0, read.limit(), "N is the caller's number");
        PatternSpec five = read("Get the top 5 images by view count");
        assertEquals(5, five.limit());
        assertEquals(Optional.of(new Question.Order("viewCount", true)), five.order());
        assertTrue(read("Count the orders of a customer").count());
    }

    @Test
    void writesAndTheVerbsThatRelateAPersonToAThing() {
        PatternSpec add = read("Add a new image");
        assertEquals(PatternSpec.Kind.CREATE, add.kind());
        assertEquals(List.of("imageId"), add.given());
        PatternSpec join = read("Join a room");
        assertEquals(PatternSpec.Kind.CREATE, join.kind());
        assertEquals(List.of("membership"), join.returns(), "joining a room writes a membership");
        assertEquals(List.of("roomId", "customerId"), join.given());
        assertEquals(PatternSpec.Kind.DELETE, read("Delete an order").kind());
    }

    @Test
    void theNounAfterARelativePronounFindsTheNounBefore() {
        reads(
                "Get all rooms that a customer belongs to",
                List.of("membership"),
                List.of("customerId"),
                true);
    }

    @Test
    void aUserStorysRoleIsNoPartOfTheAskAndMyOrTheirIsTheRole() {
        reads("Customers can view their orders", List.of("order"), List.of("customerId"), true);
        reads("An employee can list all stores", List.of("store"), List.of(), true);
        reads(
                "As a customer, I want to see my orders",
                List.of("order"),
                List.of("customerId"),
                true);
    }

    @Test
    void thisMonthIsARangeFromItsStart() {
        PatternSpec read = read("List a customer's orders made this month");
        assertEquals(List.of("customerId"), read.given());
        assertEquals(
                Optional.of(new Question.Range("createdAt", Question.Range.Kind.AFTER)),
                read.range());
    }

    @Test
    void anAttributeThatUsuallyNamesOneItemReadsOneAndSaysItGuessed() {
        PatternSpec read = read("Look up a customer by email");
        assertEquals(List.of("email"), read.given());
        assertFalse(read.many());
        assertTrue(read.unsure().get(0).contains("email usually names one"));
        assertTrue(read("List all customers by email").many(), "'all' asks for several");
    }

    @Test
    void noEntityNamedButAnAttributeOnlyOneHoldsIsThatEntityAndAGuess() {
        PatternSpec read = read("Filter by postcode");
        assertEquals(List.of("store"), read.returns());
        assertEquals(List.of("postcode"), read.given());
        assertTrue(read.unsure().get(0).contains("the one holding postcode"));
        PatternSpec nothing = read("Filter by colour");
        assertEquals(List.of("employee"), nothing.returns());
        assertTrue(nothing.unsure().get(0).contains("name no entity"));
    }

    @Test
    void oneOfAParentsItemsIsItsWholeKeyAndTheOnlyEntityNamedIsTheOneAsked() {
        reads("Get a ranking of a team", List.of("ranking"), List.of("teamId", "rankingId"), false);
        reads("Get the details of a store", List.of("store"), List.of("storeId"), false);
        reads("List details of stores sorted by city", List.of("store"), List.of(), true);
        assertEquals(
                Optional.of(new Question.Order("city", false)),
                read("List details of stores sorted by city").order());
    }

    @Test
    void irregularPluralsAndSymbolsForAnd() {
        reads("List the people of a team", List.of("person"), List.of("teamId"), true);
        reads("Get an order + its items", List.of("order", "orderItem"), List.of("orderId"), true);
        reads("Get an order's history", List.of("order"), List.of("orderId"), false);
        reads("Get order history", List.of("order"), List.of(), true);
    }

    @Test
    void theFirstWordOfACompoundNameNoOtherEntityUsesNamesIt() {
        reads("List all newsletters", List.of("newsletterIssue"), List.of(), true);
        PatternSpec byMail = read("Find the customer with a given e-mail");
        assertEquals(List.of("customer"), byMail.returns());
        assertEquals(List.of("email"), byMail.given());
    }
}

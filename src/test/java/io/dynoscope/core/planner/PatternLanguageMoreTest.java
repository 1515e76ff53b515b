package io.dynoscope.core.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.model.Question;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * More of the reader's general English, on sentences of no corpus design: "top-level" is no
 * ranking, "chronological" orders, "with" and a plural brings the children along, a write of an
 * attribute updates its item, a singular noun asks for one, an owner named by role, "leave", verbs
 * that are also nouns, a parent's name before its child's, and the Spanish and Italian words these
 * need.
 */
class PatternLanguageMoreTest {

    private static final String PLAN =
            """
            { "table": "Social",
              "entities": [
                { "name": "user", "attributes": { "name": "S", "apiKey": "S" } },
                { "name": "post",
                  "attributes": { "ownerId": "S", "caption": "S", "createdAt": "S" } },
                { "name": "comment", "belongsTo": "post",
                  "attributes": { "userId": "S", "text": "S", "createdAt": "S" } },
                { "name": "invoice", "attributes": { "customerId": "S", "issuedAt": "S" } },
                { "name": "room", "attributes": { "name": "S" } },
                { "name": "membership", "id": ["roomId", "userId"],
                  "attributes": { "joinedAt": "S" } },
                { "name": "product", "attributes": { "name": "S" } },
                { "name": "review", "belongsTo": "product",
                  "attributes": { "stars": "N", "createdAt": "S" } },
                { "name": "booking", "attributes": { "userId": "S", "day": "S" } } ] }
            """;

    private static final List<EntitySpec> ENTITIES = PlanRequest.read(PLAN).input().entities();

    private static PatternSpec read(String words) {
        return PatternWords.read(words, ENTITIES);
    }

    @Test
    void topLevelIsNoRankingAndChronologicalOrders() {
        PatternSpec topLevel = read("Retrieve the top-level invoice details for an invoice ID");
        assertEquals(0, topLevel.limit());
        assertEquals(Optional.empty(), topLevel.order());
        assertEquals(
                Optional.of(new Question.Order("createdAt", false)),
                read("List the comments of a post in chronological order").order());
        assertEquals(
                Optional.of(new Question.Order("createdAt", true)),
                read("List the comments of a post in reverse chronological order").order());
    }

    @Test
    void childrenInThePluralAfterWithComeAlong() {
        PatternSpec read = read("Get post with comments");
        assertEquals(List.of("post", "comment"), read.returns());
        assertEquals(List.of("postId"), read.given());
        assertTrue(read.many());
    }

    @Test
    void aWriteOfAnAttributeUpdatesItsItemAndASingularNounAsksForOne() {
        PatternSpec key = read("Create API Key for User");
        assertEquals(PatternSpec.Kind.UPDATE, key.kind());
        assertEquals(List.of("user"), key.returns());
        PatternSpec byKey = read("Get User for API Key");
        assertEquals(List.of("apiKey"), byKey.given());
        assertEquals(false, byKey.many());
    }

    @Test
    void aUsersItemsAreFoundByTheRoleTheyHoldAndSaySo() {
        PatternSpec read = read("Get a user's posts");
        assertEquals(List.of("post"), read.returns());
        assertEquals(List.of("ownerId"), read.given());
        assertTrue(String.join(" ", read.unsure()).contains("by role"), read.unsure().toString());
        assertEquals(List.of("post"), read("Get posts by a user").returns());
    }

    @Test
    void leaveDeletesAMembershipAndVerbsThatAreNounsReadAsNounsInside() {
        PatternSpec leave = read("Leave a room");
        assertEquals(PatternSpec.Kind.DELETE, leave.kind());
        assertEquals(List.of("membership"), leave.returns());
        PatternSpec review = read("Leave a review for a product");
        assertEquals(PatternSpec.Kind.CREATE, review.kind());
        assertEquals(List.of("review"), review.returns());
        assertEquals(PatternSpec.Kind.READ, read("Get the latest product review").kind());
        assertEquals(PatternSpec.Kind.CREATE, read("Send a comment on a post").kind());
    }

    @Test
    void aParentNamedBeforeItsChildIsReadAsDescribingItAndSaysItGuessed() {
        PatternSpec read = read("Get post comments");
        assertEquals(List.of("comment"), read.returns());
        assertTrue(
                String.join(" ", read.unsure()).contains("one post's"), read.unsure().toString());
    }

    @Test
    void anEntityIsNamedByAnotherWordForIt() {
        assertEquals(List.of("booking"), read("List the reservations of a user").returns());
    }

    @Test
    void spanishAndItalianModalsPossessivesAndCompoundNounsReadAsEnglish() {
        PatternSpec english = read("Users can view their bookings");
        for (String words :
                List.of(
                        "Los usuarios pueden ver sus reservas",
                        "Gli utenti possono vedere le loro prenotazioni")) {
            PatternSpec read = read(words);
            assertEquals(english.returns(), read.returns(), words);
            assertEquals(english.given(), read.given(), words);
        }
        assertEquals(
                List.of("userId"),
                PatternWords.read(
                                "Obtener todas las reservas de una cuenta",
                                PlanRequest.read(
                                                """
                                                { "table": "Bookings", "entities": [
                                                  { "name": "account", "id": "userId" },
                                                  { "name": "booking", "belongsTo": "account" } ] }
                                                """)
                                        .input()
                                        .entities())
                        .given());
    }
}

package io.dynoscope.core.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.model.AttributeModel;
import io.dynoscope.core.model.Question;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * No sentence of the corpus's tuned part that is read right today may be read wrong tomorrow: the
 * corpus test holds only a floor, so a change that breaks two or three sentences while fixing
 * others would pass it. Every tuned sentence must read as the corpus says (its readings were
 * written from the worked examples' published designs), except those listed here with the reason
 * the reader gets them wrong; one of those read right is welcome and needs only its line removed.
 * The held-out and translated parts are held to their floors only (PatternWordsCorpusTest).
 */
class PatternWordsRegressionTest {

    /** Sentences read wrong today, each with why. */
    private static final Set<String> KNOWN_MISREADS =
            Set.of(
                    // "position" names no attribute: a range of comments by their place
                    "getFromPositionToPositionComments",
                    // "details on a specific employee": the employee is given and comes along
                    "As a Project Manager, I need to find all tasks and details on a specific"
                            + " employee.",
                    // "full name": first and last name together
                    "Get all authors by the full name of the writer",
                    // a reference (books hold memberId), not a parent: a second request
                    "Get member information and their checked out books",
                    // a book given by its isbn, which is not its id here
                    "Get the genres and subgenres associated with a book",
                    "Get the sub-genres associated with a book and one of its main genres",
                    // "books within a genre" are genre items, which hold the book
                    "Get books within a genre",
                    "Get books within a genre and subgenre",
                    "Get subgenres within a given author and genre",
                    // "or": three alternative parents
                    "Get subscriptions for a given repository, pull request, or issue.",
                    // "property" is the domain's word for a hotel, which no entity is named
                    "Users can browse the list of rooms for a given property",
                    // "the room details": one room, but only "a room" says so
                    "Users can view the room details for a given hotel",
                    // the storefront is the brand's page; the drops in brackets are what it lists
                    "Render brand storefront (drops newest-first)",
                    // "raffle" names the drop's entries only in the domain's words
                    "Enter raffle",
                    // a buyer is the user who ordered: no entity is named "buyer"
                    "Buyer's order history",
                    // "word-to-sentence edges" names wordSentence with a "to" between its words
                    "Get only word-to-sentence edges for a word",
                    // "status history" names the status events only in the domain's words
                    "open one case with its comments and status history",
                    // "recent" says no which time (updatedAt, as published), nor the tenant
                    "Recent cases for a customer",
                    // a path read with begins_with: "recursive" names no attribute
                    "As a user, I want to retrieve a recursive list of all child components for a"
                            + " component ID.",
                    // "post comments": the parent before its child describes it ("device logs")
                    "Get Post Comments Only",
                    // "liked" names the like entity only as a verb
                    "Check if User Liked Post",
                    "Get User's Liked Posts",
                    // "popular … by likes": likeCount, not the like entity
                    "Get Popular Posts (by likes)",
                    // customers and bills are no children of an invoice: an adjacency list
                    "Using the invoice ID, retrieve the top-level invoice details, customer, and"
                            + " associated bill details.",
                    "Using the bill ID, retrieve the top-level bill details and the associated"
                            + " invoice details.",
                    // 2026-12-08's tuned designs, as read before any change:
                    // "react", "follow", "followers", "followed" name the reaction and the
                    // friendship only as verbs and roles
                    "React to a photo",
                    "Follow user",
                    "View followers for user",
                    "View followed for user",
                    // "by date and email": neither word is read as a value the caller has
                    "Get meetings by date and email",
                    "Get meetings by date and employeeID",
                    // meetings in a room are the room's reservations
                    "Get meetings by date and building/floor/room",
                    // a ticket's history: every modification, the key's first part only
                    "Get Ticket History by ticket ID",
                    // the employee's tickets are those the employee created
                    "Get Ticket History by employee email",
                    // "last touched in the past 24 hours": a range, not an order
                    "Get Tickets last touched in the past 24 hours",
                    // a project's history is its time cards
                    "Get Project History by date range",
                    "Get Project History by role",
                    // "campaign performance": the campaign is named only as part of the entity
                    "Get campaign performance data for a date range",
                    // "followers of", "followed", "people I follow": roles of the follow's ids
                    "Get list of followers of entity",
                    "Get list of followed entities",
                    "Get activities for people I follow");

    @Test
    void everySentenceReadRightStaysRight() {
        List<String> broken = new ArrayList<>();
        for (PlanRequests.Example example : PlanRequests.corpus()) {
            if (example.heldOut() || !example.language().equals("en")) {
                continue;
            }
            List<EntitySpec> entities = example.entities();
            for (PlanRequests.Sentence sentence : example.sentences()) {
                if (KNOWN_MISREADS.contains(sentence.words())) {
                    continue;
                }
                PatternSpec read = PatternWords.read(sentence.words(), entities);
                if (!PatternWordsCorpusTest.same(sentence.reading(), read)) {
                    broken.add(
                            example.name()
                                    + ": \""
                                    + sentence.words()
                                    + "\"\n    expected "
                                    + PatternWordsCorpusTest.describe(sentence.reading())
                                    + "\n    read     "
                                    + PatternWordsCorpusTest.describe(read));
                }
            }
        }
        assertEquals(List.of(), broken, String.join("\n", broken));
    }

    @Test
    void aReadingNeedsAnEntityAndKeepsTheWordsAsWritten() {
        assertThrows(
                IllegalArgumentException.class, () -> PatternWords.read("list all", List.of()));
        List<EntitySpec> library =
                List.of(
                        EntitySpec.of("member", null, null, List.of()),
                        EntitySpec.of(
                                "loan",
                                null,
                                "member",
                                List.of(new AttributeModel("loanedAt", AttributeValue.Type.S))));
        PatternSpec read =
                PatternWords.read("  List the loans of a member, newest first ", library);
        assertEquals("List the loans of a member, newest first", read.words());
        assertEquals(List.of("loan"), read.returns());
        assertEquals(List.of("memberId"), read.given());
        assertTrue(read.many());
        assertEquals(Optional.of(new Question.Order("loanedAt", true)), read.order());
    }

    @Test
    void namesSplitIntoWordsAndTimesAreKnownByName() {
        assertEquals(List.of("account", "rep", "id"), PatternWords.nameWords("accountRepId"));
        assertEquals(List.of("http", "status"), PatternWords.nameWords("HTTPStatus"));
        assertEquals(List.of("order", "item"), PatternWords.nameWords("order_item"));
        for (String time :
                List.of(
                        "createdAt",
                        "dueDate",
                        "startTime",
                        "updatedOn",
                        "timestamp",
                        "day",
                        "birthdate",
                        "lastLoginTimestamp")) {
            assertTrue(PatternWords.timeLike(time), time);
        }
        for (String other : List.of("status", "name", "authorId", "category", "Onion")) {
            assertTrue(!PatternWords.timeLike(other), other);
        }
    }
}

package io.dynoscope.core.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue.Type;
import io.dynoscope.core.model.AttributeModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A reading that rests on a guess says so: for each part of the corpus, how many misread sentences
 * carry no {@code unsure} reason (a misreading nobody is warned of) and how many read right carry
 * one (a false alarm: a doubt a person checks for nothing). Both are printed per part; the
 * sentences themselves only for the tuned part, so nobody tunes the doubts on the held-out one. The
 * misread sentences without a doubt are held at their measured figure.
 */
class UnsureReadingsTest {

    /**
     * Misread sentences of the corpus without an unsure reason, measured 2026-12-07: 15 (6 tuned, 9
     * held-out) before ShapeDoubts, 8 after (0 tuned, 8 held-out); 12 (0 tuned, 12 held-out) once
     * three more designs came in (54 designs, 344 sentences); 15 (3 tuned, 12 held-out) once eight
     * more came in (63 designs, 402 sentences), 8 (0 tuned, 8 held-out) after the reader's work on
     * the tuned part (a parent's name read as describing its child, an owner found by role); 7 (0
     * tuned, 7 held-out) once alternatives, negations and aggregates are marked; 21 (10 tuned, 11
     * held-out) once the 8 designs of 2026-12-08 came in (71 designs, 466 sentences); 9 (2 tuned, 7
     * held-out) once words found and not used are doubted (UnusedWords).
     */
    private static final int MISREAD_SURE_AT_MOST = 9;

    /**
     * Right readings with an unsure reason, measured with the bound above (61 tuned, 28 held-out).
     */
    private static final int RIGHT_UNSURE_AT_MOST = 89;

    @Test
    void misreadingsSayTheyGuessed() {
        Map<String, int[]> parts = new TreeMap<>();
        List<String> tunedMisreadSure = new ArrayList<>();
        List<String> tunedRightUnsure = new ArrayList<>();
        int misreadSure = 0;
        int rightUnsure = 0;
        for (PlanRequests.Example example : PlanRequests.corpus()) {
            int[] part = parts.computeIfAbsent(example.part(), p -> new int[4]);
            for (PlanRequests.Sentence sentence : example.sentences()) {
                PatternSpec read = PatternWords.read(sentence.words(), example.entities());
                boolean same = PatternWordsCorpusTest.same(sentence.reading(), read);
                part[same ? 0 : 1]++;
                if (!same && !read.isUnsure()) {
                    part[2]++;
                    misreadSure++;
                    if (!example.heldOut()) {
                        tunedMisreadSure.add(example.name() + ": " + sentence.words());
                    }
                } else if (same && read.isUnsure()) {
                    part[3]++;
                    rightUnsure++;
                    if (!example.heldOut()) {
                        tunedRightUnsure.add(sentence.words() + " " + read.unsure());
                    }
                }
            }
        }
        StringBuilder report = new StringBuilder();
        parts.forEach(
                (name, p) ->
                        report.append(
                                String.format(
                                        "%s: misread %d, of them without an unsure reason %d;"
                                                + " read right %d, of them with one %d%n",
                                        name, p[1], p[2], p[0], p[3])));
        report.append("tuned, misread, sure:\n  ")
                .append(String.join("\n  ", tunedMisreadSure))
                .append("\ntuned, right, unsure:\n  ")
                .append(String.join("\n  ", tunedRightUnsure));
        System.out.println(report);
        assertTrue(
                misreadSure <= MISREAD_SURE_AT_MOST, "misread without a word of doubt\n" + report);
        assertTrue(rightUnsure <= RIGHT_UNSURE_AT_MOST, "more false alarms\n" + report);
    }

    private static final List<EntitySpec> SHOP =
            List.of(
                    EntitySpec.of(
                            "customer", null, null, List.of(new AttributeModel("email", Type.S))),
                    EntitySpec.of(
                            "order",
                            null,
                            "customer",
                            List.of(
                                    new AttributeModel("status", Type.S),
                                    new AttributeModel("createdAt", Type.S),
                                    new AttributeModel("shippedAt", Type.S))),
                    EntitySpec.of(
                            "store", null, null, List.of(new AttributeModel("postcode", Type.S))));

    @Test
    void eachFallbackGivesItsReason() {
        assertEquals(List.of(), PatternWords.read("List the orders of a customer", SHOP).unsure());
        assertTrue(
                reasons("Get one order by its id").contains("must also have customerId"),
                "a parent's id the words do not name");
        assertTrue(
                reasons("List the orders of a customer, newest first")
                        .contains("one of createdAt, shippedAt"),
                "an order on one of several times");
        assertTrue(
                reasons("Gather all stores in a particular galaxy").contains("'galaxy'"),
                "a content word left out");
        assertTrue(reasons("Show the weather").contains("name no entity"), "no entity named");
    }

    @Test
    void aReadingWhosePartsDisagreeSaysSo() {
        String orderedOne = reasons("Get the order of a customer, newest first");
        assertTrue(orderedOne.contains("order or limit it"), "one item ordered");
        assertTrue(orderedOne.contains("do not make up its key (orderId)"), "one without its key");
        assertTrue(
                reasons("Get orders for an order").contains("'orders' asks for several"),
                "a plural read as one");
        assertTrue(
                reasons("List the orders of a customer and their stores")
                        .contains("name store, but"),
                "an entity named and left out");
        assertTrue(
                reasons("Get the customer of a given order")
                        .contains("read as orderId only, part of its key"),
                "an entity given by part of its key");
        assertTrue(
                reasons("List the stores and details of a customer").contains("'details' after"),
                "words after 'and' left out");
        assertEquals(List.of(), PatternWords.read("Get the orders of a customer", SHOP).unsure());
    }

    @Test
    void whatNoReadingCanSayIsMarked() {
        assertTrue(
                reasons("List the orders of a customer or a store").contains("alternatives"),
                "alternatives");
        assertTrue(
                reasons("List the orders of a customer that are not shipped")
                        .contains("leave something out"),
                "a negation");
        assertTrue(
                reasons("Get the total of the orders of a customer").contains("computed"),
                "an aggregate");
    }

    @Test
    void aSavedUnsureReadingIsUnsureWhenOpenedAgain() {
        PlanInput input =
                new PlanInput(
                        "Shop",
                        "PK",
                        "SK",
                        SHOP,
                        List.of(
                                PatternWords.read("List the orders of a customer", SHOP),
                                PatternWords.read("Show the weather", SHOP)));
        List<PatternSpec> opened = ModelReadings.patterns(Planner.plan(input).design().model());
        assertEquals(List.of(), opened.get(0).unsure());
        assertTrue(opened.get(1).isUnsure(), "the doubt is kept in the model and read back");
    }

    private static final List<EntitySpec> PORTAL =
            List.of(
                    new EntitySpec(
                            "meeting",
                            List.of("employeeId", "meetingStart"),
                            null,
                            List.of(new AttributeModel("employeeEmail", Type.S)),
                            null),
                    new EntitySpec(
                            "ticket",
                            List.of("ticketNumber", "modifiedAt"),
                            null,
                            List.of(new AttributeModel("severity", Type.S)),
                            null),
                    EntitySpec.of(
                            "note", null, null, List.of(new AttributeModel("authorId", Type.S))),
                    EntitySpec.of(
                            "employee",
                            null,
                            null,
                            List.of(
                                    new AttributeModel("city", Type.S),
                                    new AttributeModel("building", Type.S),
                                    new AttributeModel("floor", Type.S))),
                    EntitySpec.of("profile", null, null, List.of()),
                    EntitySpec.of("campaign", null, "profile", List.of()),
                    EntitySpec.of("adGroup", null, "campaign", List.of()));

    /** A reading is sure only when what the words say went somewhere (UnusedWords). */
    @Test
    void wordsFoundAndNotUsedAreDoubted() {
        PatternSpec meetings = PatternWords.read("Get meetings by date and email", PORTAL);
        if (!meetings.given().contains("employeeEmail")) {
            assertTrue(
                    String.join(" ", meetings.unsure()).contains("'email' name a value"),
                    "an attribute named after 'by' and left out: " + meetings.unsure());
        }
        assertTrue(
                String.join(
                                " ",
                                PatternWords.read("Get notes by author and time range", PORTAL)
                                        .unsure())
                        .contains("ask a range"),
                "a range asked on items with no time");
        assertTrue(
                String.join(
                                " ",
                                PatternWords.read("Get ticket history by ticket ID", PORTAL)
                                        .unsure())
                        .contains("only part of ticket's key"),
                "a key of two parts filled in from one");
        PatternSpec adGroups = PatternWords.read("Get all ad groups for a campaign", PORTAL);
        assertEquals(List.of("profileId", "campaignId"), adGroups.given(), "the parent's key");
        assertTrue(
                String.join(" ", adGroups.unsure()).contains("must also have profileId"),
                "an ancestor's id the words do not name");
        assertTrue(
                String.join(" ", PatternWords.read("list ad groups", PORTAL).unsure())
                        .contains("No campaign is given"),
                "children of every parent");
        assertEquals(
                List.of("city", "building", "floor"),
                PatternWords.read("Get employees by city.building.floor", PORTAL).given(),
                "a dotted path is a list");
        assertEquals(
                List.of("meetingStart"),
                PatternWords.read("List the meetings of an employee since a date", PORTAL)
                        .range()
                        .map(r -> List.of(r.attribute()))
                        .orElse(List.of()),
                "a name ending in Start holds a time");
    }

    private static String reasons(String words) {
        return String.join(" ", PatternWords.read(words, SHOP).unsure());
    }
}

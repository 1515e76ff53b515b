package io.dynoscope.core.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue.Type;
import io.dynoscope.core.model.AttributeModel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A reading that rests on a guess says so: over the whole corpus, how many misread sentences carry
 * no {@code unsure} reason (a misreading nobody is warned of) and how many read right carry one (a
 * doubt a person checks for nothing). Both are printed; the first is held at its measured figure.
 */
class UnsureReadingsTest {

    /**
     * Misread sentences of the corpus without an unsure reason, measured 2026-12-07 (15 since the
     * corpus grew to 51 designs: two of the added held-out ones misread without a doubt).
     */
    private static final int MISREAD_SURE_AT_MOST = 15;

    @Test
    void misreadingsSayTheyGuessed() {
        List<String> misreadSure = new ArrayList<>();
        List<String> rightUnsure = new ArrayList<>();
        int right = 0;
        int wrong = 0;
        for (PlanRequests.Example example : PlanRequests.corpus()) {
            for (PlanRequests.Sentence sentence : example.sentences()) {
                PatternSpec read = PatternWords.read(sentence.words(), example.entities());
                boolean same = PatternWordsCorpusTest.same(sentence.reading(), read);
                right += same ? 1 : 0;
                wrong += same ? 0 : 1;
                if (!same && !read.isUnsure()) {
                    misreadSure.add(example.name() + ": " + sentence.words());
                } else if (same && read.isUnsure()) {
                    rightUnsure.add(sentence.words() + " " + read.unsure());
                }
            }
        }
        System.out.println(
                "misread: "
                        + wrong
                        + ", of them without an unsure reason: "
                        + misreadSure.size()
                        + "\nread right: "
                        + right
                        + ", of them with an unsure reason: "
                        + rightUnsure.size()
                        + "\nmisread, sure:\n  "
                        + String.join("\n  ", misreadSure)
                        + "\nright, unsure:\n  "
                        + String.join("\n  ", rightUnsure));
        assertTrue(
                misreadSure.size() <= MISREAD_SURE_AT_MOST,
                "misread without a word of doubt:\n" + String.join("\n", misreadSure));
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

    private static String reasons(String words) {
        return String.join(" ", PatternWords.read(words, SHOP).unsure());
    }
}

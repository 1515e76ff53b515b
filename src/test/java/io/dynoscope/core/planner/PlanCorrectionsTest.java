package io.dynoscope.core.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.ModelDocument;
import io.dynoscope.core.model.ModelJson;
import io.dynoscope.core.model.Question;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The fields written beside a sentence in the plan file win over its reading, are checked against
 * the entities, and a corrected reading is confirmed; the proposal's access patterns carry {@code
 * "unsure"} exactly when the reading guessed.
 */
class PlanCorrectionsTest {

    private static final String ENTITIES =
            """
            { "table": "Shop", "entities": [
                { "name": "employee", "attributes": { "phoneNumber": "S", "jobTitle": "S" } },
                { "name": "store", "attributes": { "postcode": "S", "openedAt": "S" } },
                { "name": "sale", "belongsTo": "store", "attributes": { "soldAt": "S" } } ],
              "accessPatterns": [ %s ] }
            """;

    private static PatternSpec only(String pattern) {
        return PlanRequest.read(ENTITIES.formatted(pattern)).input().patterns().get(0);
    }

    private static String refused(String pattern) {
        return assertThrows(IllegalArgumentException.class, () -> only(pattern)).getMessage();
    }

    @Test
    void correctionFieldsWinOverTheReading() {
        String words = "Gather all stores in a particular zip code";
        PatternSpec read = only("\"" + words + "\"");
        assertFalse(read.given().contains("postcode") && read.corrected(), read.toString());

        PatternSpec corrected =
                only(
                        """
                        { "words": "%s", "entity": "store", "given": ["postcode"],
                          "order": { "attribute": "openedAt", "descending": true },
                          "limit": 5, "along": ["sale"], "many": true, "kind": "read" }
                        """
                                .formatted(words));
        assertEquals(List.of("store", "sale"), corrected.returns());
        assertEquals(List.of("postcode"), corrected.given());
        assertEquals(Optional.of(new Question.Order("openedAt", true)), corrected.order());
        assertEquals(5, corrected.limit());
        assertTrue(corrected.many());
        assertTrue(corrected.corrected());
        assertEquals(List.of(), corrected.unsure(), "a corrected reading is confirmed");
        assertEquals(words, corrected.words());
    }

    @Test
    void aRangeOrOrderReadWronglyCanBeTakenAway() {
        String words = "List the sales of a store, newest first, between two dates";
        PatternSpec read = only("\"" + words + "\"");
        assertTrue(read.range().isPresent() && read.order().isPresent(), read.toString());
        PatternSpec corrected =
                only(
                        "{ \"words\": \"%s\", \"range\": \"none\", \"order\": \"none\" }"
                                .formatted(words));
        assertEquals(Optional.empty(), corrected.range());
        assertEquals(Optional.empty(), corrected.order());
        assertEquals(read.given(), corrected.given(), "what was not corrected stands");

        PatternSpec ranged =
                only(
                        ("{ \"words\": \"%s\", \"range\": { \"attribute\": \"soldAt\","
                                        + " \"kind\": \"after\" }, \"kind\": \"update\" }")
                                .formatted("Update a sale"));
        assertEquals(
                Optional.of(new Question.Range("soldAt", Question.Range.Kind.AFTER)),
                ranged.range());
        assertEquals(PatternSpec.Kind.UPDATE, ranged.kind());
        assertTrue(ranged.kind().write());
    }

    @Test
    void aCorrectionNamingWhatDoesNotExistIsRefusedSayingWhere() {
        assertTrue(
                refused("{ \"words\": \"x\", \"entity\": \"shop\" }")
                        .contains(
                                "access pattern 'x': \"entity\" names 'shop', which is no entity"));
        assertTrue(
                refused("{ \"words\": \"x\", \"given\": [\"zip\"] }")
                        .contains("\"given\" names 'zip', which no entity holds"));
        assertTrue(refused("{ \"words\": \"x\", \"along\": [\"bill\"] }").contains("\"along\""));
        assertTrue(refused("{ \"words\": \"x\", \"range\": \"all\" }").contains("\"range\" is"));
        assertTrue(
                refused("{ \"words\": \"x\", \"range\": {\"attribute\": \"soldAt\"} }")
                        .contains("\"range.kind\" is one of BETWEEN"));
        assertTrue(refused("{ \"words\": \"x\", \"order\": 3 }").contains("\"order\" is"));
        assertTrue(refused("{ \"words\": \"x\", \"limit\": -1 }").contains("\"limit\""));
        assertTrue(refused("{ \"words\": \"x\", \"kind\": \"upsert\" }").contains("\"kind\" is"));
        assertTrue(refused("{ \"words\": \"x\", \"limt\": 3 }").contains("limt"));
    }

    @Test
    void theProposalMarksUnsureReadingsAndOnlyThem() {
        String request =
                ENTITIES.formatted(
                        "\"Look up a specific sale\", \"Frobnicate the quux\","
                                + " { \"words\": \"Frobnicate the quux again\","
                                + " \"entity\": \"store\" }");
        Plan plan = Planner.plan(PlanRequest.read(request).input());
        String json = ModelJson.write(ModelDocument.of(plan.design()));
        List<AccessPattern> patterns =
                ModelJson.read(json).tables().get(0).model().accessPatterns();
        assertEquals(List.of(), patterns.get(0).unsure());
        assertFalse(patterns.get(1).unsure().isEmpty(), json);
        assertTrue(json.contains("\"unsure\" : [ \"The words name no entity"), json);
        assertEquals(List.of(), patterns.get(2).unsure(), "corrected: confirmed");
        assertEquals(1, json.split("\"unsure\"", -1).length - 1, "absent when sure");
    }
}

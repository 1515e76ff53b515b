package io.dynoscope.core.drift;

import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynoscope.core.expression.AttributePath;
import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.core.expression.ExpressionValidator;
import io.dynoscope.core.expression.GuardedUpdate;
import io.dynoscope.core.expression.UpdateRow;
import io.dynoscope.core.item.Key;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PropagationPlanTest {

    private static final Key POST = Key.of("PK", s("POST#c55"), "SK", s("META"));
    private static final Key OTHER = Key.of("PK", s("POST#e88"), "SK", s("META"));
    private static final Key USER = Key.of("PK", s("USER#88"), "SK", s("META"));

    private static DriftReport report(DenormalizationRule rule) {
        return new DriftReport(
                rule,
                List.of(
                        new DriftReport.SourceReport(
                                USER,
                                s("Lio Tan"),
                                3,
                                List.of(
                                        new DriftReport.DriftedCopy(
                                                POST, USER, s("Lionel Tan"), s("Lio Tan")),
                                        new DriftReport.DriftedCopy(
                                                OTHER, USER, s("L. Tan"), s("Lio Tan"))))),
                List.of());
    }

    @Test
    void theDryRunListsEveryItemAndItsNewValue() {
        PropagationPlan plan =
                PropagationPlan.of(
                        report(DriftFixtures.authorName(CopyLookup.INDEX)), DriftFixtures.KEYS);

        assertEquals(
                List.of(
                        "POST#c55 / META  authorName: {\"S\":\"Lionel Tan\"} -> {\"S\":\"Lio Tan\"}",
                        "POST#e88 / META  authorName: {\"S\":\"L. Tan\"} -> {\"S\":\"Lio Tan\"}"),
                plan.describe());
    }

    @Test
    void onlyTheSelectedCopiesArePlanned() {
        PropagationPlan plan =
                PropagationPlan.of(
                        report(DriftFixtures.authorName(CopyLookup.INDEX)),
                        DriftFixtures.KEYS,
                        copy -> copy.copy().equals(OTHER));

        assertEquals(
                List.of(
                        new PropagationPlan.PlannedWrite(
                                OTHER,
                                AttributePath.of("authorName"),
                                s("L. Tan"),
                                s("Lio Tan"),
                                USER)),
                plan.writes());
    }

    @Test
    void eachWriteIsGuardedByTheOldValueWhichNoDeletedItemHolds() {
        PropagationPlan plan =
                PropagationPlan.of(
                        report(DriftFixtures.authorName(CopyLookup.INDEX)), DriftFixtures.KEYS);

        GuardedUpdate update = plan.guardedUpdate(plan.writes().get(0));

        assertEquals("SET #an = :new", update.update().text());
        assertEquals("#an = :old", update.condition().text());
        assertEquals(Map.of("#an", "authorName"), update.names());
        assertEquals(Map.of(":new", s("Lio Tan"), ":old", s("Lionel Tan")), update.values());
        assertValid(update);
    }

    @Test
    void aNestedCopyIsSetAndGuardedAtItsPath() {
        PropagationPlan plan =
                PropagationPlan.of(report(DriftFixtures.embeddedAuthor()), DriftFixtures.KEYS);

        GuardedUpdate update = plan.guardedUpdate(plan.writes().get(0));

        assertEquals("SET #a.#n = :new", update.update().text());
        assertEquals("#a.#n = :old", update.condition().text());
        assertEquals(Map.of("#a", "author", "#n", "name"), update.names());
        assertValid(update);
    }

    @Test
    void aWriteComputedOnlyFromAbsencesIsAlsoGuardedByTheItemExisting() {
        GuardedUpdate update =
                PropagationPlan.guarded(
                        "PK",
                        List.of(UpdateRow.set("GSI1SK", s("none"))),
                        List.of(
                                PropagationPlan.stillHolds(
                                        AttributePath.of("status"), Optional.empty())));

        assertEquals(
                "attribute_not_exists(#s) AND attribute_exists(#pk)", update.condition().text());
        assertValid(update);
    }

    private static void assertValid(GuardedUpdate update) {
        Map<ExpressionKind, String> request =
                Map.of(
                        ExpressionKind.UPDATE,
                        update.update().text(),
                        ExpressionKind.CONDITION,
                        update.condition().text());
        assertEquals(
                true,
                ExpressionValidator.validate(
                                request, update.names(), update.values(), Optional.empty())
                        .ok());
    }
}

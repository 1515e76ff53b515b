package io.dynoscope.core.drift;

import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynoscope.core.expression.AttributePath;
import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.core.expression.ExpressionValidator;
import io.dynoscope.core.expression.GuardedUpdate;
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
    void eachWriteIsGuardedByTheOldValueAndTheItemExisting() {
        PropagationPlan plan =
                PropagationPlan.of(
                        report(DriftFixtures.authorName(CopyLookup.INDEX)), DriftFixtures.KEYS);

        GuardedUpdate update = plan.guardedUpdate(plan.writes().get(0));

        assertEquals("SET #an = :new", update.update().text());
        assertEquals("#an = :old AND attribute_exists(#pk)", update.condition().text());
        assertEquals(Map.of("#an", "authorName", "#pk", "PK"), update.names());
        assertEquals(Map.of(":new", s("Lio Tan"), ":old", s("Lionel Tan")), update.values());
        assertValid(update);
    }

    @Test
    void aNestedCopyIsSetAndGuardedAtItsPath() {
        PropagationPlan plan =
                PropagationPlan.of(report(DriftFixtures.embeddedAuthor()), DriftFixtures.KEYS);

        GuardedUpdate update = plan.guardedUpdate(plan.writes().get(0));

        assertEquals("SET #a.#n = :new", update.update().text());
        assertEquals("#a.#n = :old AND attribute_exists(#pk)", update.condition().text());
        assertEquals(Map.of("#a", "author", "#n", "name", "#pk", "PK"), update.names());
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

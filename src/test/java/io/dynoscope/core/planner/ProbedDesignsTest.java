package io.dynoscope.core.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.ProbeCheck;
import io.dynoscope.core.model.ProbeItems;
import io.dynoscope.core.model.TableModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every worked example's proposal on items made from its entities alone, not from the design: each
 * pattern returns exactly what it asks for every parent, status and range the items allow.
 */
class ProbedDesignsTest {

    /**
     * Patterns the planner serves wrong today, each with why; each must still fail here, so one
     * that starts answering needs only its line removed.
     */
    private static final Set<String> KNOWN_WRONG = Set.of();

    @Test
    void everyPlannedPatternAnswersOnItemsTheDesignDidNotMake() {
        List<String> wrong = new ArrayList<>();
        int runs = 0;
        for (PlanRequests.Example example : PlanRequests.corpus()) {
            TableModel model =
                    Planner.plan(PlanRequest.read(example.planRequest()).input()).design().model();
            ProbeItems.Probes probes = ProbeItems.of(model);
            assertEquals(List.of(), probes.collisions(), example.name());
            for (AccessPattern pattern : model.accessPatterns()) {
                ProbeCheck.Result result = ProbeCheck.check(model, pattern, probes);
                runs += result.runs();
                String what = example.name() + ": '" + pattern.name() + "'";
                if (KNOWN_WRONG.contains(what)) {
                    assertTrue(result.problem().isPresent(), what + " answers now: drop it");
                    continue;
                }
                result.problem().ifPresent(p -> wrong.add(what + " " + p));
            }
        }
        assertTrue(runs > 100, "runs: " + runs);
        assertEquals(List.of(), wrong, String.join("\n", wrong));
    }
}

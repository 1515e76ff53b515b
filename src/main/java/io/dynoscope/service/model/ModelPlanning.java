package io.dynoscope.service.model;

import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.planner.Finding;
import io.dynoscope.core.planner.PatternSpec;
import io.dynoscope.core.planner.Plan;
import io.dynoscope.core.planner.PlanInput;
import io.dynoscope.core.planner.PlanRequest;
import io.dynoscope.core.planner.Planner;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The planner as a use case, the same for {@code dynoscope model plan} and the Model tab: reads the
 * access patterns' words, proposes the design, and says which patterns the proposal does not serve
 * with one request, and why.
 */
public final class ModelPlanning {

    private ModelPlanning() {}

    /**
     * A proposal.
     *
     * @param readings how each pattern's words were read, in order
     * @param notServed one line per pattern the proposal does not serve with one request
     */
    public record Proposal(Plan plan, List<PatternSpec> readings, List<String> notServed) {
        public Proposal {
            readings = List.copyOf(readings);
            notServed = List.copyOf(notServed);
        }

        public boolean allServed() {
            return notServed.isEmpty();
        }
    }

    /** Plans the request in {@code text} (the plan request format); bad text throws. */
    public static Proposal plan(String text) {
        return plan(PlanRequest.read(text).input());
    }

    /** Plans {@code input}, whose patterns are already read (and maybe corrected). */
    public static Proposal plan(PlanInput input) {
        Plan plan = Planner.plan(input);
        List<String> notServed = new ArrayList<>();
        for (AccessPattern pattern : plan.design().model().accessPatterns()) {
            why(pattern, plan.findings())
                    .ifPresent(why -> notServed.add("'" + pattern.name() + "': " + why));
        }
        return new Proposal(plan, input.patterns(), notServed);
    }

    /** Why a planned pattern is not one request, if it is not. */
    static Optional<String> why(AccessPattern pattern, List<Finding> findings) {
        if (pattern.operation() == AccessPattern.Operation.SCAN) {
            return Optional.of("only a Scan serves it (it is given no value to read by)");
        }
        if (pattern.partitionKey() != null && pattern.partitionKey().fanOut() > 1) {
            return Optional.of(
                    "a fan-out of " + pattern.partitionKey().fanOut() + " Queries over shards");
        }
        if (pattern.filter() != null) {
            return Optional.of("a filter discards what it reads");
        }
        return findings.stream()
                .filter(
                        f ->
                                f.subject().equals(pattern.name())
                                        && f.message().contains("second request"))
                .map(Finding::message)
                .findFirst();
    }
}

package io.dynoscope.core.planner;

import io.dynoscope.core.model.TableDesign;
import java.util.List;

/**
 * The planner's proposal: the key design as a table model with example items for every entity, and
 * what the review of that design found.
 */
public record Plan(TableDesign design, List<Finding> findings) {
    public Plan {
        findings = List.copyOf(findings);
    }
}

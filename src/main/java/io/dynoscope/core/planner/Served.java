package io.dynoscope.core.planner;

import io.dynoscope.core.model.AccessPattern;
import java.util.List;

/** How a pattern is served, before index names are known. */
record Served(
        PatternSpec spec,
        AccessPattern.Operation operation,
        String entity,
        int slot,
        int equal,
        boolean ranged,
        List<String> along) {}

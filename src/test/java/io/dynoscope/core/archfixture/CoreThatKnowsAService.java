package io.dynoscope.core.archfixture;

import io.dynoscope.service.read.ReadMode;
import io.dynoscope.settings.Settings;

/**
 * A core class that breaks the layering on purpose: it knows the service layer and the settings.
 * Only {@code LayeringRulesCanFailTest} reads it, to show the rule catches it.
 */
public final class CoreThatKnowsAService {

    private CoreThatKnowsAService() {}

    public static String describe(ReadMode mode, Settings settings) {
        return mode + " " + settings.version();
    }
}

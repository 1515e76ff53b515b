package io.dynoscope.service.archfixture;

import io.dynoscope.repository.SdkRepositories;
import io.dynoscope.service.store.Repositories;

/**
 * A use case that builds the SDK's repositories itself instead of being handed the service layer's
 * own interface. Only {@code LayeringRulesCanFailTest} reads it, to show the rule catches it.
 */
public final class ServiceThatOpensTheSdk {

    private ServiceThatOpensTheSdk() {}

    public static Repositories repositories() {
        return new SdkRepositories();
    }
}

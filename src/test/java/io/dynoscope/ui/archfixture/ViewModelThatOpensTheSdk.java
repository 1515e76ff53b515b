package io.dynoscope.ui.archfixture;

import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.DynamoRepository;

/**
 * A view model that opens the SDK's repository itself instead of being handed one by the
 * composition root. Only {@code LayeringRulesCanFailTest} reads it, to show the rule catches it.
 */
public final class ViewModelThatOpensTheSdk {

    private ViewModelThatOpensTheSdk() {}

    public static DynamoRepository open(String endpoint) {
        return SdkDynamoRepository.connect(ConnectionSpec.Endpoint.of(endpoint));
    }
}

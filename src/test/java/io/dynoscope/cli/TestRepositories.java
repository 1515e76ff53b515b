package io.dynoscope.cli;

import io.dynoscope.core.table.TableChange;
import io.dynoscope.repository.SdkRepositories;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.MfaCodePrompt;
import io.dynoscope.service.store.Repositories;
import io.dynoscope.service.store.RequestTimeouts;
import java.util.function.Function;

/** The repositories a test runs the command line with: the SDK's, or a test's own opener. */
final class TestRepositories {

    static final Repositories SDK = new SdkRepositories();

    private TestRepositories() {}

    /**
     * Opens every connection with {@code open} (ignoring timeouts and MFA, as a test's engine needs
     * neither); null for the SDK's repositories.
     */
    static Repositories of(Function<ConnectionSpec, DynamoRepository> open) {
        if (open == null) {
            return SDK;
        }
        return new Repositories() {
            @Override
            public DynamoRepository open(
                    ConnectionSpec connection, RequestTimeouts timeouts, MfaCodePrompt mfa) {
                return open.apply(connection);
            }

            @Override
            public String requestText(TableChange change) {
                return SDK.requestText(change);
            }
        };
    }
}

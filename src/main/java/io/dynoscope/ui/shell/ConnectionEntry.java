package io.dynoscope.ui.shell;

import io.dynoscope.service.store.ConnectionSpec;
import java.util.Objects;

/**
 * One line of the connections panel: the local sandbox, a saved or preset endpoint, an AWS profile
 * with its region, or the default credential chain.
 *
 * @param spec null for the sandbox, whose endpoint is only known once its engine has started
 */
public record ConnectionEntry(Kind kind, String label, String description, ConnectionSpec spec) {

    public enum Kind {
        SANDBOX,
        ENDPOINT,
        PROFILE,
        DEFAULT_CHAIN
    }

    public ConnectionEntry {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(label, "label");
        if (kind != Kind.SANDBOX) {
            Objects.requireNonNull(spec, "spec");
        }
    }

    public static ConnectionEntry sandbox() {
        return new ConnectionEntry(
                Kind.SANDBOX,
                "Local sandbox",
                "A private in-memory engine (dynalite) with the saas, blog and activity sample tables. Needs Node.js.",
                null);
    }

    public static ConnectionEntry dynamoDbLocal() {
        return endpoint(
                "DynamoDB Local",
                "Amazon's DynamoDB Local on http://localhost:8000 (start it yourself).",
                ConnectionSpec.Endpoint.of("http://localhost:8000"));
    }

    public static ConnectionEntry endpoint(
            String label, String description, ConnectionSpec.Endpoint endpoint) {
        return new ConnectionEntry(Kind.ENDPOINT, label, description, endpoint);
    }

    public static ConnectionEntry profile(String profileName, String region) {
        return new ConnectionEntry(
                Kind.PROFILE,
                profileName + (region == null ? "" : " (" + region + ")"),
                "Your AWS account through the profile '"
                        + profileName
                        + "' of ~/.aws (for SSO, run aws sso login first).",
                new ConnectionSpec.Profile(profileName, region));
    }

    @Override
    public String toString() {
        return label;
    }
}

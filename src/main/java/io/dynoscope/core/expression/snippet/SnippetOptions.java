package io.dynoscope.core.expression.snippet;

import java.net.URI;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a snippet connects. For real AWS nothing is written into the snippet (the SDK's region and
 * credential chain decide, as in the user's own code); for a local engine the snippet names its
 * endpoint, region and a dummy access key (DynamoDB Local keeps one database per key id), since no
 * credential chain would find one.
 */
public record SnippetOptions(Optional<URI> endpoint, String region, String accessKeyId) {

    /** The secret written with a local engine's dummy access key; local engines accept any. */
    public static final String LOCAL_SECRET = "local";

    public SnippetOptions {
        Objects.requireNonNull(endpoint, "endpoint");
        if (endpoint.isPresent()) {
            Objects.requireNonNull(region, "region");
            Objects.requireNonNull(accessKeyId, "accessKeyId");
        }
    }

    /** Real AWS: region and credentials come from the environment the snippet runs in. */
    public static SnippetOptions aws() {
        return new SnippetOptions(Optional.empty(), null, null);
    }

    /** A local engine at {@code endpoint}. */
    public static SnippetOptions local(URI endpoint, String region, String accessKeyId) {
        return new SnippetOptions(Optional.of(endpoint), region, accessKeyId);
    }
}

package io.dynoscope.service.store;

import java.net.URI;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Where to connect. Credentials are never part of it: they stay in the AWS files and the SDK's
 * credential chain (a local endpoint gets dummy keys; only its access key id is chosen, because
 * DynamoDB Local keeps one database per key id and region unless started with -sharedDb).
 */
public sealed interface ConnectionSpec {

    String region();

    /** A short label for the connection list and error messages (no password in it). */
    String displayName();

    /**
     * The text with the {@code user:password@} of any URL in it masked, for every message that may
     * show an endpoint: {@code http://***@host:8000}.
     */
    static String masked(String text) {
        return text == null ? null : USER_INFO.matcher(text).replaceAll("$1***@");
    }

    /** The user info of a URL: after {@code scheme://}, up to an {@code @} before the host. */
    Pattern USER_INFO = Pattern.compile("(\\b[A-Za-z][A-Za-z0-9+.-]*://)[^/@\\s]+@");

    /**
     * A named profile from ~/.aws/config and ~/.aws/credentials (static keys, SSO,
     * credential_process, roles).
     */
    record Profile(String profileName, String region) implements ConnectionSpec {
        public Profile {
            Objects.requireNonNull(profileName, "profileName");
        }

        @Override
        public String displayName() {
            return profileName + (region == null ? "" : " (" + region + ")");
        }
    }

    /**
     * The SDK's default credential chain (environment, profile 'default', container, instance
     * role).
     */
    record DefaultChain(String region) implements ConnectionSpec {
        @Override
        public String displayName() {
            return "default credentials" + (region == null ? "" : " (" + region + ")");
        }
    }

    /** A custom endpoint such as DynamoDB Local or dynalite, with local dummy credentials. */
    record Endpoint(URI endpoint, String region, String accessKeyId) implements ConnectionSpec {
        public static final String DEFAULT_REGION = "us-east-1";
        public static final String DEFAULT_ACCESS_KEY_ID = "dynoscope";

        public Endpoint {
            Objects.requireNonNull(endpoint, "endpoint");
            region = region == null || region.isBlank() ? DEFAULT_REGION : region;
            accessKeyId =
                    accessKeyId == null || accessKeyId.isBlank()
                            ? DEFAULT_ACCESS_KEY_ID
                            : accessKeyId;
        }

        public static Endpoint of(String url) {
            return new Endpoint(URI.create(url), null, null);
        }

        @Override
        public String displayName() {
            return masked(endpoint.toString());
        }

        /**
         * Whether the endpoint is a local engine (dynalite, DynamoDB Local) rather than AWS reached
         * at its own or a VPC endpoint ({@code *.amazonaws.com}, {@code *.amazonaws.com.cn}, {@code
         * *.api.aws}).
         */
        public boolean isLocalEngine() {
            String host =
                    endpoint.getHost() == null ? "" : endpoint.getHost().toLowerCase(Locale.ROOT);
            return !(host.endsWith(".amazonaws.com")
                    || host.endsWith(".amazonaws.com.cn")
                    || host.endsWith(".api.aws"));
        }
    }
}

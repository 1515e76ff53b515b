package io.dynoscope.repository;

import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.MfaCodePrompt;
import io.dynoscope.service.store.RepositoryException;
import io.dynoscope.service.store.RequestTimeouts;
import java.time.Duration;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.ProfileCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.profiles.ProfileFile;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/**
 * Builds the SDK's {@link DynamoDbClient} for a {@link ConnectionSpec}: which credentials, which
 * region or endpoint, the Apache HTTP client, a retry strategy that backs off when throttled, and
 * the {@link RequestTimeouts}. A named profile is read as the AWS CLI reads it, its {@code
 * endpoint_url} and {@code services} sections included.
 */
public final class DynamoClients {

    /**
     * A local engine accepts any secret; this one only has to be non-empty so requests get signed.
     */
    static final String LOCAL_DUMMY_SECRET = "dynoscope-local";

    // Throttling is expected on busy tables; more attempts than the SDK's default 3 ride it out.
    private static final int MAX_ATTEMPTS = 6;

    private DynamoClients() {}

    /**
     * A client with the {@link RequestTimeouts#DEFAULT} timeouts, for a profile that needs no MFA
     * code.
     *
     * @throws RepositoryException of kind VALIDATION when a profile does not exist, or no region is
     *     set anywhere (neither given, nor in the profile, nor in the environment)
     */
    public static DynamoDbClient create(ConnectionSpec connection) {
        return create(connection, RequestTimeouts.DEFAULT, MfaCodePrompt.NONE);
    }

    /**
     * As {@link #create(ConnectionSpec)}, giving up on a request after these timeouts; a profile
     * that assumes a role with MFA asks {@code mfaPrompt} for the code when it has no cached
     * session.
     */
    // The pom pins the Apache 4 client, which SDK 2.57 deprecates in favour of apache5-client.
    @SuppressWarnings("deprecation")
    public static DynamoDbClient create(
            ConnectionSpec connection, RequestTimeouts timeouts, MfaCodePrompt mfaPrompt) {
        ClientOverrideConfiguration.Builder overrides =
                ClientOverrideConfiguration.builder()
                        .retryStrategy(
                                AwsRetryStrategy.standardRetryStrategy().toBuilder()
                                        .maxAttempts(MAX_ATTEMPTS)
                                        .build())
                        .apiCallTimeout(timeouts.apiCall())
                        .apiCallAttemptTimeout(timeouts.attempt());
        if (connection instanceof ConnectionSpec.Profile profile) {
            AwsProfiles.requireExists(profile.profileName());
            // The client reads its endpoint_url, services section and defaults from this profile,
            // as the AWS CLI does with --profile.
            overrides.defaultProfileName(profile.profileName());
        }
        DynamoDbClientBuilder builder =
                DynamoDbClient.builder()
                        .httpClientBuilder(
                                ApacheHttpClient.builder()
                                        .connectionTimeout(Duration.ofSeconds(5))
                                        .socketTimeout(Duration.ofSeconds(60))
                                        .maxConnections(64))
                        .overrideConfiguration(overrides.build())
                        .credentialsProvider(credentialsFor(connection));
        if (connection instanceof ConnectionSpec.Profile profile) {
            Region region = Region.of(profileRegion(profile));
            builder.region(region);
            MfaRoleCredentials.forProfile(
                            ProfileFile.defaultProfileFile(),
                            profile.profileName(),
                            region,
                            mfaPrompt)
                    .ifPresent(builder::credentialsProvider);
        } else if (connection instanceof ConnectionSpec.Endpoint endpoint) {
            builder.region(Region.of(endpoint.region())).endpointOverride(endpoint.endpoint());
        } else if (connection.region() != null && !connection.region().isBlank()) {
            // Without a region the SDK's own region chain (AWS_REGION, the default profile)
            // decides.
            builder.region(Region.of(connection.region()));
        }
        try {
            return builder.build();
        } catch (SdkClientException e) {
            if (String.valueOf(e.getMessage()).contains("Unable to load region")) {
                throw new RepositoryException(
                        RepositoryException.Kind.VALIDATION,
                        "Connect",
                        null,
                        "no AWS region is set: choose one (--region on the command line), set "
                                + "AWS_REGION, or add region = ... to the profile in ~/.aws/config",
                        null);
            }
            throw e;
        }
    }

    static AwsCredentialsProvider credentialsFor(ConnectionSpec connection) {
        if (connection instanceof ConnectionSpec.Profile profile) {
            return new Explained(
                    ProfileCredentialsProvider.builder().profileName(profile.profileName()).build(),
                    "profile '" + profile.profileName() + "'");
        }
        if (connection instanceof ConnectionSpec.Endpoint endpoint) {
            return StaticCredentialsProvider.create(
                    AwsBasicCredentials.create(endpoint.accessKeyId(), LOCAL_DUMMY_SECRET));
        }
        return new Explained(DefaultCredentialsProvider.builder().build(), "default credentials");
    }

    private static String profileRegion(ConnectionSpec.Profile profile) {
        if (profile.region() != null && !profile.region().isBlank()) {
            return profile.region();
        }
        Optional<String> fromProfile =
                AwsProfiles.regionOf(ProfileFile.defaultProfileFile(), profile.profileName());
        return fromProfile.orElseThrow(
                () ->
                        new RepositoryException(
                                RepositoryException.Kind.VALIDATION,
                                "Connect",
                                null,
                                "profile '"
                                        + profile.profileName()
                                        + "' has no region: choose one for this connection "
                                        + "(--region on the command line) or add region = ... "
                                        + "to the profile in ~/.aws/config",
                                null));
    }

    /**
     * Credentials whose failures reach the caller as SDK client errors that say whose credentials
     * failed: a failing credential_process throws a bare IllegalStateException, which the SDK
     * passes on unexplained.
     */
    private record Explained(AwsCredentialsProvider delegate, String whose)
            implements AwsCredentialsProvider {
        @Override
        public AwsCredentials resolveCredentials() {
            try {
                return delegate.resolveCredentials();
            } catch (SdkException e) {
                throw e;
            } catch (RuntimeException e) {
                Throwable root = e;
                while (root.getCause() != null && root.getCause() != root) {
                    root = root.getCause();
                }
                String detail =
                        (root == e || root.getMessage() == null
                                        ? String.valueOf(e.getMessage())
                                        : e.getMessage() + " " + root.getMessage())
                                .strip();
                // "... with error message: " and nothing after it when the command printed nothing
                throw SdkClientException.create(
                        "the credentials of "
                                + whose
                                + " could not be loaded: "
                                + detail
                                + (detail.endsWith(":") ? " (none)." : ""),
                        e);
            }
        }
    }
}

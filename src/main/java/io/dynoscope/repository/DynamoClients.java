package io.dynoscope.repository;

import java.time.Duration;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.ProfileCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.profiles.ProfileFile;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/**
 * Builds the SDK's {@link DynamoDbClient} for a {@link ConnectionSpec}: which credentials, which
 * region or endpoint, the Apache HTTP client, and a retry strategy that backs off when throttled.
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
     * @throws RepositoryException of kind VALIDATION when a profile connection has no region
     *     anywhere (neither given nor in the profile)
     */
    public static DynamoDbClient create(ConnectionSpec connection) {
        return create(connection, MfaCodePrompt.NONE);
    }

    /**
     * As {@link #create(ConnectionSpec)}; a profile that assumes a role with MFA asks {@code
     * mfaPrompt} for the code when it has no cached session.
     */
    // The pom pins the Apache 4 client, which SDK 2.57 deprecates in favour of apache5-client.
    @SuppressWarnings("deprecation")
    public static DynamoDbClient create(ConnectionSpec connection, MfaCodePrompt mfaPrompt) {
        DynamoDbClientBuilder builder =
                DynamoDbClient.builder()
                        .httpClientBuilder(
                                ApacheHttpClient.builder()
                                        .connectionTimeout(Duration.ofSeconds(5))
                                        .socketTimeout(Duration.ofSeconds(60))
                                        .maxConnections(64))
                        .overrideConfiguration(
                                ClientOverrideConfiguration.builder()
                                        .retryStrategy(
                                                AwsRetryStrategy.standardRetryStrategy().toBuilder()
                                                        .maxAttempts(MAX_ATTEMPTS)
                                                        .build())
                                        .build())
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
        return builder.build();
    }

    static AwsCredentialsProvider credentialsFor(ConnectionSpec connection) {
        if (connection instanceof ConnectionSpec.Profile profile) {
            return ProfileCredentialsProvider.builder().profileName(profile.profileName()).build();
        }
        if (connection instanceof ConnectionSpec.Endpoint endpoint) {
            return StaticCredentialsProvider.create(
                    AwsBasicCredentials.create(endpoint.accessKeyId(), LOCAL_DUMMY_SECRET));
        }
        return DefaultCredentialsProvider.builder().build();
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
                                        + "' has no region; choose a region for this connection",
                                null));
    }
}

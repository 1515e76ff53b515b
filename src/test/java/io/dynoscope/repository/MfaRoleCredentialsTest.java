package io.dynoscope.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.repository.MfaRoleCredentials.RoleProfile;
import io.dynoscope.service.store.RepositoryException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.profiles.ProfileFile;
import software.amazon.awssdk.services.sts.model.AssumeRoleRequest;
import software.amazon.awssdk.services.sts.model.AssumeRoleResponse;
import software.amazon.awssdk.services.sts.model.AssumedRoleUser;
import software.amazon.awssdk.services.sts.model.Credentials;
import software.amazon.awssdk.services.sts.model.StsException;

/**
 * A profile that assumes a role with MFA, without AWS: the STS answers are constructed, the cache
 * is a temporary folder, and the expected cache file name was computed with Python's json.dumps and
 * hashlib, as the AWS CLI computes it.
 */
class MfaRoleCredentialsTest {

    private static final String ROLE = "arn:aws:iam::123456789012:role/admin";
    private static final String DEVICE = "arn:aws:iam::123456789012:mfa/mara";
    private static final Instant NOW = Instant.parse("2026-12-01T09:00:00Z");

    @TempDir Path cache;

    private final List<AssumeRoleRequest> requests = new ArrayList<>();
    private final AtomicInteger prompts = new AtomicInteger();

    private static ProfileFile profiles(String content) {
        return ProfileFile.builder()
                .content(new ByteArrayInputStream(content.getBytes(StandardCharsets.UTF_8)))
                .type(ProfileFile.Type.CONFIGURATION)
                .build();
    }

    private static RoleProfile admin(String extra) {
        return RoleProfile.of(
                        profiles(
                                "[profile admin]\nrole_arn = "
                                        + ROLE
                                        + "\nsource_profile = base\nmfa_serial = "
                                        + DEVICE
                                        + "\n"
                                        + extra
                                        + "[profile base]\naws_access_key_id = AKIAEXAMPLE\n"
                                        + "aws_secret_access_key = secret\n"),
                        "admin")
                .orElseThrow();
    }

    private MfaRoleCredentials provider(RoleProfile role, Instant now) {
        return new MfaRoleCredentials(
                role,
                (profile, serial) -> {
                    prompts.incrementAndGet();
                    return " 123456 ";
                },
                cache,
                request -> {
                    requests.add(request);
                    return AssumeRoleResponse.builder()
                            .credentials(
                                    Credentials.builder()
                                            .accessKeyId("ASIA" + requests.size())
                                            .secretAccessKey("session-secret")
                                            .sessionToken("session-token")
                                            .expiration(now.plus(Duration.ofHours(1)))
                                            .build())
                            .assumedRoleUser(
                                    AssumedRoleUser.builder()
                                            .arn(ROLE + "/dynoscope")
                                            .assumedRoleId("AROAEXAMPLE:dynoscope")
                                            .build())
                            .build();
                },
                Clock.fixed(now, ZoneOffset.UTC));
    }

    @Test
    void theCacheFileIsNamedAsTheAwsCliNamesIt() {
        assertEquals("7d57726425d973ca63b90e0ffe22d8a76e4b0356", admin("").cacheKey());
        assertEquals(
                "33351e3ad50a654edf5da3fc73c4106d484df039",
                admin("duration_seconds = 3600\n").cacheKey());
    }

    @Test
    void onlyARoleWithAnMfaDeviceAndASourceProfileNeedsACode() {
        ProfileFile file =
                profiles(
                        "[profile plain]\naws_access_key_id = AKIA\naws_secret_access_key = s\n"
                                + "[profile role]\nrole_arn = "
                                + ROLE
                                + "\nsource_profile = plain\n");

        assertEquals(Optional.empty(), RoleProfile.of(file, "plain"));
        assertEquals(Optional.empty(), RoleProfile.of(file, "role"));
        assertEquals(Optional.empty(), RoleProfile.of(file, "absent"));
    }

    @Test
    void theCodeIsAskedOnceAndTheSessionCachedAsTheAwsCliCachesIt() throws IOException {
        RoleProfile role = admin("duration_seconds = 3600\n");

        MfaRoleCredentials first = provider(role, NOW);
        AwsSessionCredentials session = (AwsSessionCredentials) first.resolveCredentials();
        first.resolveCredentials();
        AwsSessionCredentials fromFile =
                (AwsSessionCredentials) provider(role, NOW.plusSeconds(60)).resolveCredentials();

        assertEquals(1, prompts.get());
        assertEquals(1, requests.size());
        AssumeRoleRequest request = requests.get(0);
        assertEquals(ROLE, request.roleArn());
        assertEquals(DEVICE, request.serialNumber());
        assertEquals("123456", request.tokenCode());
        assertEquals(3600, request.durationSeconds());
        assertTrue(request.roleSessionName().startsWith("dynoscope-"));
        assertEquals("ASIA1", session.accessKeyId());
        assertEquals("session-token", session.sessionToken());
        assertEquals(session.accessKeyId(), fromFile.accessKeyId());

        Path file = cache.resolve("33351e3ad50a654edf5da3fc73c4106d484df039.json");
        JsonNode cached = new ObjectMapper().readTree(Files.readString(file));
        assertEquals("ASIA1", cached.get("Credentials").get("AccessKeyId").asText());
        assertEquals(
                "2026-12-01T10:00:00UTC", cached.get("Credentials").get("Expiration").asText());
        assertEquals(ROLE + "/dynoscope", cached.get("AssumedRoleUser").get("Arn").asText());
        if (cache.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            assertEquals(
                    "rw-------",
                    PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        }
    }

    @Test
    void aSessionWithinFifteenMinutesOfItsEndIsRenewedWithANewCode() {
        RoleProfile role = admin("");
        provider(role, NOW).resolveCredentials();

        provider(role, NOW.plus(Duration.ofMinutes(44))).resolveCredentials();
        provider(role, NOW.plus(Duration.ofMinutes(46))).resolveCredentials();

        assertEquals(2, prompts.get());
        assertEquals(2, requests.size());
    }

    @Test
    void aCacheFileTheAwsCliWroteIsUsed() throws IOException {
        RoleProfile role = admin("");
        Files.writeString(
                cache.resolve(role.cacheKey() + ".json"),
                "{\"Credentials\": {\"AccessKeyId\": \"ASIACLI\", \"SecretAccessKey\": \"s\","
                        + " \"SessionToken\": \"t\", \"Expiration\": \"2026-12-01T11:00:00+00:00\"},"
                        + " \"AssumedRoleUser\": {\"AssumedRoleId\": \"x\", \"Arn\": \"y\"},"
                        + " \"ResponseMetadata\": {}}");

        AwsSessionCredentials session =
                (AwsSessionCredentials) provider(role, NOW).resolveCredentials();

        assertEquals("ASIACLI", session.accessKeyId());
        assertEquals(0, prompts.get());
    }

    @Test
    void aRefusedCodeIsACredentialsFailureThatSaysWhichRole() {
        MfaRoleCredentials refusing =
                new MfaRoleCredentials(
                        admin(""),
                        (profile, serial) -> "000000",
                        cache,
                        request -> {
                            throw StsException.builder()
                                    .statusCode(403)
                                    .awsErrorDetails(
                                            AwsErrorDetails.builder()
                                                    .errorCode("AccessDenied")
                                                    .errorMessage(
                                                            "MultiFactorAuthentication failed")
                                                    .build())
                                    .message("MultiFactorAuthentication failed")
                                    .build();
                        },
                        Clock.fixed(NOW, ZoneOffset.UTC));

        RepositoryException failure =
                assertThrows(RepositoryException.class, refusing::resolveCredentials);

        assertEquals(RepositoryException.Kind.CREDENTIALS, failure.kind());
        assertTrue(
                failure.getMessage()
                        .startsWith(
                                "AssumeRole failed: profile 'admin' could not assume "
                                        + ROLE
                                        + " with the MFA code: MultiFactorAuthentication failed"),
                failure.getMessage());
    }
}

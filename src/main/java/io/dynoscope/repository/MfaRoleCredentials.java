package io.dynoscope.repository;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dynoscope.core.file.OutputFile;
import io.dynoscope.service.store.MfaCodePrompt;
import io.dynoscope.service.store.RepositoryException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import software.amazon.awssdk.auth.credentials.AwsCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.ProfileCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.profiles.Profile;
import software.amazon.awssdk.profiles.ProfileFile;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.sts.StsClient;
import software.amazon.awssdk.services.sts.model.AssumeRoleRequest;
import software.amazon.awssdk.services.sts.model.AssumeRoleResponse;

/**
 * Credentials for a profile that assumes a role with MFA ({@code role_arn}, {@code mfa_serial} and
 * {@code source_profile}), which the SDK's own profile support does not ask a code for. The code is
 * asked through an {@link MfaCodePrompt}; the session is cached in {@code ~/.aws/cli/cache} under
 * the AWS CLI's file name and format, so the AWS CLI and Dynoscope share one code per session, and
 * reused until 15 minutes before it expires (the AWS CLI's window).
 */
public final class MfaRoleCredentials implements AwsCredentialsProvider {

    static final Duration EXPIRY_WINDOW = Duration.ofMinutes(15);

    // The AWS CLI writes the expiry as '2026-12-01T10:00:00UTC' (strftime %Z of a UTC time).
    private static final DateTimeFormatter CLI_EXPIRATION =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'UTC'", Locale.ROOT)
                    .withZone(ZoneOffset.UTC);
    private static final ObjectMapper JSON = new ObjectMapper();
    // Python's json.dumps escapes every non-ASCII character, as this does (ARNs are ASCII anyway).
    private static final ObjectMapper PYTHON_JSON =
            JsonMapper.builder().enable(JsonWriteFeature.ESCAPE_NON_ASCII).build();

    /**
     * The role a profile assumes.
     *
     * @param durationSeconds {@code duration_seconds}, or 0 for STS's default
     */
    public record RoleProfile(
            String profileName,
            String roleArn,
            String mfaSerial,
            String sourceProfile,
            Optional<String> externalId,
            Optional<String> roleSessionName,
            int durationSeconds) {

        /** The profile's role when it needs an MFA code, else empty. */
        public static Optional<RoleProfile> of(ProfileFile file, String profileName) {
            Optional<Profile> found = file.profile(profileName);
            if (found.isEmpty()) {
                return Optional.empty();
            }
            Profile profile = found.get();
            Optional<String> role = profile.property("role_arn");
            Optional<String> serial = profile.property("mfa_serial");
            Optional<String> source = profile.property("source_profile");
            if (role.isEmpty() || serial.isEmpty() || source.isEmpty()) {
                return Optional.empty();
            }
            int duration = profile.property("duration_seconds").map(Integer::parseInt).orElse(0);
            return Optional.of(
                    new RoleProfile(
                            profileName,
                            role.get(),
                            serial.get(),
                            source.get(),
                            profile.property("external_id"),
                            profile.property("role_session_name"),
                            duration));
        }

        /**
         * The AWS CLI's cache file name: the SHA-1 of the AssumeRole arguments (less the session
         * name) as Python's {@code json.dumps(args, sort_keys=True)} writes them.
         */
        public String cacheKey() {
            Map<String, Object> arguments = new TreeMap<>();
            arguments.put("RoleArn", roleArn);
            arguments.put("SerialNumber", mfaSerial);
            externalId.ifPresent(id -> arguments.put("ExternalId", id));
            if (durationSeconds > 0) {
                arguments.put("DurationSeconds", durationSeconds);
            }
            StringBuilder json = new StringBuilder("{");
            try {
                for (Map.Entry<String, Object> argument : arguments.entrySet()) {
                    if (json.length() > 1) {
                        json.append(", ");
                    }
                    json.append(PYTHON_JSON.writeValueAsString(argument.getKey()))
                            .append(": ")
                            .append(PYTHON_JSON.writeValueAsString(argument.getValue()));
                }
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
            json.append('}');
            try {
                return HexFormat.of()
                        .formatHex(
                                MessageDigest.getInstance("SHA-1")
                                        .digest(json.toString().getBytes(StandardCharsets.UTF_8)));
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("every Java has SHA-1", e);
            }
        }
    }

    private final RoleProfile profile;
    private final MfaCodePrompt prompt;
    private final Path cacheDirectory;

    /** The AssumeRole call; tests give constructed responses. */
    private final Function<AssumeRoleRequest, AssumeRoleResponse> sts;

    private final Clock clock;
    private AwsSessionCredentials current;
    private Instant currentExpiry;

    public MfaRoleCredentials(
            RoleProfile profile,
            MfaCodePrompt prompt,
            Path cacheDirectory,
            Function<AssumeRoleRequest, AssumeRoleResponse> sts,
            Clock clock) {
        this.profile = profile;
        this.prompt = prompt;
        this.cacheDirectory = cacheDirectory;
        this.sts = sts;
        this.clock = clock;
    }

    /**
     * The provider for a profile that assumes a role with MFA, talking to STS in {@code region}
     * with the source profile's credentials; empty for any other profile.
     */
    static Optional<AwsCredentialsProvider> forProfile(
            ProfileFile file, String profileName, Region region, MfaCodePrompt prompt) {
        return RoleProfile.of(file, profileName)
                .map(
                        role ->
                                new MfaRoleCredentials(
                                        role,
                                        prompt,
                                        defaultCacheDirectory(),
                                        request -> assumeWithSts(role, region, request),
                                        Clock.systemUTC()));
    }

    /** {@code ~/.aws/cli/cache}, where the AWS CLI keeps assumed-role sessions. */
    static Path defaultCacheDirectory() {
        return Path.of(System.getProperty("user.home"), ".aws", "cli", "cache");
    }

    private static AssumeRoleResponse assumeWithSts(
            RoleProfile role, Region region, AssumeRoleRequest request) {
        try (StsClient client =
                StsClient.builder()
                        .region(region)
                        .credentialsProvider(
                                ProfileCredentialsProvider.builder()
                                        .profileName(role.sourceProfile())
                                        .build())
                        .build()) {
            return client.assumeRole(request);
        }
    }

    @Override
    public synchronized AwsCredentials resolveCredentials() {
        Instant freshUntil = clock.instant().plus(EXPIRY_WINDOW);
        if (current != null && currentExpiry.isAfter(freshUntil)) {
            return current;
        }
        Optional<JsonNode> cached = readCache();
        if (cached.isPresent() && expiry(cached.get()).isAfter(freshUntil)) {
            use(cached.get());
            return current;
        }
        String code = prompt.code(profile.profileName(), profile.mfaSerial());
        AssumeRoleRequest.Builder request =
                AssumeRoleRequest.builder()
                        .roleArn(profile.roleArn())
                        .roleSessionName(
                                profile.roleSessionName()
                                        .orElse("dynoscope-" + clock.instant().toEpochMilli()))
                        .serialNumber(profile.mfaSerial())
                        .tokenCode(code.strip());
        profile.externalId().ifPresent(request::externalId);
        if (profile.durationSeconds() > 0) {
            request.durationSeconds(profile.durationSeconds());
        }
        AssumeRoleResponse response;
        try {
            response = sts.apply(request.build());
        } catch (SdkException e) {
            throw new RepositoryException(
                    RepositoryException.Kind.CREDENTIALS,
                    "AssumeRole",
                    null,
                    "profile '"
                            + profile.profileName()
                            + "' could not assume "
                            + profile.roleArn()
                            + " with the MFA code: "
                            + e.getMessage(),
                    e);
        }
        ObjectNode entry = cacheEntry(response);
        writeCache(entry);
        use(entry);
        return current;
    }

    private void use(JsonNode entry) {
        JsonNode credentials = entry.get("Credentials");
        current =
                AwsSessionCredentials.create(
                        credentials.get("AccessKeyId").asText(),
                        credentials.get("SecretAccessKey").asText(),
                        credentials.get("SessionToken").asText());
        currentExpiry = expiry(entry);
    }

    /** The response as the AWS CLI caches it. */
    private static ObjectNode cacheEntry(AssumeRoleResponse response) {
        ObjectNode entry = JSON.createObjectNode();
        ObjectNode credentials = entry.putObject("Credentials");
        credentials.put("AccessKeyId", response.credentials().accessKeyId());
        credentials.put("SecretAccessKey", response.credentials().secretAccessKey());
        credentials.put("SessionToken", response.credentials().sessionToken());
        credentials.put("Expiration", CLI_EXPIRATION.format(response.credentials().expiration()));
        if (response.assumedRoleUser() != null) {
            ObjectNode user = entry.putObject("AssumedRoleUser");
            user.put("AssumedRoleId", response.assumedRoleUser().assumedRoleId());
            user.put("Arn", response.assumedRoleUser().arn());
        }
        entry.putObject("ResponseMetadata");
        return entry;
    }

    Path cacheFile() {
        return cacheDirectory.resolve(profile.cacheKey() + ".json");
    }

    /** The cached session, when there is one that can be read. */
    private Optional<JsonNode> readCache() {
        try {
            JsonNode entry = JSON.readTree(Files.readAllBytes(cacheFile()));
            JsonNode credentials = entry == null ? null : entry.get("Credentials");
            if (credentials == null
                    || !credentials.hasNonNull("AccessKeyId")
                    || !credentials.hasNonNull("SecretAccessKey")
                    || !credentials.hasNonNull("SessionToken")) {
                return Optional.empty();
            }
            expiry(entry);
            return Optional.of(entry);
        } catch (IOException | DateTimeParseException | NullPointerException unreadable) {
            return Optional.empty();
        }
    }

    private void writeCache(JsonNode entry) {
        try {
            Files.createDirectories(cacheDirectory);
            OutputFile.writePrivately(cacheFile(), JSON.writeValueAsBytes(entry));
        } catch (IOException notCached) {
            // the session works without the cache; the next start asks for a code again
        }
    }

    /**
     * The expiry in the forms the AWS CLI has written: {@code ...UTC}, {@code ...Z}, {@code
     * +00:00}.
     */
    static Instant expiry(JsonNode entry) {
        String text = entry.get("Credentials").get("Expiration").asText();
        String iso = text.endsWith("UTC") ? text.substring(0, text.length() - 3) + "Z" : text;
        return OffsetDateTime.parse(iso, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant();
    }
}

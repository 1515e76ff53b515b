package io.dynoscope.repository;

import io.dynoscope.service.store.RepositoryException;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.profiles.Profile;
import software.amazon.awssdk.profiles.ProfileFile;
import software.amazon.awssdk.profiles.ProfileFileLocation;

/**
 * The named profiles in the user's AWS config and credentials files, for the connection list. Reads
 * only names, regions and whether a profile signs in through SSO; never a secret.
 */
public final class AwsProfiles {

    /** One profile as the connection list shows it. */
    public record AwsProfile(String name, Optional<String> region, boolean usesSso) {}

    private AwsProfiles() {}

    /**
     * The profiles in ~/.aws/config and ~/.aws/credentials (or AWS_CONFIG_FILE /
     * AWS_SHARED_CREDENTIALS_FILE).
     */
    public static List<AwsProfile> list() {
        return list(ProfileFile.defaultProfileFile());
    }

    public static List<AwsProfile> list(ProfileFile profileFile) {
        return profileFile.profiles().values().stream()
                .map(AwsProfiles::describe)
                .sorted(Comparator.comparing(AwsProfile::name))
                .toList();
    }

    /**
     * @throws RepositoryException of kind VALIDATION naming the files read and the profiles found
     *     when the profile is in neither file
     */
    static void requireExists(String profileName) {
        ProfileFile files;
        try {
            files = ProfileFile.defaultProfileFile();
        } catch (RuntimeException unreadable) {
            throw new RepositoryException(
                    RepositoryException.Kind.VALIDATION,
                    "Connect",
                    null,
                    "cannot read the AWS config files: " + unreadable.getMessage(),
                    unreadable);
        }
        if (files.profile(profileName).isPresent()) {
            return;
        }
        List<String> found = list(files).stream().map(AwsProfile::name).toList();
        throw new RepositoryException(
                RepositoryException.Kind.VALIDATION,
                "Connect",
                null,
                "profile '"
                        + profileName
                        + "' does not exist in "
                        + ProfileFileLocation.configurationFilePath()
                        + " or "
                        + ProfileFileLocation.credentialsFilePath()
                        + (found.isEmpty()
                                ? "; no profiles were found there (run `aws configure`)"
                                : "; profiles found: " + String.join(", ", found)),
                null);
    }

    static Optional<String> regionOf(ProfileFile profileFile, String profileName) {
        return profileFile
                .profile(profileName)
                .flatMap(p -> p.property("region"))
                .filter(r -> !r.isBlank());
    }

    /**
     * Whether the named profile in the default files signs in through SSO (false when it does not
     * exist).
     */
    static boolean usesSso(String profileName) {
        try {
            return ProfileFile.defaultProfileFile()
                    .profile(profileName)
                    .map(p -> describe(p).usesSso())
                    .orElse(false);
        } catch (RuntimeException unreadable) {
            return false;
        }
    }

    private static AwsProfile describe(Profile profile) {
        boolean sso =
                profile.property("sso_session").isPresent()
                        || profile.property("sso_start_url").isPresent();
        return new AwsProfile(
                profile.name(), profile.property("region").filter(r -> !r.isBlank()), sso);
    }
}

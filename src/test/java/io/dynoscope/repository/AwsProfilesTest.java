package io.dynoscope.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.profiles.ProfileFile;

class AwsProfilesTest {

    @Test
    void listsProfilesOfBothFilesWithTheirRegionsAndSsoButNoSecrets(@TempDir Path dir)
            throws IOException {
        Path config =
                Files.writeString(
                        dir.resolve("config"),
                        """
                [default]
                region = eu-west-1

                [profile dev]
                sso_session = corp
                sso_account_id = 111122223333
                sso_role_name = Reader
                region = eu-south-2

                [profile noregion]
                output = json

                [sso-session corp]
                sso_start_url = https://example.awsapps.com/start
                sso_region = eu-west-1
                """);
        Path credentials =
                Files.writeString(
                        dir.resolve("credentials"),
                        """
                [ci]
                aws_access_key_id = AKIDEXAMPLE
                aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY
                """);
        ProfileFile files =
                ProfileFile.aggregator()
                        .addFile(
                                ProfileFile.builder()
                                        .content(config)
                                        .type(ProfileFile.Type.CONFIGURATION)
                                        .build())
                        .addFile(
                                ProfileFile.builder()
                                        .content(credentials)
                                        .type(ProfileFile.Type.CREDENTIALS)
                                        .build())
                        .build();

        List<AwsProfiles.AwsProfile> profiles = AwsProfiles.list(files);

        assertEquals(
                List.of(
                        new AwsProfiles.AwsProfile("ci", Optional.empty(), false),
                        new AwsProfiles.AwsProfile("default", Optional.of("eu-west-1"), false),
                        new AwsProfiles.AwsProfile("dev", Optional.of("eu-south-2"), true),
                        new AwsProfiles.AwsProfile("noregion", Optional.empty(), false)),
                profiles);
        assertFalse(profiles.toString().contains("AKIDEXAMPLE"));
        assertEquals(Optional.of("eu-south-2"), AwsProfiles.regionOf(files, "dev"));
        assertEquals(Optional.empty(), AwsProfiles.regionOf(files, "missing"));
    }
}

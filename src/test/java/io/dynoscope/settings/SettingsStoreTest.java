package io.dynoscope.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsStoreTest {

    @TempDir Path directory;

    private final ObjectMapper json = new ObjectMapper();

    private Settings everything() throws IOException {
        return Settings.defaults()
                .withTheme(Settings.Theme.DARK)
                .withWindow(new WindowLayout(10.5, 20, 1400, 900, false, List.of(0.55)))
                .withEndpoints(
                        List.of(
                                new SavedEndpoint(
                                        "Local 8001",
                                        "http://localhost:8001",
                                        "eu-west-1",
                                        "team")))
                .withProfiles(List.of(new SavedProfile("prod", "eu-central-1")))
                .withRecentTable(new RecentTable("Local sandbox", "blog"))
                .withRecentTable(new RecentTable("Local sandbox", "saas"))
                .withGrid(
                        "saas",
                        new GridSettings("#META", List.of("name", "plan"), List.of("ttl"), true))
                .withSavedExpressions(
                        json.readTree(
                                "[{\"name\":\"big\",\"text\":\"size > :n\",\"values\":{\":n\":{\"N\":\"10\"}}}]"))
                .withDriftRulesOf(
                        "saas",
                        json.readTree("{\"rules\":[{\"source\":\"WS#\",\"copies\":[\"PROJ#\"]}]}"));
    }

    @Test
    void aPasswordInAnEndpointUrlIsNeverStored() throws IOException {
        SettingsStore store = new SettingsStore(directory);

        store.save(
                Settings.defaults()
                        .withEndpoints(
                                List.of(
                                        new SavedEndpoint(
                                                "proxy https://bob:hunter2@dynamo.example:443",
                                                "https://bob:hunter2@dynamo.example:443",
                                                "eu-west-1",
                                                null))));

        String written = Files.readString(store.file(), StandardCharsets.UTF_8);
        assertFalse(written.contains("hunter2"), written);
        assertFalse(written.contains("bob"), written);
        SavedEndpoint loaded = store.load().settings().endpoints().get(0);
        assertEquals("https://dynamo.example:443", loaded.url());
        assertEquals("proxy https://dynamo.example:443", loaded.label());
    }

    @Test
    void whatIsSavedIsLoadedBackUnchanged() throws IOException {
        SettingsStore store = new SettingsStore(directory);
        Settings saved = everything();

        store.save(saved);
        SettingsStore.Loaded loaded = new SettingsStore(directory).load();

        assertEquals(Optional.empty(), loaded.problem());
        assertEquals(saved, loaded.settings());
        assertEquals(
                List.of(
                        new RecentTable("Local sandbox", "saas"),
                        new RecentTable("Local sandbox", "blog")),
                loaded.settings().recentTables(),
                "most recent first");
    }

    @Test
    void noFileMeansTheDefaultsAndNoProblem() {
        SettingsStore.Loaded loaded = new SettingsStore(directory.resolve("not-yet")).load();

        assertEquals(Settings.defaults(), loaded.settings());
        assertEquals(Optional.empty(), loaded.problem());
    }

    @Test
    void aSaveReplacesTheFileWholeAndLeavesNoTemporaryFileBehind() throws IOException {
        SettingsStore store = new SettingsStore(directory);
        store.save(everything());
        store.save(Settings.defaults().withTheme(Settings.Theme.LIGHT));

        assertEquals(Settings.defaults(), store.load().settings());
        try (Stream<Path> files = Files.list(directory)) {
            assertEquals(
                    List.of(SettingsStore.FILE_NAME),
                    files.map(p -> p.getFileName().toString()).toList());
        }
    }

    @Test
    void aTemporaryFileLeftByACrashMidWriteDoesNotDisturbTheSavedSettings() throws IOException {
        SettingsStore store = new SettingsStore(directory);
        Settings saved = everything();
        store.save(saved);
        // what a crash before the rename leaves: a half-written temporary file beside the real one
        Files.writeString(
                directory.resolve(SettingsStore.FILE_NAME + ".123.tmp"), "{\"theme\":\"DA");

        assertEquals(saved, store.load().settings());
    }

    @Test
    void aBrokenFileIsSetAsideAndReported() throws IOException {
        Clock clock = Clock.fixed(Instant.parse("2026-11-30T10:15:30.250Z"), ZoneOffset.UTC);
        SettingsStore store = new SettingsStore(directory, clock);
        String broken = "{\"theme\": \"DARK\", \"endpoints\": [";
        Files.writeString(store.file(), broken);

        SettingsStore.Loaded loaded = store.load();

        Path aside = directory.resolve("settings.json.broken-20261130-101530-250");
        assertEquals(Settings.defaults(), loaded.settings());
        SettingsStore.Problem problem = loaded.problem().orElseThrow();
        assertEquals(aside, problem.setAsideAs());
        assertTrue(problem.message().contains(aside.toString()), problem.message());
        assertTrue(problem.message().contains("line 1"), problem.message());
        assertEquals(broken, Files.readString(aside), "the user's file is kept as it was");
        assertFalse(Files.exists(store.file()));
    }

    @Test
    void aFileOfTheWrongShapeIsSetAsideToo() throws IOException {
        SettingsStore store = new SettingsStore(directory);
        Files.writeString(store.file(), "{\"endpoints\": {\"url\": 3}}");

        SettingsStore.Loaded loaded = store.load();

        assertTrue(loaded.problem().orElseThrow().fileSetAside());
        assertEquals(Settings.defaults(), loaded.settings());
    }

    @Test
    void fieldsFromANewerVersionAreIgnored() throws IOException {
        SettingsStore store = new SettingsStore(directory);
        Files.writeString(
                store.file(),
                "{\"version\": 2, \"theme\": \"DARK\", \"somethingNew\": {\"a\": 1}}");

        SettingsStore.Loaded loaded = store.load();

        assertEquals(Optional.empty(), loaded.problem());
        assertEquals(Settings.Theme.DARK, loaded.settings().theme());
    }

    @Test
    void theFileHoldsNoSecretKeys() throws IOException {
        SettingsStore store = new SettingsStore(directory);
        store.save(everything());

        String text =
                Files.readString(store.file(), StandardCharsets.UTF_8).toLowerCase(Locale.ROOT);
        assertFalse(text.contains("secret"), text);
        assertFalse(text.contains("session"), text);
        assertTrue(text.contains("\"accesskeyid\" : \"team\""), text);
    }

    @Test
    void theConfigurationFolderIsTheOperatingSystemsOwn() {
        Path home = Path.of("/home/ann");
        assertEquals(
                Path.of("/home/ann/.config/dynoscope"),
                SettingsStore.directoryFor("Linux", Optional.empty(), Map.of(), home));
        assertEquals(
                Path.of("/xdg/dynoscope"),
                SettingsStore.directoryFor(
                        "Linux", Optional.empty(), Map.of("XDG_CONFIG_HOME", "/xdg"), home));
        assertEquals(
                Path.of("/home/ann/.config/dynoscope"),
                SettingsStore.directoryFor(
                        "Linux", Optional.empty(), Map.of("XDG_CONFIG_HOME", "relative"), home));
        assertEquals(
                Path.of("/home/ann/Library/Application Support/Dynoscope"),
                SettingsStore.directoryFor("Mac OS X", Optional.empty(), Map.of(), home));
        assertEquals(
                Path.of("C:/Users/ann/AppData/Roaming").resolve("Dynoscope"),
                SettingsStore.directoryFor(
                        "Windows 11",
                        Optional.empty(),
                        Map.of("APPDATA", "C:/Users/ann/AppData/Roaming"),
                        home));
        assertEquals(
                Path.of("/tmp/portable"),
                SettingsStore.directoryFor(
                        "Linux",
                        Optional.of("/tmp/portable"),
                        Map.of("XDG_CONFIG_HOME", "/xdg"),
                        home));
    }
}

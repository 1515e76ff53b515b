package io.dynoscope.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsServiceTest {

    @TempDir Path directory;

    @Test
    void changesAreSavedAndTheLastOneWinsAtClose() {
        SettingsStore store = new SettingsStore(directory);
        try (SettingsService service = SettingsService.open(store)) {
            for (int i = 0; i < 50; i++) {
                String marker = "M" + i;
                service.update(s -> s.withGrid("saas", s.grid("saas").withParentMarker(marker)));
            }
            service.update(s -> s.withTheme(Settings.Theme.DARK));
        }

        Settings saved = store.load().settings();
        assertEquals("M49", saved.grid("saas").parentMarker());
        assertEquals(Settings.Theme.DARK, saved.theme());
    }

    @Test
    void aBrokenFileIsReportedAndTheNextSaveWritesAFreshOne() throws IOException {
        SettingsStore store = new SettingsStore(directory);
        Files.writeString(store.file(), "not json");

        try (SettingsService service = SettingsService.open(store)) {
            assertTrue(service.loadProblem().orElseThrow().message().contains("moved to"));
            service.update(s -> s.withTheme(Settings.Theme.DARK));
        }

        assertEquals(Settings.Theme.DARK, store.load().settings().theme());
        try (var files = Files.list(directory)) {
            assertEquals(
                    1,
                    files.filter(
                                    p ->
                                            p.getFileName()
                                                    .toString()
                                                    .startsWith("settings.json.broken-"))
                            .count());
        }
    }

    @Test
    void aFileThatCannotBeMovedAsideIsNeverOverwritten() throws IOException {
        Assumptions.assumeTrue(
                directory.getFileSystem().supportedFileAttributeViews().contains("posix"));
        SettingsStore store = new SettingsStore(directory);
        Files.writeString(store.file(), "not json");
        Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("r-xr-xr-x"));
        Assumptions.assumeFalse(
                Files.isWritable(directory), "running as a user who can write anywhere");
        try {
            try (SettingsService service = SettingsService.open(store)) {
                assertTrue(
                        service.loadProblem().orElseThrow().message().contains("nor moved aside"));
                service.update(s -> s.withTheme(Settings.Theme.DARK));
            }
            assertEquals("not json", Files.readString(store.file()));
        } finally {
            Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    @Test
    void aFailedSaveIsReported() throws IOException {
        // a file where the settings folder should be: nothing can be saved there
        Path notAFolder = Files.writeString(directory.resolve("occupied"), "");
        List<String> failures = new CopyOnWriteArrayList<>();
        try (SettingsService service = SettingsService.open(new SettingsStore(notAFolder))) {
            service.onSaveFailure(failures::add);
            service.update(s -> s.withTheme(Settings.Theme.DARK));
        }

        assertTrue(
                !failures.isEmpty()
                        && failures.get(0).contains("Could not save the settings to " + notAFolder),
                failures.toString());
    }
}

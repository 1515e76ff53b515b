package io.dynoscope.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the launcher says instead of JavaFX's trace when the window cannot start. */
class DesktopCheckTest {

    private static final Map<String, String> X11 = Map.of("DISPLAY", ":0");

    @Test
    void linuxWithoutGtk3NamesThePackageInOneLine() {
        Optional<String> missing = DesktopCheck.missing("Linux", X11, path -> false);

        assertEquals(
                Optional.of(
                        "dynoscope: the window needs GTK 3, which is not installed: install libgtk-3-0 "
                                + "(Debian, Ubuntu) or gtk3 (Fedora, Arch); the command line works "
                                + "without it (dynoscope --help)"),
                missing);
        assertFalse(missing.get().contains("\n"));
    }

    @Test
    void linuxWithGtk3AndADisplayStarts() {
        assertEquals(Optional.empty(), DesktopCheck.missing("Linux", X11, path -> true));
        assertEquals(
                Optional.empty(),
                DesktopCheck.missing(
                        "Linux", Map.of("WAYLAND_DISPLAY", "wayland-0"), path -> true));
    }

    @Test
    void linuxWithoutADisplaySaysSo() {
        assertEquals(
                Optional.of(DesktopCheck.NO_DISPLAY),
                DesktopCheck.missing("Linux", Map.of("DISPLAY", " "), path -> true));
    }

    @Test
    void otherSystemsAreNotChecked() {
        assertEquals(Optional.empty(), DesktopCheck.missing("Mac OS X", Map.of(), path -> false));
        assertEquals(Optional.empty(), DesktopCheck.missing("Windows 11", Map.of(), path -> false));
    }

    @Test
    void javaFxsOwnFailuresAreExplainedInOneLine() {
        assertEquals(
                DesktopCheck.NO_GTK,
                DesktopCheck.explain(
                        new UnsupportedOperationException("Unable to load glass GTK library.")));
        assertEquals(
                DesktopCheck.NO_DISPLAY,
                DesktopCheck.explain(new UnsupportedOperationException("Unable to open DISPLAY")));
    }

    @Test
    void gtkIsFoundOnTheLibraryPath(@TempDir Path dir) throws IOException {
        Files.createFile(dir.resolve(DesktopCheck.GTK_LIBRARY));

        assertTrue(DesktopCheck.gtkFound("/nowhere:" + dir));
    }
}

package io.dynoscope.app;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Whether the desktop window can start here, checked before JavaFX tries: on Linux, JavaFX needs a
 * display and GTK 3, and without them it fails with a 40-line trace. This says what is missing in
 * one line instead (naming the package to install), and explains JavaFX's own failure the same way
 * when it fails anyway.
 */
final class DesktopCheck {

    static final String GTK_LIBRARY = "libgtk-3.so.0";

    static final String NO_GTK =
            "dynoscope: the window needs GTK 3, which is not installed: install libgtk-3-0 "
                    + "(Debian, Ubuntu) or gtk3 (Fedora, Arch); the command line works without it "
                    + "(dynoscope --help)";

    static final String NO_DISPLAY =
            "dynoscope: the window needs a display, and neither DISPLAY nor WAYLAND_DISPLAY is set: "
                    + "run it in a desktop session; the command line works without one (dynoscope --help)";

    // Where the dynamic loader looks when ld.so.cache does not list a library.
    private static final List<String> LIBRARY_DIRECTORIES =
            List.of(
                    "/lib",
                    "/usr/lib",
                    "/lib64",
                    "/usr/lib64",
                    "/usr/local/lib",
                    "/lib/x86_64-linux-gnu",
                    "/usr/lib/x86_64-linux-gnu",
                    "/lib/aarch64-linux-gnu",
                    "/usr/lib/aarch64-linux-gnu");

    private DesktopCheck() {}

    /** What keeps the window from starting on this machine, as one line; empty when nothing. */
    static Optional<String> missing() {
        return missing(System.getProperty("os.name", ""), System.getenv(), DesktopCheck::gtkFound);
    }

    /**
     * @param gtkFound whether the GTK 3 library can be loaded, given the library search path
     */
    static Optional<String> missing(
            String osName, Map<String, String> environment, Predicate<String> gtkFound) {
        if (!osName.toLowerCase(Locale.ROOT).contains("linux")) {
            return Optional.empty();
        }
        if (isBlank(environment.get("DISPLAY")) && isBlank(environment.get("WAYLAND_DISPLAY"))) {
            return Optional.of(NO_DISPLAY);
        }
        return gtkFound.test(environment.getOrDefault("LD_LIBRARY_PATH", ""))
                ? Optional.empty()
                : Optional.of(NO_GTK);
    }

    /** JavaFX's failure to start, as one line. */
    static String explain(RuntimeException launchFailure) {
        String message = String.valueOf(launchFailure.getMessage());
        if (message.contains("GTK")) {
            return NO_GTK;
        }
        if (message.contains("DISPLAY")) {
            return NO_DISPLAY;
        }
        return "dynoscope: the window could not start: " + message.strip();
    }

    /**
     * Whether the dynamic loader would find GTK 3: in LD_LIBRARY_PATH, in the loader's cache, or in
     * the usual library directories.
     */
    static boolean gtkFound(String libraryPath) {
        List<String> directories = new ArrayList<>();
        for (String entry : libraryPath.split(":")) {
            if (!entry.isBlank()) {
                directories.add(entry);
            }
        }
        directories.addAll(LIBRARY_DIRECTORIES);
        for (String directory : directories) {
            if (Files.exists(Path.of(directory, GTK_LIBRARY))) {
                return true;
            }
        }
        try {
            byte[] cache = Files.readAllBytes(Path.of("/etc/ld.so.cache"));
            return new String(cache, StandardCharsets.ISO_8859_1).contains(GTK_LIBRARY);
        } catch (IOException | SecurityException unreadable) {
            // No cache to read: the directories above are all there is to go by.
            return false;
        }
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }
}

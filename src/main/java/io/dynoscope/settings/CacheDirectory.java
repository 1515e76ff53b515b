package io.dynoscope.settings;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The per-user folder for what the app can rebuild at any time (the stored sample state): kept
 * apart from the settings, as each operating system asks, so clearing caches loses no setting.
 */
public final class CacheDirectory {

    /** System property naming the cache folder instead (tests, portable installs). */
    public static final String PROPERTY = "dynoscope.cache.dir";

    private CacheDirectory() {}

    /**
     * The {@value #PROPERTY} system property, else {@code %LOCALAPPDATA%\Dynoscope\Cache} on
     * Windows, {@code ~/Library/Caches/Dynoscope} on macOS, {@code $XDG_CACHE_HOME/dynoscope}
     * (default {@code ~/.cache}) elsewhere.
     */
    public static Path defaultDirectory() {
        return directoryFor(
                System.getProperty("os.name", ""),
                Optional.ofNullable(System.getProperty(PROPERTY)),
                System.getenv(),
                Path.of(System.getProperty("user.home")));
    }

    static Path directoryFor(
            String osName, Optional<String> override, Map<String, String> env, Path home) {
        if (override.isPresent() && !override.get().isBlank()) {
            return Path.of(override.get());
        }
        String os = osName.toLowerCase(Locale.ROOT);
        if (os.contains("win")) {
            String local = env.get("LOCALAPPDATA");
            return (local == null || local.isBlank()
                            ? home.resolve("AppData").resolve("Local")
                            : Path.of(local))
                    .resolve("Dynoscope")
                    .resolve("Cache");
        }
        if (os.contains("mac")) {
            return home.resolve("Library").resolve("Caches").resolve("Dynoscope");
        }
        String xdg = env.get("XDG_CACHE_HOME");
        // the XDG spec says to ignore a relative XDG_CACHE_HOME
        Path base =
                xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()
                        ? Path.of(xdg)
                        : home.resolve(".cache");
        return base.resolve("dynoscope");
    }
}

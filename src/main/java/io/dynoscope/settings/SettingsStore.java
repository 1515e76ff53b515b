package io.dynoscope.settings;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.dynoscope.core.file.OutputFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Reads and writes {@code settings.json} in the per-user configuration folder. A write goes to a
 * temporary file that is flushed to disk and then moved over the old file in one step, so a crash
 * leaves either the old or the new settings, never half of one. A file that cannot be read is moved
 * aside (renamed {@code settings.json.broken-<time>}) and reported, never silently replaced.
 */
public final class SettingsStore {

    /** System property naming the configuration folder; tests and portable installs set it. */
    public static final String DIRECTORY_PROPERTY = "dynoscope.config.dir";

    public static final String FILE_NAME = "settings.json";

    private static final DateTimeFormatter BROKEN_SUFFIX =
            DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS", Locale.ROOT)
                    .withZone(ZoneOffset.UTC);

    private final Path directory;
    private final Clock clock;
    private final ObjectMapper mapper =
            JsonMapper.builder()
                    .enable(SerializationFeature.INDENT_OUTPUT)
                    .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                    .build();

    public SettingsStore(Path directory) {
        this(directory, Clock.systemUTC());
    }

    SettingsStore(Path directory, Clock clock) {
        this.directory = directory;
        this.clock = clock;
    }

    /** The store in {@link #defaultDirectory()}. */
    public static SettingsStore inDefaultDirectory() {
        return new SettingsStore(defaultDirectory());
    }

    /**
     * The {@value #DIRECTORY_PROPERTY} system property, else the operating system's per-user
     * configuration folder: {@code %APPDATA%\Dynoscope} on Windows, {@code ~/Library/Application
     * Support/Dynoscope} on macOS, {@code $XDG_CONFIG_HOME/dynoscope} (default {@code ~/.config})
     * elsewhere.
     */
    public static Path defaultDirectory() {
        return directoryFor(
                System.getProperty("os.name", ""),
                Optional.ofNullable(System.getProperty(DIRECTORY_PROPERTY)),
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
            String appData = env.get("APPDATA");
            return (appData == null || appData.isBlank()
                            ? home.resolve("AppData").resolve("Roaming")
                            : Path.of(appData))
                    .resolve("Dynoscope");
        }
        if (os.contains("mac")) {
            return home.resolve("Library").resolve("Application Support").resolve("Dynoscope");
        }
        String xdg = env.get("XDG_CONFIG_HOME");
        // the XDG spec says to ignore a relative XDG_CONFIG_HOME
        Path base =
                xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()
                        ? Path.of(xdg)
                        : home.resolve(".config");
        return base.resolve("dynoscope");
    }

    public Path directory() {
        return directory;
    }

    public Path file() {
        return directory.resolve(FILE_NAME);
    }

    /**
     * The saved settings; the defaults when there are none. A file that cannot be read is moved
     * aside and the result says so, with the defaults.
     */
    public Loaded load() {
        Path file = file();
        if (!Files.exists(file)) {
            return new Loaded(Settings.defaults(), Optional.empty());
        }
        try {
            Settings settings = mapper.readValue(Files.readAllBytes(file), Settings.class);
            if (settings == null) {
                throw new IllegalArgumentException("the file holds no settings");
            }
            return new Loaded(settings, Optional.empty());
        } catch (JsonProcessingException | IllegalArgumentException | NullPointerException e) {
            return new Loaded(Settings.defaults(), Optional.of(setAside(file, describe(e))));
        } catch (IOException e) {
            // unreadable (permissions, a folder in the way): leave it where it is, say so, and go
            // on with defaults
            return new Loaded(
                    Settings.defaults(),
                    Optional.of(
                            new Problem(
                                    "Could not read the settings in "
                                            + file
                                            + ": "
                                            + e.getMessage()
                                            + ". Dynoscope starts with default settings.",
                                    null)));
        }
    }

    private Problem setAside(Path file, String reason) {
        Path aside =
                file.resolveSibling(FILE_NAME + ".broken-" + BROKEN_SUFFIX.format(clock.instant()));
        try {
            Files.move(file, aside);
            return new Problem(
                    "The settings in "
                            + file
                            + " could not be read ("
                            + reason
                            + "). They were moved to "
                            + aside
                            + " and Dynoscope starts with default settings.",
                    aside);
        } catch (IOException e) {
            return new Problem(
                    "The settings in "
                            + file
                            + " could not be read ("
                            + reason
                            + ") nor moved aside ("
                            + e.getMessage()
                            + "). Dynoscope starts with default settings and will not overwrite them "
                            + "until they are moved.",
                    null);
        }
    }

    private static String describe(Exception e) {
        if (e instanceof JsonProcessingException json) {
            String location =
                    json.getLocation() == null
                            ? ""
                            : " at line "
                                    + json.getLocation().getLineNr()
                                    + ", column "
                                    + json.getLocation().getColumnNr();
            return json.getOriginalMessage() + location;
        }
        return e.getMessage();
    }

    /**
     * Writes the settings atomically ({@link OutputFile}): a temporary file in the same folder,
     * forced to disk, then moved over {@code settings.json} (or over the file it links to); only
     * its owner can read it, as before.
     */
    public void save(Settings settings) {
        try {
            Files.createDirectories(directory);
            OutputFile.writePrivately(file(), mapper.writeValueAsBytes(settings));
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "Could not save the settings to " + file() + ": " + e.getMessage(), e);
        }
    }

    /** The loaded settings and, when the file could not be read, what happened to it. */
    public record Loaded(Settings settings, Optional<Problem> problem) {}

    /**
     * A settings file that could not be read: a message for the user, and where the file was moved
     * (null when it could not be moved).
     */
    public record Problem(String message, Path setAsideAs) {

        /** Whether saving may replace the file: only once the unreadable one is out of the way. */
        public boolean fileSetAside() {
            return setAsideAs != null;
        }
    }
}

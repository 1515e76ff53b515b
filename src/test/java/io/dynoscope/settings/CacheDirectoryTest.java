package io.dynoscope.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CacheDirectoryTest {

    private static final Path HOME = Path.of("/home/ada");

    @Test
    void eachSystemsCacheFolder() {
        assertEquals(
                Path.of("/home/ada/.cache/dynoscope"),
                CacheDirectory.directoryFor("Linux", Optional.empty(), Map.of(), HOME));
        assertEquals(
                Path.of("/xdg/dynoscope"),
                CacheDirectory.directoryFor(
                        "Linux", Optional.empty(), Map.of("XDG_CACHE_HOME", "/xdg"), HOME));
        assertEquals(
                Path.of("/home/ada/.cache/dynoscope"),
                CacheDirectory.directoryFor(
                        "Linux", Optional.empty(), Map.of("XDG_CACHE_HOME", "relative"), HOME),
                "a relative XDG_CACHE_HOME is ignored");
        assertEquals(
                Path.of("/home/ada/Library/Caches/Dynoscope"),
                CacheDirectory.directoryFor("Mac OS X", Optional.empty(), Map.of(), HOME));
        assertEquals(
                Path.of("/local/Dynoscope/Cache"),
                CacheDirectory.directoryFor(
                        "Windows 11", Optional.empty(), Map.of("LOCALAPPDATA", "/local"), HOME));
        assertEquals(
                Path.of("/elsewhere"),
                CacheDirectory.directoryFor("Linux", Optional.of("/elsewhere"), Map.of(), HOME));
    }
}

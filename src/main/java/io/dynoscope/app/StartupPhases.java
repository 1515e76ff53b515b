package io.dynoscope.app;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * When each phase of a start was reached, in milliseconds since the process started: the smoke run
 * prints them ({@code SMOKE PHASES ...}) so that a slower start can be read phase by phase, and
 * phase order compared between builds, without a profiler.
 */
final class StartupPhases {

    private static final Map<String, Long> REACHED = new LinkedHashMap<>();

    private StartupPhases() {}

    /** Records the first time {@code phase} is reached. */
    static synchronized void reached(String phase) {
        REACHED.putIfAbsent(phase, millisSinceProcessStart());
    }

    static long millisSinceProcessStart() {
        return ProcessHandle.current()
                .info()
                .startInstant()
                .map(start -> Duration.between(start, Instant.now()).toMillis())
                .orElse(-1L);
    }

    /** {@code phase=ms} pairs in the order they were reached. */
    static synchronized String line() {
        return REACHED.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(" "));
    }
}

package io.dynoscope.settings;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The reads a person keeps: reads saved under a name, per table (by table name, like the grid
 * settings), and the last {@value #HISTORY_KEPT} reads run on each connection (by its label),
 * newest first, with what they cost.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Reads(Map<String, List<SavedRead>> saved, Map<String, List<PastRead>> history) {

    /** How many past reads are kept per connection. */
    public static final int HISTORY_KEPT = 100;

    public static final Reads NONE = new Reads(Map.of(), Map.of());

    public Reads {
        saved = copy(saved);
        history = copy(history);
    }

    private static <T> Map<String, List<T>> copy(Map<String, List<T>> byKey) {
        Map<String, List<T>> copied = new TreeMap<>();
        if (byKey != null) {
            byKey.forEach(
                    (key, list) -> {
                        if (key != null && list != null && !list.isEmpty()) {
                            copied.put(key, List.copyOf(list));
                        }
                    });
        }
        return Collections.unmodifiableMap(copied);
    }

    /** The reads saved for a table, in the order they were saved. */
    public List<SavedRead> savedOf(String table) {
        return saved.getOrDefault(table, List.of());
    }

    /** Saves a read for a table; one saved under the same name is replaced in its place. */
    public Reads withSaved(String table, SavedRead read) {
        List<SavedRead> reads = new ArrayList<>(savedOf(table));
        int same = -1;
        for (int i = 0; i < reads.size(); i++) {
            if (reads.get(i).name().equals(read.name())) {
                same = i;
            }
        }
        if (same >= 0) {
            reads.set(same, read);
        } else {
            reads.add(read);
        }
        Map<String, List<SavedRead>> changed = new TreeMap<>(saved);
        changed.put(table, reads);
        return new Reads(changed, history);
    }

    /** Forgets the read saved for a table under {@code name}. */
    public Reads withoutSaved(String table, String name) {
        Map<String, List<SavedRead>> changed = new TreeMap<>(saved);
        changed.put(table, savedOf(table).stream().filter(r -> !r.name().equals(name)).toList());
        return new Reads(changed, history);
    }

    /** The reads run on a connection, newest first. */
    public List<PastRead> historyOf(String connection) {
        return history.getOrDefault(connection, List.of());
    }

    /**
     * Puts a read first in a connection's history, keeping the last {@value #HISTORY_KEPT}; with
     * {@code replacesNewest}, it takes the place of the newest entry (the same read, continued by
     * "load more").
     */
    public Reads withPast(String connection, PastRead read, boolean replacesNewest) {
        List<PastRead> past = new ArrayList<>();
        past.add(read);
        List<PastRead> before = historyOf(connection);
        past.addAll(
                replacesNewest && !before.isEmpty() ? before.subList(1, before.size()) : before);
        Map<String, List<PastRead>> changed = new TreeMap<>(history);
        changed.put(connection, List.copyOf(past.subList(0, Math.min(past.size(), HISTORY_KEPT))));
        return new Reads(saved, changed);
    }
}

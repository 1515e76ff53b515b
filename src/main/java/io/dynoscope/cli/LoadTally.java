package io.dynoscope.cli;

import io.dynoscope.service.model.SchemaLoad;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a {@code model load} of several tables is, table by table, for saying exactly what an
 * interrupted or refused load left and how to finish it. Updated from the load's thread and read
 * from the signal handler's.
 */
final class LoadTally {

    private final Map<String, SchemaLoad.Progress> reached = new LinkedHashMap<>();
    private final List<String> tables;
    private final boolean withData;

    LoadTally(List<SchemaLoad.Prepared> prepared, boolean withData) {
        this.tables = prepared.stream().map(SchemaLoad.Prepared::table).toList();
        this.withData = withData;
    }

    /** The table is there (created or found) and holds {@code progress.written()} items. */
    synchronized void reached(SchemaLoad.Progress progress) {
        reached.put(progress.table(), progress);
    }

    /** Whether any table was created or found. */
    synchronized boolean anyTable() {
        return !reached.isEmpty();
    }

    /**
     * What the load left, e.g. {@code table 'a' holds 75 of its 200 items, table 'b' was not
     * created}, and how to finish: the same command with --resume, or deleting the tables.
     */
    synchronized String left() {
        if (reached.isEmpty()) {
            return "nothing was created";
        }
        List<String> parts = new ArrayList<>();
        for (String table : tables) {
            SchemaLoad.Progress progress = reached.get(table);
            if (progress == null) {
                parts.add("table '" + table + "' was not created");
            } else if (withData) {
                parts.add(
                        "table '"
                                + table
                                + "' holds "
                                + progress.written()
                                + " of its "
                                + progress.total()
                                + " items");
            } else {
                parts.add("table '" + table + "' was created");
            }
        }
        return "left: "
                + String.join(", ", parts)
                + "; run the same command with --resume to finish the load (nothing is written"
                + " twice), or delete "
                + String.join(
                        " and ",
                        reached.keySet().stream()
                                .map(t -> "'" + t + "' (dynoscope table delete --table " + t + ")")
                                .toList())
                + " to start again";
    }
}

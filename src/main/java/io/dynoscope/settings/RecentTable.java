package io.dynoscope.settings;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.Objects;

/** A table opened recently, with the label of the connection it was opened on. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record RecentTable(String connection, String table) {
    public RecentTable {
        Objects.requireNonNull(table, "table");
    }
}

package io.dynoscope.settings;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.Objects;

/** A tab that was open: its kind (WorkbenchTab.Kind) and the table it is about. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record OpenTab(String kind, String table) {
    public OpenTab {
        Objects.requireNonNull(kind, "kind");
    }
}

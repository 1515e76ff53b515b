package io.dynoscope.settings;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.Objects;

/** A read saved under a name. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SavedRead(String name, ReadSpec read) {
    public SavedRead {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(read, "read");
    }
}

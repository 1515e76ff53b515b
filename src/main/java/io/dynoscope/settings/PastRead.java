package io.dynoscope.settings;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.Objects;

/**
 * A read that was run, with what it cost in all (its "load more" included).
 *
 * @param at when it ran, in milliseconds since the epoch
 * @param items the items it brought
 * @param millis the time its requests took
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record PastRead(
        long at, ReadSpec read, int requests, double capacity, long items, long millis) {
    public PastRead {
        Objects.requireNonNull(read, "read");
    }
}

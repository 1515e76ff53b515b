package io.dynoscope.settings;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Objects;

/**
 * An AWS profile from the AWS files, with the region to use it in.
 *
 * @param readOnly the user's word on writing through it (true read-only, false writable), which
 *     wins over the read-only profile patterns; null when the user said nothing
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SavedProfile(String profile, String region, Boolean readOnly) {
    public SavedProfile {
        Objects.requireNonNull(profile, "profile");
    }

    /** A profile about whose writing the user said nothing. */
    public SavedProfile(String profile, String region) {
        this(profile, region, null);
    }
}

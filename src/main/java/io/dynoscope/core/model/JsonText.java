package io.dynoscope.core.model;

import java.util.List;

/** What the model readers share: missing fields and absent lists. */
public final class JsonText {

    private JsonText() {}

    /** {@code value}; throws {@link IllegalArgumentException} saying {@code field} is missing. */
    static <T> T require(T value, String field) {
        if (value == null) {
            throw new IllegalArgumentException(field + " is missing");
        }
        return value;
    }

    /** An absent JSON array as an empty list. */
    public static <T> List<T> list(List<T> value) {
        return value == null ? List.of() : value;
    }
}

package io.dynoscope.core.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.List;

/** What the model and plan-request readers share: where a JSON error is, and missing fields. */
public final class JsonText {

    private JsonText() {}

    /** {@code line L, column C} of a JSON error, or {@code ?} when Jackson does not know. */
    public static String where(JsonProcessingException e) {
        return e.getLocation() == null
                ? "?"
                : "line "
                        + e.getLocation().getLineNr()
                        + ", column "
                        + e.getLocation().getColumnNr();
    }

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

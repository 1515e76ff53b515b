package io.dynoscope.core.item;

import com.fasterxml.jackson.core.JsonProcessingException;

/**
 * Where a JSON error is, as the readers of Dynoscope's JSON files (models, rules, plans) say it.
 */
public final class JsonErrors {

    private JsonErrors() {}

    /** {@code line L, column C} of a JSON error, or {@code ?} when Jackson does not know. */
    public static String where(JsonProcessingException e) {
        return e.getLocation() == null
                ? "?"
                : "line "
                        + e.getLocation().getLineNr()
                        + ", column "
                        + e.getLocation().getColumnNr();
    }
}

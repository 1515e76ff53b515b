package io.dynoscope.core.table;

/** What a secondary index copies from the table's items, as DynamoDB names it. */
public enum Projection {
    ALL,
    KEYS_ONLY,
    INCLUDE;

    /** Whether {@code name} is one of DynamoDB's projection names, exactly. */
    public static boolean isName(String name) {
        for (Projection p : values()) {
            if (p.name().equals(name)) {
                return true;
            }
        }
        return false;
    }
}

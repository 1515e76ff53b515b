package io.dynoscope.service.read;

/** The three reads a table tab makes. */
public enum ReadMode {
    /** One item collection (or part of it) by its partition key. */
    QUERY("Query"),
    /** The whole table or index, in segments. */
    SCAN("Scan"),
    /** One item by its full key. */
    GET("GetItem");

    private final String label;

    ReadMode(String label) {
        this.label = label;
    }

    @Override
    public String toString() {
        return label;
    }
}

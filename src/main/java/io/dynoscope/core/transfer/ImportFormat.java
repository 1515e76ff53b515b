package io.dynoscope.core.transfer;

/** The formats items are imported from, under the names the user types. */
public enum ImportFormat {
    /** Plain JSON, one item a line; a column mapping gives sets, binary and numbers their types. */
    JSON("json"),
    /**
     * DynamoDB JSON, one item a line: either the item itself ({@code {"pk":{"S":"a"}}}) or a line
     * of DynamoDB's export to S3 ({@code {"Item":{...}}}).
     */
    DYNAMODB_JSON("dynamodb-json"),
    /** CSV with a header row; a column mapping gives each column its attribute and type. */
    CSV("csv");

    private final String id;

    ImportFormat(String id) {
        this.id = id;
    }

    /** The name on the command line, e.g. {@code dynamodb-json}. */
    public String id() {
        return id;
    }

    /** The format named {@code id}; throws {@link IllegalArgumentException} listing the names. */
    public static ImportFormat fromId(String id) {
        for (ImportFormat format : values()) {
            if (format.id.equals(id)) {
                return format;
            }
        }
        throw new IllegalArgumentException("'" + id + "' is not one of json, dynamodb-json, csv");
    }
}

package io.dynoscope.core.transfer;

/** The formats items are exported in, under the names the user types and their file extensions. */
public enum ExportFormat {
    /** Plain JSON, one item a line (sets and binary become arrays and base64 strings). */
    JSON("json", "json"),
    /**
     * DynamoDB JSON lines as DynamoDB's export to S3 writes them ({@code {"Item":{...}}}):
     * lossless.
     */
    DYNAMODB_JSON("dynamodb-json", "jsonl"),
    /** CSV, key attributes first; nested values, binary and sets as DynamoDB JSON. */
    CSV("csv", "csv");

    private final String id;
    private final String extension;

    ExportFormat(String id, String extension) {
        this.id = id;
        this.extension = extension;
    }

    /** The name on the command line, e.g. {@code dynamodb-json}. */
    public String id() {
        return id;
    }

    /** The usual file extension, without the dot. */
    public String extension() {
        return extension;
    }

    /** The format named {@code id}; throws {@link IllegalArgumentException} listing the names. */
    public static ExportFormat fromId(String id) {
        for (ExportFormat format : values()) {
            if (format.id.equals(id)) {
                return format;
            }
        }
        throw new IllegalArgumentException("'" + id + "' is not one of json, dynamodb-json, csv");
    }
}

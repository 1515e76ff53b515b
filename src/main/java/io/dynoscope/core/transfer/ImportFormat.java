package io.dynoscope.core.transfer;

import io.dynoscope.core.item.DynamoJson;
import io.dynoscope.core.item.DynamoJsonLines;
import io.dynoscope.core.item.ItemFormatException;

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

    /**
     * The format an input's first line reads as: DynamoDB JSON when it is a DynamoDB JSON item or
     * an S3-export line, plain JSON when it is another JSON object, else CSV (a header row).
     */
    public static ImportFormat guess(String firstLine) {
        String line = firstLine.strip();
        if (!line.startsWith("{")) {
            return CSV;
        }
        if (readsAs(() -> DynamoJsonLines.parseLine(line, 1))
                || readsAs(() -> DynamoJson.readItem(line))) {
            return DYNAMODB_JSON;
        }
        return JSON;
    }

    private static boolean readsAs(Runnable parse) {
        try {
            parse.run();
            return true;
        } catch (ItemFormatException e) {
            return false;
        }
    }
}

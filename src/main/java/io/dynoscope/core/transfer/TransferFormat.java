package io.dynoscope.core.transfer;

import io.dynoscope.core.item.DynamoJsonLines;
import io.dynoscope.core.item.ItemFormatException;
import io.dynoscope.core.item.ItemJson;

/**
 * The formats items are exported in and imported from, under the names the user types and their
 * file extensions.
 */
public enum TransferFormat {
    /**
     * Plain JSON, one item a line: exported sets and binary become arrays and base64 strings; on
     * import a column mapping gives sets, binary and numbers their types.
     */
    JSON("json", "jsonl"),
    /**
     * DynamoDB JSON lines, lossless: exported as DynamoDB's export to S3 writes them ({@code
     * {"Item":{...}}}); imported from either those or the items themselves ({@code
     * {"pk":{"S":"a"}}}).
     */
    DYNAMODB_JSON("dynamodb-json", "jsonl"),
    /**
     * CSV with a header row: exported key attributes first, nested values, binary and sets as
     * DynamoDB JSON; on import a column mapping gives each column its attribute and type.
     */
    CSV("csv", "csv");

    private final String id;
    private final String extension;

    TransferFormat(String id, String extension) {
        this.id = id;
        this.extension = extension;
    }

    /** The name on the command line, e.g. {@code dynamodb-json}. */
    public String id() {
        return id;
    }

    /** The usual file extension of an export, without the dot. */
    public String extension() {
        return extension;
    }

    /** The format named {@code id}; throws {@link IllegalArgumentException} listing the names. */
    public static TransferFormat fromId(String id) {
        for (TransferFormat format : values()) {
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
    public static TransferFormat guess(String firstLine) {
        String line = firstLine.strip();
        if (!line.startsWith("{")) {
            return CSV;
        }
        if (readsAs(() -> DynamoJsonLines.parseLine(line, 1))
                || readsAs(() -> ItemJson.DYNAMODB.readItem(line))) {
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

package io.dynoscope.core.transfer;

import io.dynoscope.core.item.DynamoJsonLines;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemCsv;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.KeySchema;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes items in one {@link TransferFormat}. The JSON formats write each item as it comes; CSV
 * keeps the items until {@link #finish()}, because its header is every attribute name of every
 * item.
 */
public final class ExportWriter {

    private final TransferFormat format;
    private final KeySchema keySchema;
    private final Writer out;
    private final List<Item> csvItems = new ArrayList<>();
    private long written;

    /**
     * @param keySchema the table's keys (CSV puts them first), or null when not known
     */
    public ExportWriter(TransferFormat format, KeySchema keySchema, Writer out) {
        this.format = format;
        this.keySchema = keySchema;
        this.out = out;
    }

    public void write(Item item) throws IOException {
        switch (format) {
            case JSON -> {
                out.write(ItemJson.PLAIN.write(item));
                out.write('\n');
            }
            case DYNAMODB_JSON -> {
                out.write(DynamoJsonLines.line(item));
                out.write('\n');
            }
            case CSV -> csvItems.add(item);
        }
        written++;
    }

    /** Items given to {@link #write} so far. */
    public long written() {
        return written;
    }

    /** Writes what is held back (CSV) and flushes; the writer is not closed. */
    public void finish() throws IOException {
        if (format == TransferFormat.CSV) {
            ItemCsv.write(csvItems, keySchema, out);
            csvItems.clear();
        }
        out.flush();
    }
}

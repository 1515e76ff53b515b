package io.dynoscope.ui.grid;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.repository.Cancellation;
import io.dynoscope.service.transfer.ExportService;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongConsumer;

/** The export formats of the grid; the writing itself is {@link ExportService}'s. */
public enum ExportFormat {
    /** Plain JSON, one item a line (sets and binary lose their type). */
    JSON("json"),
    /** DynamoDB JSON lines as the S3 export writes them: lossless. */
    DYNAMODB_JSON("jsonl"),
    /** CSV, key attributes first; nested values as DynamoDB JSON. */
    CSV("csv");

    private final String extension;

    ExportFormat(String extension) {
        this.extension = extension;
    }

    public String extension() {
        return extension;
    }

    /** Writes the items to the file through the export service (atomically, with progress). */
    public void write(
            List<Item> items,
            KeySchema keys,
            Path target,
            Cancellation cancellation,
            LongConsumer progress)
            throws IOException {
        ExportService.writeItems(
                items,
                keys,
                io.dynoscope.core.transfer.ExportFormat.valueOf(name()),
                target,
                cancellation,
                progress);
    }
}

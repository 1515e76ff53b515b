package io.dynoscope.ui.grid;

import io.dynoscope.core.item.DynamoJsonLines;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemCsv;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.item.PlainJson;
import io.dynoscope.repository.Cancellation;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.function.LongConsumer;

/** The export formats of the grid, and the writing of items to a file with progress and cancel. */
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

    /**
     * Writes the items to a temporary file beside the target and moves it into place when complete,
     * so a cancelled or failed export never leaves half a file under the chosen name.
     */
    public void write(
            List<Item> items,
            KeySchema keys,
            Path target,
            Cancellation cancellation,
            LongConsumer progress)
            throws IOException {
        Path parent = target.toAbsolutePath().getParent();
        Path partial = Files.createTempFile(parent, "." + target.getFileName(), ".partial");
        try {
            try (Writer out = Files.newBufferedWriter(partial, StandardCharsets.UTF_8)) {
                if (this == CSV) {
                    ItemCsv.write(items, keys, out);
                    progress.accept(items.size());
                } else {
                    long written = 0;
                    DynamoJsonLines.ItemWriter lines =
                            this == DYNAMODB_JSON ? DynamoJsonLines.writer(out) : null;
                    for (Item item : items) {
                        if (cancellation.isCancelled()) {
                            throw new CancellationException("export cancelled");
                        }
                        if (lines != null) {
                            lines.write(item);
                        } else {
                            out.write(PlainJson.write(item));
                            out.write('\n');
                        }
                        if (++written % 1000 == 0) {
                            progress.accept(written);
                        }
                    }
                    if (lines != null) {
                        lines.flush();
                    }
                    progress.accept(written);
                }
            }
            Files.move(
                    partial,
                    target,
                    StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(partial);
        }
    }
}

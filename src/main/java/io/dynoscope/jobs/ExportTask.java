package io.dynoscope.jobs;

import io.dynoscope.core.item.ItemSize;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.transfer.ExportWriter;
import io.dynoscope.core.transfer.TransferFormat;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import org.apache.spark.api.java.function.Function2;

/**
 * One Spark task of the export job: writes the items of the units it owns to its own file, {@code
 * part-NNNNN.<ext>}, with the desktop export's {@link ExportWriter}. The file appears whole or not
 * at all, so a retried task writes it again from the start. Answers {@code "<file> <items>"}.
 */
final class ExportTask implements Function2<Integer, Iterator<String>, Iterator<String>> {

    private static final long serialVersionUID = 1L;

    private final ItemSource source;
    private final TransferFormat format;
    private final String partitionKey;
    private final String sortKey;
    private final JobFiles files;
    private final String folder;
    private final UnitProgress progress;

    ExportTask(
            ItemSource source,
            TransferFormat format,
            KeySchema keys,
            JobFiles files,
            String folder,
            UnitProgress progress) {
        this.source = source;
        this.format = format;
        this.partitionKey = keys == null ? null : keys.partitionKey();
        this.sortKey = keys == null ? null : keys.sortKey().orElse(null);
        this.files = files;
        this.folder = folder;
        this.progress = progress;
    }

    @Override
    public Iterator<String> call(Integer part, Iterator<String> units) throws IOException {
        String file =
                JobFiles.resolve(
                        folder,
                        String.format(Locale.ROOT, "part-%05d.%s", part, format.extension()));
        long[] items = {0};
        files.write(
                file,
                stream -> {
                    Writer out = new OutputStreamWriter(stream, StandardCharsets.UTF_8);
                    ExportWriter writer =
                            new ExportWriter(
                                    format,
                                    partitionKey == null
                                            ? null
                                            : KeySchema.of(partitionKey, sortKey),
                                    out);
                    while (units.hasNext()) {
                        long[] read = {0, 0};
                        source.read(
                                units.next(),
                                item -> {
                                    read[0]++;
                                    read[1] += ItemSize.of(item);
                                    try {
                                        writer.write(item);
                                    } catch (IOException e) {
                                        throw new UncheckedIOException(e);
                                    }
                                });
                        progress.unitRead(read[0], read[1]);
                    }
                    writer.finish();
                    items[0] = writer.written();
                });
        return List.of(file + " " + items[0]).iterator();
    }
}

package io.dynoscope.service.transfer;

import io.dynoscope.core.file.OutputFile;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.Page;
import io.dynoscope.core.table.PageListener;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.core.transfer.ExportWriter;
import io.dynoscope.core.transfer.TransferFormat;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.ScanSpec;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.function.LongConsumer;

/**
 * Export, the one use case behind the CLI's {@code export} and the grid's export: items of a table
 * (read by a Scan, optionally in parallel segments) or items already loaded, written in an {@link
 * TransferFormat} to a stream or to an {@link OutputFile}, with progress and cancel.
 */
public final class ExportService {

    /**
     * What to export.
     *
     * @param segments parallel Scan segments, 1 for a plain Scan
     */
    public record Request(String table, TransferFormat format, int segments) {
        public Request {
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(format, "format");
            if (segments < 1) {
                throw new IllegalArgumentException("segments must be at least 1");
            }
        }
    }

    /** Told after each page written, on the reading thread. */
    @FunctionalInterface
    public interface Listener {
        void exported(long items, Key lastKey);
    }

    /**
     * How an export ended.
     *
     * @param items items written
     * @param lastKey the key of the last item written, or null when none was
     * @param statistics the reads' cost
     * @param complete false when the export was cancelled before the end (a file is then left as it
     *     was)
     */
    public record Report(long items, Key lastKey, ReadStatistics statistics, boolean complete) {}

    private final DynamoRepository repository;

    public ExportService(DynamoRepository repository) {
        this.repository = Objects.requireNonNull(repository, "repository");
    }

    /** Exports the table to {@code out}, which is flushed but not closed. */
    public Report export(
            Request request, OutputStream out, Listener listener, Cancellation cancellation)
            throws IOException {
        return scanInto(
                request, repository.describeTable(request.table()), out, listener, cancellation);
    }

    /**
     * Exports the table to a file checked beforehand ({@link OutputFile#check}): a regular file is
     * replaced only when every item was read and written; a cancelled or failed export leaves it as
     * it was. Before the first Scan, a file the table's size (DynamoDB's estimate) would not fit in
     * is refused ({@link OutputFile#requireSpace}).
     */
    public Report export(
            Request request, OutputFile file, Listener listener, Cancellation cancellation)
            throws IOException {
        TableInfo table = repository.describeTable(request.table());
        file.requireSpace(table.sizeBytes());
        Report[] report = new Report[1];
        try {
            file.write(
                    out -> {
                        report[0] = scanInto(request, table, out, listener, cancellation);
                        if (!report[0].complete()) {
                            throw new CancellationException("export cancelled");
                        }
                    });
        } catch (CancellationException cancelled) {
            // the file was left as it was; the report says how far the export got
        }
        return report[0];
    }

    private Report scanInto(
            Request request,
            TableInfo table,
            OutputStream out,
            Listener listener,
            Cancellation cancellation)
            throws IOException {
        Writer writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
        ExportWriter items = new ExportWriter(request.format(), table.keySchema(), writer);
        KeySchema keys = table.keySchema();
        Key[] last = new Key[1];
        PageListener sink =
                (Page page) -> {
                    try {
                        for (Item item : page.items()) {
                            items.write(item);
                            last[0] = item.key(keys);
                        }
                        if (request.format() != TransferFormat.CSV) {
                            writer.flush();
                        }
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                    listener.exported(items.written(), last[0]);
                    return true;
                };
        ReadResult result;
        try {
            result =
                    repository.scan(
                            ScanSpec.table(request.table()).withSegments(request.segments()),
                            sink,
                            cancellation);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        boolean complete = result.complete() && !cancellation.isCancelled();
        if (complete) {
            items.finish();
        } else {
            writer.flush();
        }
        // a cancelled CSV export has written nothing: its rows wait for the header
        long written = complete || request.format() != TransferFormat.CSV ? items.written() : 0;
        return new Report(written, last[0], result.statistics(), complete);
    }

    /**
     * Writes items already loaded (the grid's selection or rows) to a file, atomically, reporting
     * progress every thousand items; throws {@link CancellationException} when cancelled, leaving
     * the file as it was.
     *
     * @param keys the table's keys (CSV puts them first), or null when not known
     */
    public static void writeItems(
            List<Item> items,
            KeySchema keys,
            TransferFormat format,
            Path target,
            Cancellation cancellation,
            LongConsumer progress)
            throws IOException {
        OutputFile.check(target)
                .write(
                        out -> {
                            Writer writer =
                                    new BufferedWriter(
                                            new OutputStreamWriter(out, StandardCharsets.UTF_8));
                            ExportWriter export = new ExportWriter(format, keys, writer);
                            for (Item item : items) {
                                if (cancellation.isCancelled()) {
                                    throw new CancellationException("export cancelled");
                                }
                                export.write(item);
                                if (export.written() % 1000 == 0) {
                                    progress.accept(export.written());
                                }
                            }
                            export.finish();
                            progress.accept(export.written());
                        });
    }
}

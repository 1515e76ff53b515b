package io.dynoscope.cli;

import io.dynoscope.cli.Formats.ExportFormat;
import io.dynoscope.core.item.DynamoJsonLines;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemCsv;
import io.dynoscope.core.item.PlainJson;
import io.dynoscope.repository.Cancellation;
import io.dynoscope.repository.DynamoRepository;
import io.dynoscope.repository.Page;
import io.dynoscope.repository.PageListener;
import io.dynoscope.repository.ReadResult;
import io.dynoscope.repository.ScanSpec;
import io.dynoscope.repository.TableInfo;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code dynoscope export}: every item of a table as JSON lines or CSV, to a file or stdout. */
@Command(
        name = "export",
        mixinStandardHelpOptions = true,
        description =
                "Write every item of a table: dynamodb-json (the S3-export lines {\"Item\": {...}}, lossless), "
                        + "json (one plain JSON item a line; sets and binary become arrays and base64) or csv.")
final class ExportCommand implements Callable<Integer> {

    @ParentCommand private DynoscopeCli cli;

    @Option(names = "--table", required = true, paramLabel = "TABLE")
    private String table;

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            defaultValue = "dynamodb-json",
            description = "dynamodb-json, json or csv. Default: ${DEFAULT-VALUE}.")
    private ExportFormat format;

    @Option(
            names = "--out",
            paramLabel = "FILE",
            description =
                    "The file to write (default: stdout). "
                            + "It is replaced only once the whole table was read.")
    private Path outFile;

    @Option(
            names = "--segments",
            paramLabel = "N",
            defaultValue = "1",
            description = "Read N segments in parallel. Default: ${DEFAULT-VALUE}.")
    private int segments;

    @Override
    public Integer call() throws IOException {
        if (segments < 1) {
            throw CliException.usage("--segments must be at least 1");
        }
        try (DynamoRepository repository = cli.repository()) {
            TableInfo info = repository.describeTable(table);
            ReadResult result;
            long exported;
            if (outFile == null) {
                Writer stdout =
                        new BufferedWriter(
                                new OutputStreamWriter(cli.out(), StandardCharsets.UTF_8));
                ItemSink sink = new ItemSink(stdout, info);
                result = repository.scan(spec(), sink, Cancellation.none());
                sink.finish();
                exported = sink.written;
            } else {
                // Written next to the target and moved over it at the end, so a failed read leaves
                // no half file.
                Path target = outFile.toAbsolutePath();
                Path partial = null;
                try {
                    partial =
                            Files.createTempFile(
                                    target.getParent(), target.getFileName().toString(), ".part");
                    try (Writer file = Files.newBufferedWriter(partial, StandardCharsets.UTF_8)) {
                        ItemSink sink = new ItemSink(file, info);
                        result = repository.scan(spec(), sink, Cancellation.none());
                        sink.finish();
                        exported = sink.written;
                    }
                    moveOver(partial, target);
                } catch (IOException | UncheckedIOException e) {
                    throw CliException.usage("cannot write " + outFile + ": " + e.getMessage());
                } finally {
                    if (partial != null) {
                        Files.deleteIfExists(partial);
                    }
                }
            }
            cli.err()
                    .println(
                            "exported "
                                    + exported
                                    + " items from table '"
                                    + table
                                    + "'"
                                    + (outFile == null ? "" : " to " + outFile));
            cli.printStatistics(result.statistics());
        }
        return ExitCodes.OK;
    }

    private ScanSpec spec() {
        return ScanSpec.table(table).withSegments(segments);
    }

    private static void moveOver(Path partial, Path target) throws IOException {
        try {
            Files.move(
                    partial,
                    target,
                    StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * Writes each page as it arrives; CSV waits for all items because its header is every attribute
     * name.
     */
    private final class ItemSink implements PageListener {
        private final Writer writer;
        private final TableInfo info;
        private final List<Item> csvItems = new ArrayList<>();
        private long written;

        ItemSink(Writer writer, TableInfo info) {
            this.writer = writer;
            this.info = info;
        }

        @Override
        public boolean onPage(Page page) {
            try {
                for (Item item : page.items()) {
                    switch (format) {
                        case JSON -> writer.write(PlainJson.write(item) + "\n");
                        case DYNAMODB_JSON -> writer.write(DynamoJsonLines.line(item) + "\n");
                        case CSV -> csvItems.add(item);
                    }
                    written++;
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return true;
        }

        void finish() throws IOException {
            if (format == ExportFormat.CSV) {
                ItemCsv.write(csvItems, info.keySchema(), writer);
            }
            writer.flush();
        }
    }
}

package io.dynoscope.cli;

import io.dynoscope.core.file.OutputFile;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.transfer.TransferFormat;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.transfer.ExportService;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code dynoscope export}: every item of a table as JSON lines or CSV, to a file or stdout. */
@Command(
        name = "export",
        mixinStandardHelpOptions = true,
        description =
                "Write every item of a table: dynamodb-json (the S3-export lines {\"Item\": {...}}, lossless), "
                        + "json (one plain JSON item a line; sets and binary become arrays and base64) or csv "
                        + "(each heading says its column's type, name (S) or name (DynamoDB JSON) for mixed types, "
                        + "so import gives every value back; a text that a spreadsheet would run as a formula, "
                        + "starting with = + - @, gets a leading ').")
final class ExportCommand implements Callable<Integer> {

    @ParentCommand private DynoscopeCli cli;

    @Mixin private TransferOptions transfer;

    @Option(
            names = "--out",
            paramLabel = "FILE",
            description =
                    "The file to write (default: stdout), checked before anything is read. A regular file is "
                            + "replaced (keeping its permissions) only once the whole table was read; a symbolic "
                            + "link is followed; a FIFO or device is written directly.")
    private Path outFile;

    @Option(
            names = "--segments",
            paramLabel = "N",
            defaultValue = "1",
            description = "Read N segments in parallel. Default: ${DEFAULT-VALUE}.")
    private int segments;

    @Override
    public Integer call() {
        if (segments < 1) {
            throw CliException.usage("--segments must be at least 1");
        }
        OutputFile file = outFile == null ? null : checked(outFile);
        Cancellation cancellation = Cancellation.none();
        AtomicLong exported = new AtomicLong();
        AtomicReference<Key> lastKey = new AtomicReference<>();
        ExportService.Listener listener =
                (items, key) -> {
                    exported.set(items);
                    lastKey.set(key);
                };
        AtomicReference<ExportService.Report> finished = new AtomicReference<>();
        String where = file == null ? "" : " to " + outFile;
        try (ConnectionServices services = cli.services();
                Interruption interruption =
                        Interruption.watch(
                                cli.err(),
                                cancellation,
                                () ->
                                        whatWasWritten(
                                                file,
                                                finished.get(),
                                                exported.get(),
                                                lastKey.get()),
                                () -> {
                                    if (file != null) {
                                        file.discardPartial();
                                    }
                                })) {
            ExportService service = services.export();
            ExportService.Request request =
                    new ExportService.Request(transfer.table, transfer.format, segments);
            ExportService.Report report =
                    file == null
                            ? service.export(request, cli.exactOut(), listener, cancellation)
                            : service.export(request, file, listener, cancellation);
            finished.set(report);
            if (interruption.interrupted()) {
                return ExitCodes.INTERRUPTED;
            }
            cli.err()
                    .println(
                            "exported "
                                    + report.items()
                                    + " items from table '"
                                    + transfer.table
                                    + "'"
                                    + where);
            cli.printStatistics(report.statistics());
        } catch (IOException e) {
            // the target was checked before anything was read: this is the disk failing (or
            // being too small), not the user's input
            throw new CliException(
                    ExitCodes.SERVICE_ERROR,
                    "cannot write "
                            + outFile
                            + ": "
                            + e.getMessage()
                            + "; "
                            + whatWasWritten(file, null, exported.get(), lastKey.get()));
        }
        return ExitCodes.OK;
    }

    /** What an export stopped before its end (a signal, a failed write) had written. */
    private String whatWasWritten(
            OutputFile file, ExportService.Report finished, long read, Key lastKey) {
        String where = file == null ? "" : " to " + outFile;
        if (finished != null && finished.complete()) {
            return "the export had finished: " + finished.items() + " items" + where;
        }
        // a regular file is replaced only at the end, and CSV rows wait for the whole table
        boolean nothingWritten =
                file != null && file.kind() == OutputFile.Kind.REGULAR
                        || transfer.format == TransferFormat.CSV;
        return (nothingWritten
                        ? "nothing was written" + where + "; " + read + " items had been read"
                        : "exported " + read + " items" + where)
                + lastKeyText(lastKey);
    }

    /** The output file, or a usage error before anything is read. */
    private static OutputFile checked(Path path) {
        try {
            return OutputFile.check(path);
        } catch (IOException e) {
            throw CliException.usage(e.getMessage());
        }
    }

    static String lastKeyText(Key key) {
        return key == null ? "" : " (last key " + ItemJson.PLAIN.write(key.asItem()) + ")";
    }
}

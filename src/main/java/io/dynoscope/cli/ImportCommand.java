package io.dynoscope.cli;

import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.WriteStatistics;
import io.dynoscope.core.transfer.ColumnMapping;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.transfer.ImportService;
import io.dynoscope.service.transfer.ImportService.Checked;
import io.dynoscope.service.transfer.ImportService.Outcome;
import io.dynoscope.service.transfer.ImportService.Progress;
import io.dynoscope.service.transfer.ImportService.Report;
import io.dynoscope.service.transfer.SpooledInput;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code dynoscope import}: loads JSON lines, DynamoDB JSON lines or CSV into a table, through
 * {@link ImportService}: the whole input is checked first, every bad line reported with its number;
 * a journal lets an interrupted import be resumed without writing any item twice.
 */
@Command(
        name = "import",
        mixinStandardHelpOptions = true,
        description = {
            "Load items into a table from dynamodb-json (one item a line, or the S3-export lines "
                    + "{\"Item\": {...}}, gzip or not), json (one plain JSON item a line) or csv (a header row). "
                    + "The whole input is checked first (syntax, keys and their types, DynamoDB's limits, keys "
                    + "given twice) and every bad line is reported with its number; nothing is written while "
                    + "one is bad. Items replace any item with the same key.",
            "A journal (FILE.import-journal beside the input) records what was written: after Ctrl-C, "
                    + "a crash or a refusal, run the same command with --resume to write the rest, no item twice."
        })
final class ImportCommand implements Callable<Integer> {

    @ParentCommand private DynoscopeCli cli;

    @Mixin private TransferOptions transfer;

    @Option(
            names = "--in",
            paramLabel = "FILE",
            description = "The file to read; - or none for stdin.")
    private Path inFile;

    @Option(
            names = "--map",
            paramLabel = "COLUMN=ATTRIBUTE:TYPE",
            description =
                    "What a CSV column (or a JSON attribute) becomes: price:N, id=pk:S, tags:SS, blob:B (base64), "
                            + "notes=- to leave it out. TYPE is S, N, B, BOOL, NULL, SS, NS, BS, L or M (the last ones "
                            + "as DynamoDB JSON in a CSV cell, as export writes them). Without one, a CSV column headed "
                            + "name (TYPE) or name (DynamoDB JSON), as export writes them, reads as its heading says; in "
                            + "a column with a plain heading a key takes the table's key type and a cell holding "
                            + "DynamoDB JSON that value, anything else a string.")
    private List<String> mappings = new ArrayList<>();

    @Option(
            names = "--preview",
            paramLabel = "N",
            description = "Print the first N items as they would be written, and write nothing.")
    private Integer preview;

    @Option(
            names = "--resume",
            description = "Go on from the journal of an interrupted run of this same import.")
    private boolean resume;

    @Option(
            names = "--journal",
            paramLabel = "FILE",
            description =
                    "Where the journal is kept (default: FILE"
                            + ImportService.JOURNAL_SUFFIX
                            + " beside --in; none for stdin unless given).")
    private Path journal;

    @Option(
            names = "--concurrency",
            paramLabel = "N",
            description =
                    "BatchWriteItem requests in flight at once. Default: 1 at an --endpoint (a local engine"
                            + " answers one request at a time), 4 on AWS.")
    private Integer concurrency;

    @Override
    public Integer call() throws IOException {
        int inFlight = BatchConcurrency.of(concurrency, cli.connection());
        ColumnMapping mapping = CliException.orUsage("--map", () -> ColumnMapping.parse(mappings));
        boolean stdin = inFile == null || inFile.toString().equals("-");
        Path journalFile =
                journal != null ? journal : stdin ? null : ImportService.journalBeside(inFile);
        if (resume && journalFile == null) {
            throw CliException.usage("--resume needs the journal: give --journal FILE");
        }
        SpooledInput spooled = stdin ? ImportService.Input.spooled("stdin", cli.in()) : null;
        ImportService.Input input = stdin ? spooled : fileInput(inFile);
        ImportService.Request request =
                new ImportService.Request(transfer.table, input, transfer.format, mapping);
        try (spooled;
                ConnectionServices services = cli.services()) {
            ImportService service = services.imports();
            if (preview != null) {
                return preview(service, request);
            }
            return checkAndWrite(service, request, journalFile, inFlight);
        }
    }

    private int preview(ImportService service, ImportService.Request request) throws IOException {
        ImportService.Preview first = service.preview(request, preview);
        ItemPrinter printer = new ItemPrinter(cli.output(), cli.out(), first.keySchema());
        for (ImportService.PreviewLine line : first.lines()) {
            if (line.item() != null) {
                printer.print(line.item());
            } else {
                cli.err()
                        .println(
                                request.input().name()
                                        + ": line "
                                        + line.line()
                                        + ": "
                                        + line.problem());
            }
        }
        printer.finish();
        cli.err().println("preview only: nothing was imported");
        return ExitCodes.OK;
    }

    /** Every bad line on stderr, then a usage error: nothing was written. */
    private int refuse(Checked checked, String source) {
        for (ImportService.Problem problem : checked.problems()) {
            cli.err().println(source + ": " + problem);
        }
        long more = checked.problemCount() - checked.problems().size();
        if (more > 0) {
            cli.err().println(source + ": ... and " + more + " more bad lines");
        }
        throw CliException.usage(
                checked.problemCount()
                        + " bad line"
                        + (checked.problemCount() == 1 ? "" : "s")
                        + " in "
                        + source
                        + "; nothing was imported");
    }

    /**
     * Checks the whole input, then writes it; a signal while checking says nothing was written, one
     * while writing says what was.
     */
    private int checkAndWrite(
            ImportService service, ImportService.Request request, Path journalFile, int inFlight)
            throws IOException {
        Cancellation cancellation = Cancellation.none();
        AtomicReference<Progress> progress = new AtomicReference<>();
        Report report;
        try (Interruption interruption =
                Interruption.watch(
                        cli.err(),
                        cancellation,
                        () ->
                                progress.get() == null
                                        ? "nothing was written: the input was being checked"
                                        : done(progress.get()) + resumeHint(journalFile),
                        () -> {})) {
            Checked checked = service.check(request, cancellation);
            if (interruption.interrupted()) {
                return ExitCodes.INTERRUPTED;
            }
            if (!checked.ready()) {
                return refuse(checked, request.input().name());
            }
            progress.set(new Progress(checked.items(), 0, 0, 0, 0, 0, null));
            try {
                report =
                        service.run(
                                checked,
                                new ImportService.Options(inFlight, journalFile, resume),
                                progress::set,
                                cancellation);
            } catch (IOException e) {
                throw CliException.usage(e.getMessage());
            }
            if (interruption.interrupted()) {
                return ExitCodes.INTERRUPTED;
            }
        }
        Progress done = report.progress();
        WriteStatistics statistics =
                new WriteStatistics(done.requests(), done.consumedCapacity(), done.written());
        if (report.outcome() == Outcome.COMPLETE) {
            cli.err()
                    .println(
                            "imported "
                                    + done.written()
                                    + " items into table '"
                                    + transfer.table
                                    + "' in "
                                    + done.requests()
                                    + " requests"
                                    + (done.skipped() > 0
                                            ? "; "
                                                    + done.skipped()
                                                    + " were written by the earlier run"
                                            : ""));
            cli.printStatistics(statistics);
            return ExitCodes.OK;
        }
        cli.printStatistics(statistics);
        String stop =
                report.failure() == null
                        ? "cancelled"
                        : "line "
                                + report.failure().line()
                                + " failed: "
                                + report.failure().message();
        throw new CliException(
                ExitCodes.SERVICE_ERROR, stop + "; " + done(done) + resumeHint(report.journal()));
    }

    private String done(Progress progress) {
        return "wrote "
                + progress.written()
                + " of "
                + progress.items()
                + " items into table '"
                + transfer.table
                + "'"
                + (progress.skipped() > 0
                        ? " (" + progress.skipped() + " more by the earlier run)"
                        : "")
                + (progress.lastLine() > 0
                        ? ", the last from line "
                                + progress.lastLine()
                                + ExportCommand.lastKeyText(progress.lastKey())
                        : "");
    }

    private static String resumeHint(Path journalFile) {
        return journalFile == null
                ? "; without a journal the import cannot be resumed (give --journal)"
                : "; run the same command with --resume to write the rest (journal "
                        + journalFile
                        + ")";
    }

    private static ImportService.Input fileInput(Path file) {
        if (!Files.isRegularFile(file) && !Files.exists(file)) {
            throw CliException.usage("cannot read " + file + ": no such file");
        }
        if (!Files.isReadable(file)) {
            throw CliException.usage("cannot read " + file + ": no permission");
        }
        return ImportService.Input.file(file);
    }
}

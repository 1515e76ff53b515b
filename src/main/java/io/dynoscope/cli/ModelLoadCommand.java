package io.dynoscope.cli;

import io.dynoscope.core.model.ModelFiles;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.model.SchemaLoad;
import io.dynoscope.service.store.RepositoryException;
import io.dynoscope.service.table.TableExistsException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code dynoscope model load}: creates the tables of a model file and writes their items. */
@Command(
        name = "load",
        mixinStandardHelpOptions = true,
        description =
                "Create every table of a model file (Dynoscope's format or a NoSQL Workbench data"
                        + " model) with its indexes and billing, and with --with-data write its items"
                        + " (batch writes, unprocessed items retried). Each CreateTable request is"
                        + " printed on stderr before it is sent (on stdout with --dry-run, which sends"
                        + " nothing). Refused (exit 4, nothing created) when any of the tables exists,"
                        + " unless --resume. Every table and item is checked before the first"
                        + " request; when a signal or the service stops the load, what was left is"
                        + " printed with how to finish it.")
final class ModelLoadCommand implements Callable<Integer> {

    @ParentCommand private ModelCommand model;

    @Parameters(index = "0", paramLabel = "FILE", description = "The model file.")
    private Path file;

    @Option(names = "--with-data", description = "Also write the items the file holds.")
    private boolean withData;

    @Option(names = "--dry-run", description = "Print the CreateTable requests and create nothing.")
    private boolean dryRun;

    @Option(
            names = "--resume",
            description =
                    "Finish a load an interrupted or refused run of this command left: a table"
                            + " that is there must have the model's keys and indexes and hold"
                            + " only the model's items, each as the model has it (else exit 4,"
                            + " nothing written); only the items it lacks are written. Tables not"
                            + " there yet are created.")
    private boolean resume;

    @Override
    public Integer call() {
        DynoscopeCli cli = model.cli();
        ModelFiles.Read read = ModelFileInput.read(file, cli.in());
        read.notes().forEach(note -> cli.err().println(file + ": " + note));
        List<SchemaLoad.Prepared> prepared =
                CliException.orUsage(
                        file.toString(), () -> SchemaLoad.prepareAll(read.document().tables()));
        if (dryRun) {
            for (SchemaLoad.Prepared table : prepared) {
                cli.out().println(cli.requestText(table.request()));
            }
            return ExitCodes.OK;
        }
        try (ConnectionServices services = cli.services()) {
            if (!resume) {
                refuseExisting(services.metadata().listTables(), prepared);
            }
            return load(cli, services.schemaLoad(), prepared);
        }
    }

    private static void refuseExisting(List<String> existing, List<SchemaLoad.Prepared> prepared) {
        for (SchemaLoad.Prepared table : prepared) {
            if (existing.contains(table.table())) {
                throw new CliException(
                        ExitCodes.CONDITION_FAILED,
                        "table '"
                                + table.table()
                                + "' already exists: nothing was created (a model is only"
                                + " loaded into new tables; if an interrupted run of this"
                                + " command left it, run the command again with --resume)");
            }
        }
    }

    private int load(DynoscopeCli cli, SchemaLoad load, List<SchemaLoad.Prepared> prepared) {
        Cancellation cancellation = Cancellation.none();
        LoadTally tally = new LoadTally(prepared, withData);
        try (Interruption interruption =
                Interruption.watch(cli.err(), cancellation, tally::left, () -> {})) {
            for (SchemaLoad.Prepared table : prepared) {
                SchemaLoad.Result result;
                try {
                    result = loadOne(cli, load, table, tally, cancellation);
                } catch (RepositoryException | TableExistsException e) {
                    if (!tally.anyTable()) {
                        throw e;
                    }
                    throw new CliException(
                            e instanceof TableExistsException
                                    ? ExitCodes.CONDITION_FAILED
                                    : ExitCodes.SERVICE_ERROR,
                            e.getMessage() + "; " + tally.left());
                }
                if (!result.complete()) {
                    if (interruption.interrupted()) {
                        return ExitCodes.INTERRUPTED;
                    }
                    throw new CliException(ExitCodes.INTERRUPTED, "stopped; " + tally.left());
                }
                cli.err().println(summary(result));
            }
        }
        return ExitCodes.OK;
    }

    private SchemaLoad.Result loadOne(
            DynoscopeCli cli,
            SchemaLoad load,
            SchemaLoad.Prepared table,
            LoadTally tally,
            Cancellation cancellation) {
        if (resume) {
            cli.err().println("CreateTable " + table.table() + " unless it is there:");
        } else {
            cli.err().println("CreateTable " + table.table() + ":");
        }
        cli.err().println(load.requestText(table));
        table.notes().forEach(note -> cli.err().println(table.table() + ": " + note));
        return resume
                ? load.resume(table, withData, tally::reached, cancellation)
                : load.load(table, withData, tally::reached, cancellation);
    }

    private String summary(SchemaLoad.Result result) {
        String what =
                (result.created() ? "created " : "finished ")
                        + result.table()
                        + (withData
                                ? "; wrote "
                                        + result.itemsWritten()
                                        + " of "
                                        + result.itemsTotal()
                                        + " items in "
                                        + result.requests()
                                        + (result.created()
                                                ? " BatchWriteItem requests"
                                                : " conditional PutItem requests")
                                : "");
        return result.itemsAlreadyThere() > 0
                ? what + "; " + result.itemsAlreadyThere() + " were already there"
                : what;
    }
}

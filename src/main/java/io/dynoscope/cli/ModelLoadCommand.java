package io.dynoscope.cli;

import io.dynoscope.core.model.ModelFiles;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.model.SchemaLoad;
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
                        + " nothing). Refused (exit 4, nothing created) when any of the tables exists.")
final class ModelLoadCommand implements Callable<Integer> {

    @ParentCommand private ModelCommand model;

    @Parameters(index = "0", paramLabel = "FILE", description = "The model file.")
    private Path file;

    @Option(names = "--with-data", description = "Also write the items the file holds.")
    private boolean withData;

    @Option(names = "--dry-run", description = "Print the CreateTable requests and create nothing.")
    private boolean dryRun;

    @Override
    public Integer call() {
        DynoscopeCli cli = model.cli();
        ModelFiles.Read read = ModelCommand.read(file, cli.in());
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
            List<String> existing = services.metadata().listTables();
            for (SchemaLoad.Prepared table : prepared) {
                if (existing.contains(table.table())) {
                    throw new CliException(
                            ExitCodes.CONDITION_FAILED,
                            "table '"
                                    + table.table()
                                    + "' already exists: nothing was created (a model is only"
                                    + " loaded into new tables)");
                }
            }
            SchemaLoad load = services.schemaLoad();
            for (SchemaLoad.Prepared table : prepared) {
                cli.err().println("CreateTable " + table.table() + ":");
                cli.err().println(load.requestText(table));
                table.notes().forEach(note -> cli.err().println(table.table() + ": " + note));
                SchemaLoad.Result result =
                        load.load(table, withData, progress -> {}, Cancellation.none());
                cli.err()
                        .println(
                                "created "
                                        + result.table()
                                        + (withData
                                                ? "; wrote "
                                                        + result.itemsWritten()
                                                        + " of "
                                                        + result.itemsTotal()
                                                        + " items in "
                                                        + result.requests()
                                                        + " BatchWriteItem requests"
                                                : ""));
            }
        }
        return ExitCodes.OK;
    }
}

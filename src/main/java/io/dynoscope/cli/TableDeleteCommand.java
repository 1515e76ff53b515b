package io.dynoscope.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code dynoscope table delete}: only with the table's name typed again. */
@Command(
        name = "delete",
        mixinStandardHelpOptions = true,
        description =
                "Delete a table and every item in it, once --confirm repeats its name; wait until it is gone.")
final class TableDeleteCommand implements Callable<Integer> {

    @ParentCommand private TableCommand parent;

    @Option(names = "--table", required = true, paramLabel = "TABLE")
    private String table;

    @Option(
            names = "--confirm",
            paramLabel = "TABLE",
            description = "The table's name again, to confirm.")
    private String confirm;

    @Option(names = "--dry-run", description = "Print the request and send nothing.")
    private boolean dryRun;

    @Override
    public Integer call() {
        if (!dryRun && !table.equals(confirm)) {
            throw CliException.usage(
                    "deleting table '"
                            + table
                            + "' removes every item in it: confirm with --confirm "
                            + table);
        }
        return TableChanges.send(
                parent.cli(),
                dryRun,
                admin -> List.of(admin.deletion(table)),
                "deleted table '" + table + "'");
    }
}

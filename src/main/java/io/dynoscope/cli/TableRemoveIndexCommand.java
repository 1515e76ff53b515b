package io.dynoscope.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code dynoscope table remove-index}: a global secondary index removed. */
@Command(
        name = "remove-index",
        mixinStandardHelpOptions = true,
        description =
                "Remove a global secondary index and wait until it is gone. An engine that does not "
                        + "implement it says so.")
final class TableRemoveIndexCommand implements Callable<Integer> {

    @ParentCommand private TableCommand parent;

    @Option(names = "--table", required = true, paramLabel = "TABLE")
    private String table;

    @Option(names = "--index", required = true, paramLabel = "NAME")
    private String index;

    @Option(names = "--dry-run", description = "Print the request and send nothing.")
    private boolean dryRun;

    @Override
    public Integer call() {
        return TableChanges.send(
                parent.cli(),
                dryRun,
                admin -> List.of(admin.indexRemoval(table, index)),
                "removed index '" + index + "' from table '" + table + "'");
    }
}

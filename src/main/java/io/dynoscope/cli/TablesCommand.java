package io.dynoscope.cli;

import io.dynoscope.service.ConnectionServices;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code dynoscope tables}: the table names, one a line. */
@Command(
        name = "tables",
        mixinStandardHelpOptions = true,
        description = "List the tables, one name a line.")
final class TablesCommand implements Callable<Integer> {

    @ParentCommand private DynoscopeCli cli;

    @Override
    public Integer call() {
        try (ConnectionServices services = cli.services()) {
            services.metadata().listTables().forEach(cli.out()::println);
        }
        return ExitCodes.OK;
    }
}

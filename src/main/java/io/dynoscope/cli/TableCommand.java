package io.dynoscope.cli;

import picocli.CommandLine.Command;

/** {@code dynoscope table}: create and delete tables, set their TTL, add and remove indexes. */
@Command(
        name = "table",
        mixinStandardHelpOptions = true,
        description =
                "Create or delete a table, turn its TTL on or off, add or remove a global secondary index. "
                        + "--dry-run prints the exact request (DynamoDB's JSON) and sends nothing.",
        subcommands = {
            TableCreateCommand.class,
            TableDeleteCommand.class,
            TableTtlCommand.class,
            TableAddIndexCommand.class,
            TableRemoveIndexCommand.class
        })
final class TableCommand extends GroupCommand {

    TableCommand() {
        super("create, delete, ttl, add-index or remove-index");
    }
}

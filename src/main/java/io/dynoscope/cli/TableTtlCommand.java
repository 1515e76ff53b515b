package io.dynoscope.cli;

import io.dynoscope.core.table.TimeToLive;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code dynoscope table ttl}: show, turn on or turn off a table's time to live. */
@Command(
        name = "ttl",
        mixinStandardHelpOptions = true,
        description =
                "Turn TTL on by an attribute (--attribute), or off (--disable); without either, print the "
                        + "table's TTL status and attribute.")
final class TableTtlCommand implements Callable<Integer> {

    @ParentCommand private TableCommand parent;

    @Option(names = "--table", required = true, paramLabel = "TABLE")
    private String table;

    @ArgGroup(exclusive = true)
    private Change change;

    /** What to do: turn on by an attribute, or off. */
    static final class Change {
        @Option(
                names = "--attribute",
                paramLabel = "ATTRIBUTE",
                description = "The attribute holding each item's expiry, in epoch seconds.")
        private String attribute;

        @Option(names = "--disable", description = "Turn TTL off.")
        private boolean disable;
    }

    @Option(names = "--dry-run", description = "Print the request and send nothing.")
    private boolean dryRun;

    @Override
    public Integer call() {
        return TableChanges.withAdmin(
                parent.cli(),
                admin -> {
                    if (change == null) {
                        TimeToLive ttl = admin.timeToLive(table);
                        parent.cli()
                                .out()
                                .println(
                                        ttl.status()
                                                + ttl.attribute().map(a -> " " + a).orElse(""));
                        return ExitCodes.OK;
                    }
                    Optional<String> attribute =
                            change.disable ? Optional.empty() : Optional.of(change.attribute);
                    return TableChanges.send(
                            parent.cli(),
                            List.of(admin.timeToLive(table, attribute)),
                            admin,
                            dryRun,
                            attribute.isPresent()
                                    ? "TTL of table '"
                                            + table
                                            + "' is on by '"
                                            + attribute.get()
                                            + "'"
                                    : "TTL of table '" + table + "' is off");
                });
    }
}

package io.dynoscope.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/**
 * A verb that only groups its subcommands ({@code dynoscope drift}, {@code table}, ...): run alone,
 * it names them and is a usage error.
 */
abstract class GroupCommand implements Callable<Integer> {

    @ParentCommand private DynoscopeCli cli;

    private final String subcommands;

    /**
     * @param subcommands the subcommands as the usage error names them, e.g. "check or build"
     */
    GroupCommand(String subcommands) {
        this.subcommands = subcommands;
    }

    DynoscopeCli cli() {
        return cli;
    }

    @Override
    public Integer call() {
        String name = getClass().getAnnotation(Command.class).name();
        cli.err()
                .println(
                        "dynoscope "
                                + name
                                + ": name a command: "
                                + subcommands
                                + " (see dynoscope "
                                + name
                                + " --help)");
        return ExitCodes.USAGE;
    }
}

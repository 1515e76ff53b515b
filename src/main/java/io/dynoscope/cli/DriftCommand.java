package io.dynoscope.cli;

import picocli.CommandLine.Command;

/** {@code dynoscope drift}: the denormalization drift inspector's verbs. */
@Command(
        name = "drift",
        mixinStandardHelpOptions = true,
        description =
                "Find denormalized copies that drifted from their source, and propagate the fix safely.",
        subcommands = {DriftSuggestCommand.class, DriftScanCommand.class, DriftFixCommand.class})
final class DriftCommand extends GroupCommand {

    DriftCommand() {
        super("suggest, scan or fix");
    }
}

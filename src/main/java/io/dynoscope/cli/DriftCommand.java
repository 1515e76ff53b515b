package io.dynoscope.cli;

import io.dynoscope.repository.ReadStatistics;
import java.time.Duration;
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

    /** Two reads' statistics as one. */
    static ReadStatistics plus(ReadStatistics a, ReadStatistics b) {
        return new ReadStatistics(
                a.requests() + b.requests(),
                a.consumedCapacity() + b.consumedCapacity(),
                a.scannedCount() + b.scannedCount(),
                a.returnedCount() + b.returnedCount(),
                a.elapsed().plus(b.elapsed() == null ? Duration.ZERO : b.elapsed()));
    }
}

package io.dynoscope.cli;

import io.dynoscope.core.drift.DenormalizationRule;
import io.dynoscope.core.drift.RuleFiles;
import io.dynoscope.repository.ReadStatistics;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code dynoscope drift}: the denormalization drift inspector's verbs. */
@Command(
        name = "drift",
        mixinStandardHelpOptions = true,
        description =
                "Find denormalized copies that drifted from their source, and propagate the fix safely.",
        subcommands = {DriftSuggestCommand.class, DriftScanCommand.class, DriftFixCommand.class})
final class DriftCommand implements Callable<Integer> {

    @ParentCommand private DynoscopeCli cli;

    DynoscopeCli cli() {
        return cli;
    }

    @Override
    public Integer call() {
        cli.err()
                .println(
                        "dynoscope drift: name a command: suggest, scan or fix (see dynoscope drift --help)");
        return ExitCodes.USAGE;
    }

    /**
     * The rules of a rule file; a file that cannot be read or is not a rule file is a usage error.
     */
    static List<DenormalizationRule> readRules(Path file, InputStream stdin) {
        try {
            List<DenormalizationRule> rules = RuleFiles.read(TextFiles.read(file, stdin));
            if (rules.isEmpty()) {
                throw CliException.usage(file + " holds no rules");
            }
            return rules;
        } catch (IllegalArgumentException e) {
            throw CliException.usage(file + ": " + e.getMessage());
        }
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

package io.dynoscope.cli;

import io.dynoscope.core.drift.DenormalizationRule;
import io.dynoscope.core.drift.RuleFiles;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/** The table and rule file that {@code drift scan} and {@code drift fix} take. */
final class RuleOptions {

    @Option(names = "--table", required = true, paramLabel = "TABLE")
    String table;

    @Option(
            names = "--rule",
            required = true,
            paramLabel = "FILE",
            description = "A rule file (see drift suggest); - for stdin.")
    private Path ruleFile;

    /**
     * The rules of the rule file; a file that cannot be read or is not a rule file is a usage
     * error.
     */
    List<DenormalizationRule> rules(InputStream stdin) {
        try {
            List<DenormalizationRule> rules = RuleFiles.read(TextFiles.read(ruleFile, stdin));
            if (rules.isEmpty()) {
                throw CliException.usage(ruleFile + " holds no rules");
            }
            return rules;
        } catch (IllegalArgumentException e) {
            throw CliException.usage(ruleFile + ": " + e.getMessage());
        }
    }
}

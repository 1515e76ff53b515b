package io.dynoscope.cli;

import io.dynoscope.core.drift.RuleFiles;
import io.dynoscope.core.drift.RuleSuggester;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.drift.RuleSuggestions;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code dynoscope drift suggest}: rules proposed from a sample of the table, printed as a rule
 * file.
 */
@Command(
        name = "suggest",
        mixinStandardHelpOptions = true,
        description =
                "Sample a table and print the denormalization rules its data suggests, as a rule file that "
                        + "drift scan and drift fix take as is. The evidence (copies that agree with their source, and "
                        + "those that differ) goes to stderr and into each rule's description.")
final class DriftSuggestCommand implements Callable<Integer> {

    @ParentCommand private DriftCommand drift;

    @Option(names = "--table", required = true, paramLabel = "TABLE")
    private String table;

    @Option(
            names = "--sample",
            paramLabel = "N",
            defaultValue = "" + RuleSuggestions.DEFAULT_SAMPLE,
            description = "Read at most N items (one Scan). Default: ${DEFAULT-VALUE}.")
    private int sample;

    @Override
    public Integer call() {
        if (sample < 1) {
            throw CliException.usage("--sample must be at least 1");
        }
        DynoscopeCli cli = drift.cli();
        try (ConnectionServices services = cli.services()) {
            RuleSuggestions.Suggested suggested =
                    services.ruleSuggestions()
                            .suggest(table, sample, itemsRead -> {}, Cancellation.none());
            List<RuleSuggester.Suggestion> suggestions = suggested.suggestions();
            cli.out()
                    .print(
                            RuleFiles.write(
                                    suggestions.stream()
                                            .map(RuleSuggester.Suggestion::rule)
                                            .toList()));
            if (suggestions.isEmpty()) {
                cli.err()
                        .println(
                                "no denormalized copies found in "
                                        + suggested.sampled()
                                        + " sampled items");
            }
            for (RuleSuggester.Suggestion suggestion : suggestions) {
                cli.err()
                        .println(
                                "suggested '"
                                        + suggestion.rule().name()
                                        + "': "
                                        + suggestion.agree()
                                        + " copies agree, "
                                        + suggestion.disagree()
                                        + " differ, "
                                        + suggestion.sources()
                                        + " sources");
            }
            cli.printStatistics(suggested.reads());
        }
        return ExitCodes.OK;
    }
}

package io.dynoscope.cli;

import io.dynoscope.core.model.ModelDocument;
import io.dynoscope.core.model.ModelJson;
import io.dynoscope.core.planner.Finding;
import io.dynoscope.core.planner.PatternSpec;
import io.dynoscope.service.model.ModelPlanning;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code dynoscope model plan}: a single-table design proposed from a plan request. */
@Command(
        name = "plan",
        mixinStandardHelpOptions = true,
        description =
                "Read a plan request (the table, its entities and its access patterns in your own"
                        + " words; see docs/model.md) and print the proposed model in Dynoscope's model"
                        + " format on stdout, with example items; how each pattern was read and what"
                        + " the review found (limits, sparse indexes, trade-offs, monthly cost) go to"
                        + " stderr. Exit 0 when every pattern is served by one request, 3 otherwise"
                        + " (saying which and why), 2 for a bad file. Then model load FILE --with-data"
                        + " and model check FILE --table T run on what it printed.")
final class ModelPlanCommand implements Callable<Integer> {

    @ParentCommand private ModelCommand model;

    @Parameters(index = "0", paramLabel = "FILE", description = "The plan request (- for stdin).")
    private Path file;

    @Override
    public Integer call() {
        DynoscopeCli cli = model.cli();
        ModelPlanning.Proposal proposal =
                CliException.orUsage(
                        file.toString(), () -> ModelPlanning.plan(TextFiles.read(file, cli.in())));
        cli.out().print(ModelJson.write(ModelDocument.of(proposal.plan().design())));
        for (PatternSpec reading : proposal.readings()) {
            cli.err().println("read: " + reading.words() + " -> " + describe(reading));
            reading.alternative().ifPresent(a -> cli.err().println("      (" + a + ")"));
        }
        for (Finding finding : proposal.plan().findings()) {
            cli.err()
                    .println(
                            finding.severity()
                                    + " "
                                    + finding.subject()
                                    + ": "
                                    + finding.message());
        }
        List<String> notServed = proposal.notServed();
        notServed.forEach(line -> cli.err().println("not one request: " + line));
        int patterns = proposal.readings().size();
        cli.err()
                .println(
                        (patterns - notServed.size())
                                + " of "
                                + patterns
                                + " access patterns served by one request in the proposal");
        return notServed.isEmpty() ? ExitCodes.OK : ExitCodes.CHECK_FAILED;
    }

    /**
     * A reading as one line: {@code loan given memberId, status; many; newest first by loanedAt}.
     */
    static String describe(PatternSpec reading) {
        StringBuilder text = new StringBuilder(String.join(" with ", reading.returns()));
        text.append(
                reading.given().isEmpty()
                        ? ", given nothing"
                        : ", given " + String.join(", ", reading.given()));
        text.append(reading.many() ? ", many" : ", one");
        reading.range()
                .ifPresent(
                        r ->
                                text.append(", range of ")
                                        .append(r.attribute())
                                        .append(" (")
                                        .append(r.kind())
                                        .append(')'));
        reading.order()
                .ifPresent(
                        o ->
                                text.append(", by ")
                                        .append(o.attribute())
                                        .append(o.descending() ? " descending" : " ascending"));
        if (reading.limit() > 0) {
            text.append(", limit ").append(reading.limit());
        }
        if (reading.count()) {
            text.append(", count only");
        }
        return text.toString();
    }
}

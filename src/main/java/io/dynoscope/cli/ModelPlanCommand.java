package io.dynoscope.cli;

import io.dynoscope.core.model.ModelDocument;
import io.dynoscope.core.model.ModelJson;
import io.dynoscope.core.planner.Finding;
import io.dynoscope.core.planner.PatternSpec;
import io.dynoscope.service.model.ModelPlanning;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
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
                        + " stderr, one structured line a reading, the unsure ones last with why."
                        + " Exit 0 when every pattern is served by one request and every reading is"
                        + " sure (or corrected in the plan file), 3 otherwise (saying which and"
                        + " why), 2 for a bad file. Then model load FILE --with-data"
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
        List<PatternSpec> unsure =
                proposal.readings().stream().filter(PatternSpec::isUnsure).toList();
        for (PatternSpec reading : proposal.readings()) {
            if (!reading.isUnsure()) {
                printReading(cli, "read", reading);
            }
        }
        for (PatternSpec reading : unsure) {
            printReading(cli, "unsure", reading);
            reading.unsure().forEach(why -> cli.err().println("      why: " + why));
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
        if (!unsure.isEmpty()) {
            cli.err()
                    .println(
                            unsure.size()
                                    + " of "
                                    + patterns
                                    + " readings unsure: confirm or correct each beside its"
                                    + " sentence in the plan file (entity, given, range, order,"
                                    + " limit, along) or in the Model tab's row");
        }
        cli.err()
                .println(
                        (patterns - notServed.size())
                                + " of "
                                + patterns
                                + " access patterns served by one request in the proposal");
        return notServed.isEmpty() && unsure.isEmpty() ? ExitCodes.OK : ExitCodes.CHECK_FAILED;
    }

    private static void printReading(DynoscopeCli cli, String label, PatternSpec reading) {
        cli.err().println(label + ": " + reading.words());
        cli.err().println("      " + describe(reading));
        reading.alternative().ifPresent(a -> cli.err().println("      (" + a + ")"));
    }

    /**
     * A reading as one structured line: {@code returns loan (many) · given memberId, status · range
     * loanedAt BETWEEN · order loanedAt descending · limit none · along with nothing}.
     */
    static String describe(PatternSpec reading) {
        String returns =
                "returns "
                        + reading.entity()
                        + (reading.count() ? " (count)" : reading.many() ? " (many)" : " (one)")
                        + (reading.kind().write()
                                ? ", a " + reading.kind().name().toLowerCase(Locale.ROOT) + " write"
                                : "");
        String given =
                "given "
                        + (reading.given().isEmpty()
                                ? "nothing"
                                : String.join(", ", reading.given()));
        String range =
                "range " + reading.range().map(r -> r.attribute() + " " + r.kind()).orElse("none");
        String order =
                "order "
                        + reading.order()
                                .map(
                                        o ->
                                                o.attribute()
                                                        + (o.descending()
                                                                ? " descending"
                                                                : " ascending"))
                                .orElse("none");
        String limit = "limit " + (reading.limit() > 0 ? reading.limit() : "none");
        List<String> along = reading.returns().subList(1, reading.returns().size());
        String with = "along with " + (along.isEmpty() ? "nothing" : String.join(", ", along));
        return String.join(" · ", returns, given, range, order, limit, with);
    }
}

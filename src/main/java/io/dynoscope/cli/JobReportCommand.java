package io.dynoscope.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.service.migration.MigrationReport;
import io.dynoscope.service.migration.MigrationReports;
import io.dynoscope.service.migration.PassTally;
import io.dynoscope.service.migration.PassTally.Count;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code dynoscope job report FILE}: a finished job's report. A migration report (the desktop's
 * format, which the migrate job writes) is read back into the lines {@code model migrate} prints,
 * with its exit code; a partitions report (JSON) or a drift-fix report (lines) is printed as is.
 */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        description =
                "Print the report a job wrote: a migration report as model migrate's lines (exit 0"
                        + " proven, 3 proof failed, 1 stopped), any other report as it is.")
final class JobReportCommand implements Callable<Integer> {

    private static final ObjectMapper JSON = new ObjectMapper();

    @ParentCommand private JobCommand job;

    @Parameters(index = "0", paramLabel = "FILE")
    private Path file;

    @Override
    public Integer call() throws IOException {
        if (!Files.isRegularFile(file)) {
            throw CliException.usage(file + " is not a file");
        }
        String text = Files.readString(file, StandardCharsets.UTF_8);
        JsonNode report;
        try {
            report = JSON.readTree(text);
        } catch (JsonProcessingException notJson) {
            report = null;
        }
        if (report == null
                || !"dynoscope-migration-report".equals(report.path("format").asText())) {
            job.cli.out().print(text);
            return ExitCodes.OK;
        }
        String outcome = report.path("outcome").asText();
        DynoscopeCli cli = job.cli;
        cli.out()
                .println(
                        "Migration of table '"
                                + report.path("table").asText()
                                + "' to "
                                + report.path("target").asText()
                                + ": "
                                + MigrationReports.outcome(MigrationReport.Outcome.valueOf(outcome))
                                + " in "
                                + report.path("seconds").asText()
                                + " s (started "
                                + report.path("started").asText()
                                + ")");
        report.path("indexesCreated")
                .forEach(i -> cli.out().println("  index created: " + i.asText()));
        cli.out().println("  backfill: " + MigrationReports.summary(pass(report.path("backfill"))));
        int n = 0;
        for (JsonNode catchUp : report.path("catchUps")) {
            cli.out()
                    .println(
                            "  catch-up pass "
                                    + ++n
                                    + ": "
                                    + MigrationReports.summary(pass(catchUp)));
        }
        JsonNode proof = report.path("proof");
        if (!proof.isMissingNode()) {
            cli.out().println("Proof: " + (proof.path("passed").asBoolean() ? "passed" : "FAILED"));
            for (JsonNode pattern : proof.path("accessPatterns")) {
                cli.out()
                        .println(
                                "  "
                                        + (pattern.path("served").asBoolean() ? "ok   " : "FAIL ")
                                        + pattern.path("name").asText()
                                        + ": "
                                        + pattern.path("reason").asText());
            }
            cli.out()
                    .println(
                            "  verification: "
                                    + MigrationReports.summary(pass(proof.path("verification"))));
            proof.path("failures").forEach(f -> cli.out().println("  failed: " + f.asText()));
        }
        if (!report.path("stoppedBy").isNull() && !report.path("stoppedBy").isMissingNode()) {
            cli.out().println("Stopped: " + report.path("stoppedBy").asText());
        }
        return switch (outcome) {
            case "PROVEN" -> ExitCodes.OK;
            case "PROOF_FAILED" -> ExitCodes.CHECK_FAILED;
            default -> ExitCodes.SERVICE_ERROR;
        };
    }

    /** A pass of the report's JSON as the tally it was written from (counts and entities). */
    private static PassTally pass(JsonNode node) {
        Map<Count, Long> counts = new EnumMap<>(Count.class);
        for (Count count : Count.values()) {
            counts.put(count, node.path(count.name().toLowerCase(Locale.ROOT)).asLong());
        }
        Map<String, Long> entities = new TreeMap<>();
        Iterator<Map.Entry<String, JsonNode>> fields = node.path("itemsPerEntity").fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> entity = fields.next();
            entities.put(entity.getKey(), entity.getValue().asLong());
        }
        return new PassTally(counts, entities, Map.of(), Map.of());
    }
}

package io.dynoscope.service.migration;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.service.migration.PassTally.Count;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A migration report file (the desktop's {@code dynoscope-migration-report} JSON, which the migrate
 * job writes) read back into the lines {@code model migrate} prints: for {@code job report} and the
 * window's Run on a cluster….
 */
public final class MigrationReportFile {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The report's lines and its outcome. */
    public record Read(List<String> lines, MigrationReport.Outcome outcome) {
        public Read {
            lines = List.copyOf(lines);
        }
    }

    private MigrationReportFile() {}

    /** The report in {@code text}, or empty when it is not a migration report. */
    public static Optional<Read> read(String text) {
        JsonNode report;
        try {
            report = JSON.readTree(text);
        } catch (JsonProcessingException notJson) {
            return Optional.empty();
        }
        if (report == null
                || !"dynoscope-migration-report".equals(report.path("format").asText())) {
            return Optional.empty();
        }
        MigrationReport.Outcome outcome =
                MigrationReport.Outcome.valueOf(report.path("outcome").asText());
        List<String> lines = new ArrayList<>();
        lines.add(
                "Migration of table '"
                        + report.path("table").asText()
                        + "' to "
                        + report.path("target").asText()
                        + ": "
                        + MigrationReports.outcome(outcome)
                        + " in "
                        + report.path("seconds").asText()
                        + " s (started "
                        + report.path("started").asText()
                        + ")");
        report.path("indexesCreated").forEach(i -> lines.add("  index created: " + i.asText()));
        lines.add("  backfill: " + MigrationReports.summary(pass(report.path("backfill"))));
        int n = 0;
        for (JsonNode catchUp : report.path("catchUps")) {
            lines.add("  catch-up pass " + ++n + ": " + MigrationReports.summary(pass(catchUp)));
        }
        JsonNode proof = report.path("proof");
        if (!proof.isMissingNode()) {
            lines.add("Proof: " + (proof.path("passed").asBoolean() ? "passed" : "FAILED"));
            for (JsonNode pattern : proof.path("accessPatterns")) {
                lines.add(
                        "  "
                                + (pattern.path("served").asBoolean() ? "ok   " : "FAIL ")
                                + pattern.path("name").asText()
                                + ": "
                                + pattern.path("reason").asText());
            }
            lines.add(
                    "  verification: "
                            + MigrationReports.summary(pass(proof.path("verification"))));
            proof.path("failures").forEach(f -> lines.add("  failed: " + f.asText()));
        }
        if (!report.path("stoppedBy").isNull() && !report.path("stoppedBy").isMissingNode()) {
            lines.add("Stopped: " + report.path("stoppedBy").asText());
        }
        return Optional.of(new Read(lines, outcome));
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

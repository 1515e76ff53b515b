package io.dynoscope.service.migration;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dynoscope.core.file.OutputFile;
import io.dynoscope.core.migration.MigrationPlan;
import io.dynoscope.core.model.ModelJson;
import io.dynoscope.core.model.Question;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.service.migration.PassTally.Count;
import io.dynoscope.service.model.AccessPatternCheck;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A migration's report in words, and as the JSON document saved with the target model: the report
 * and the model it proves, so the file says which design the table was migrated to and how it was
 * shown to hold.
 */
public final class MigrationReports {

    /** What the saved report's name adds to the target model file's name. */
    public static final String SUFFIX = ".migration-report.json";

    private static final ObjectMapper JSON =
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private MigrationReports() {}

    /** Where the report of a migration to {@code target} is saved: beside it. */
    public static Path besideModel(Path target) {
        String name = target.getFileName().toString();
        String base = name.endsWith(".json") ? name.substring(0, name.length() - 5) : name;
        return target.resolveSibling(base + SUFFIX);
    }

    /** The report, one line each. */
    public static List<String> lines(MigrationReport report) {
        List<String> lines = new ArrayList<>();
        lines.add(
                "Migration of table '"
                        + report.table()
                        + "' to "
                        + report.target()
                        + ": "
                        + outcome(report)
                        + " in "
                        + seconds(report.elapsed().toMillis()));
        report.indexesCreated().forEach(i -> lines.add("  index created: " + i));
        lines.add("  backfill: " + summary(report.backfill()));
        for (int i = 0; i < report.catchUps().size(); i++) {
            lines.add("  catch-up pass " + (i + 1) + ": " + summary(report.catchUps().get(i)));
        }
        examples(lines, report.backfill(), Count.OF_NO_ENTITY, "of no entity, not touched");
        examples(lines, report.backfill(), Count.UNCOMPUTABLE, "not computable, not touched");
        examples(
                lines,
                report.backfill(),
                Count.LEFT_OUT,
                "lacking a value a template reads, left out of that index");
        examples(lines, report.backfill(), Count.FAILED, "whose write failed");
        MigrationReport.Proof proof = report.proof();
        if (proof != null) {
            lines.add("Proof: " + (proof.passed() ? "passed" : "FAILED"));
            for (AccessPatternCheck.Outcome outcome : proof.check().outcomes()) {
                lines.add(
                        "  "
                                + (Proofs.served(outcome) ? "ok   " : "FAIL ")
                                + outcome.pattern().name()
                                + ": "
                                + outcome.statistics().summary()
                                + " - "
                                + outcome.reason());
            }
            lines.add(
                    "  verification: "
                            + proof.verification().count(Count.READ)
                            + " items read, "
                            + proof.verification().count(Count.ALREADY_RIGHT)
                            + " with every computed attribute right, "
                            + proof.verification().count(Count.DISAGREEING)
                            + " disagreeing, "
                            + proof.verification().count(Count.LEFT_OUT)
                            + " left out of an index (lacking a value its template reads)");
            counts(lines, proof.countsBefore(), proof.countsAfter());
            lines.add("  other attributes: " + content(report, proof));
            proof.failures().forEach(f -> lines.add("  failed: " + f));
        }
        if (report.cleanup() != null || !report.indexesRemoved().isEmpty()) {
            lines.add(
                    "Cleanup: "
                            + (report.indexesRemoved().isEmpty()
                                    ? ""
                                    : "deleted index "
                                            + String.join(", ", report.indexesRemoved())
                                            + "; ")
                            + (report.cleanup() == null
                                    ? "no attribute to remove"
                                    : report.cleanup().count(Count.REMOVED) + " items cleaned up"));
        }
        if (report.stoppedBy() != null) {
            lines.add("Stopped: " + report.stoppedBy());
        }
        return lines;
    }

    private static String outcome(MigrationReport report) {
        return outcome(report.outcome());
    }

    /** An outcome in the report's words: {@code applied and proven}, ... */
    public static String outcome(MigrationReport.Outcome outcome) {
        return switch (outcome) {
            case PROVEN -> "applied and proven";
            case PROOF_FAILED -> "applied, the proof FAILED";
            case STOPPED -> "stopped by a failure";
            case CANCELLED -> "cancelled";
        };
    }

    private static String content(MigrationReport report, MigrationReport.Proof proof) {
        return switch (proof.content()) {
            case SAME -> "byte-identical before and after in every entity";
            case NOT_COMPARABLE ->
                    "not compared: other writers changed "
                            + report.changesSeen()
                            + " items meanwhile (the comparison holds on a table nobody else"
                            + " writes); differing: "
                            + String.join(", ", proof.changed());
            case DIFFERENT -> "DIFFER: " + String.join(", ", proof.changed());
        };
    }

    /**
     * A pass in a line: read, updated, already right, changed and deleted meanwhile, left alone.
     */
    public static String summary(PassTally pass) {
        return pass.count(Count.READ)
                + " read, "
                + pass.count(Count.UPDATED)
                + " updated, "
                + pass.count(Count.ALREADY_RIGHT)
                + " already right, "
                + pass.count(Count.CHANGED_MEANWHILE)
                + " changed meanwhile (re-read and recomputed), "
                + pass.count(Count.DELETED_MEANWHILE)
                + " deleted meanwhile, "
                + pass.count(Count.OF_NO_ENTITY)
                + " of no entity, "
                + pass.count(Count.UNCOMPUTABLE)
                + " not computable, "
                + pass.count(Count.LEFT_OUT)
                + " left out of an index, "
                + pass.count(Count.FAILED)
                + " failed";
    }

    private static void examples(List<String> lines, PassTally pass, Count count, String what) {
        if (pass.count(count) > 0) {
            lines.add(
                    "  "
                            + pass.count(count)
                            + " items "
                            + what
                            + ", e.g. "
                            + String.join("; ", pass.examples(count)));
        }
    }

    private static String seconds(long millis) {
        return String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
    }

    /** Counts per entity, before and after, one line each. */
    private static void counts(
            List<String> lines, Map<String, Long> before, Map<String, Long> after) {
        TreeSet<String> names = new TreeSet<>(before.keySet());
        names.addAll(after.keySet());
        for (String name : names) {
            lines.add(
                    "  "
                            + name
                            + ": "
                            + before.getOrDefault(name, 0L)
                            + " items before, "
                            + after.getOrDefault(name, 0L)
                            + " after");
        }
    }

    /** The report and the target model as one JSON document. */
    public static String json(MigrationReport report, MigrationPlan plan) {
        ObjectNode root = JSON.createObjectNode();
        root.put("format", "dynoscope-migration-report");
        root.put("version", 1);
        root.put("table", report.table());
        root.put("target", report.target());
        root.put("started", report.started().toString());
        root.put("seconds", report.elapsed().toMillis() / 1000.0);
        root.put("outcome", report.outcome().name());
        report.indexesCreated().forEach(root.withArray("indexesCreated")::add);
        root.set("backfill", pass(report.backfill()));
        ArrayNode catchUps = root.putArray("catchUps");
        report.catchUps().forEach(p -> catchUps.add(pass(p)));
        MigrationReport.Proof proof = report.proof();
        if (proof != null) {
            ObjectNode p = root.putObject("proof");
            p.put("passed", proof.passed());
            ArrayNode patterns = p.putArray("accessPatterns");
            for (AccessPatternCheck.Outcome outcome : proof.check().outcomes()) {
                ObjectNode o = patterns.addObject();
                o.put("name", outcome.pattern().name());
                ObjectNode parameters = o.putObject("parameters");
                new TreeMap<>(outcome.parameters())
                        .forEach((name, value) -> parameters.put(name, Question.text(value)));
                o.put("request", outcome.request());
                o.put("requests", outcome.statistics().requests());
                o.put("scanned", outcome.statistics().scannedCount());
                o.put("returned", outcome.statistics().returnedCount());
                o.put("asDesigned", outcome.asDesigned());
                o.put("served", Proofs.served(outcome));
                o.put("reason", outcome.reason());
            }
            p.set("verification", pass(proof.verification()));
            ObjectNode counts = p.putObject("itemsPerEntity");
            TreeSet<String> names = new TreeSet<>(proof.countsBefore().keySet());
            names.addAll(proof.countsAfter().keySet());
            for (String name : names) {
                ObjectNode c = counts.putObject(name);
                c.put("before", proof.countsBefore().getOrDefault(name, 0L));
                c.put("after", proof.countsAfter().getOrDefault(name, 0L));
            }
            p.put("otherAttributes", proof.content().name());
            proof.changed().forEach(p.withArray("changed")::add);
            proof.failures().forEach(p.withArray("failures")::add);
        }
        if (report.cleanup() != null) {
            root.set("cleanup", pass(report.cleanup()));
        }
        report.indexesRemoved().forEach(root.withArray("indexesRemoved")::add);
        root.put("stoppedBy", report.stoppedBy());
        root.set("model", ModelJson.tableTree(TableDesign.of(plan.target(), List.of())));
        try {
            return JSON.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the migration report", e);
        }
    }

    private static ObjectNode pass(PassTally pass) {
        ObjectNode node = JSON.createObjectNode();
        for (Count count : Count.values()) {
            node.put(count.name().toLowerCase(Locale.ROOT), pass.count(count));
        }
        ObjectNode entities = node.putObject("itemsPerEntity");
        new TreeSet<>(pass.entities().keySet())
                .forEach(e -> entities.put(e, pass.entities().get(e)));
        ObjectNode examples = node.putObject("examples");
        pass.examples()
                .forEach(
                        (count, keys) -> {
                            ArrayNode list =
                                    examples.putArray(count.name().toLowerCase(Locale.ROOT));
                            keys.forEach(list::add);
                        });
        return node;
    }

    /** Writes the report beside (or at) {@code file}, atomically. */
    public static void save(Path file, MigrationReport report, MigrationPlan plan)
            throws IOException {
        byte[] bytes = json(report, plan).getBytes(StandardCharsets.UTF_8);
        OutputFile.check(file).write(out -> out.write(bytes));
    }
}

package io.dynoscope.core.migration;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dynoscope.core.migration.MigrationPlan.Estimate;
import io.dynoscope.core.migration.MigrationPlan.IndexTiming;
import io.dynoscope.core.migration.MigrationPlan.NewIndexCost;
import io.dynoscope.core.migration.ModelDiff.AttributeChange;
import io.dynoscope.core.migration.ModelDiff.EntityChange;
import io.dynoscope.core.migration.ModelDiff.IndexAction;
import io.dynoscope.core.migration.ModelDiff.IndexChange;
import io.dynoscope.core.migration.ModelDiff.PatternChange;
import io.dynoscope.core.migration.SampleTally.EntityTally;
import io.dynoscope.core.table.Prices;
import io.dynoscope.core.table.SecondaryIndex;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** A migration plan in words a person can read, and as a JSON document for scripts. */
public final class PlanText {

    private static final ObjectMapper JSON =
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private PlanText() {}

    /** The plan, one line each, in sections: indexes, entities, access patterns, cost, writers. */
    public static List<String> lines(MigrationPlan plan) {
        List<String> lines = new ArrayList<>();
        lines.add(
                "Migration of table '"
                        + plan.table()
                        + "' from "
                        + plan.currentSource()
                        + " to "
                        + plan.targetSource());
        SampleTally sample = plan.sample();
        lines.add(
                "  sample: "
                        + count(sample.sampled(), "item")
                        + (sample.wholeTable() ? " (the whole table)" : "")
                        + ", "
                        + bytes(sample.sampleBytes())
                        + (sample.wholeTable()
                                ? ""
                                : plan.facts().itemCount() > sample.sampled()
                                        ? "; the table holds about "
                                                + number(plan.facts().itemCount())
                                                + " items, figures below are scaled to it"
                                        : "; DescribeTable does not say how many items the"
                                                + " table holds, so the figures below are the"
                                                + " sample's"));
        if (plan.refused()) {
            lines.add("Refused: the target cannot be reached in place");
            plan.diff().refusals().forEach(r -> lines.add("  " + r));
            return lines;
        }
        indexLines(plan, lines);
        entityLines(plan, lines);
        patternLines(plan, lines);
        costLines(plan, lines);
        Set<String> computed = new LinkedHashSet<>();
        plan.diff().entities().stream()
                .flatMap(e -> e.attributes().stream())
                .filter(a -> a.action() != ModelDiff.AttributeAction.UNCHANGED)
                .forEach(a -> computed.add(a.attribute().name()));
        if (!computed.isEmpty()) {
            lines.add("Writers meanwhile");
            lines.add(
                    "  applications that keep writing without "
                            + String.join(", ", computed)
                            + " open a gap the catch-up passes close; to avoid it, deploy the"
                            + " writer of the new attributes first, then migrate");
        }
        List<String> cleanup = cleanup(plan);
        if (!cleanup.isEmpty()) {
            lines.add("Cleanup (only when asked, after the proof passed)");
            cleanup.forEach(c -> lines.add("  " + c));
        }
        plan.diff().notes().forEach(n -> lines.add("Note: " + n));
        return lines;
    }

    private static void indexLines(MigrationPlan plan, List<String> lines) {
        if (plan.diff().indexes().isEmpty()) {
            return;
        }
        lines.add("Indexes");
        for (IndexChange change : plan.diff().indexes()) {
            SecondaryIndex index = change.index();
            String keys =
                    index.keySchema().partitionKey()
                            + index.keySchema().sortKey().map(sk -> " / " + sk).orElse("")
                            + ", "
                            + index.projectionType();
            switch (change.action()) {
                case CREATE -> {
                    IndexTiming timing =
                            plan.timings().stream()
                                    .filter(t -> t.index().equals(index.name()))
                                    .findFirst()
                                    .orElseThrow();
                    lines.add(
                            "  create "
                                    + index.name()
                                    + " ("
                                    + keys
                                    + ") "
                                    + (timing.when() == MigrationPlan.When.BEFORE_BACKFILL
                                            ? "before"
                                            : "after")
                                    + " the backfill, waiting until it is ACTIVE: "
                                    + timing.reason()
                                    + " ("
                                    + number(timing.costBefore())
                                    + " write units before, "
                                    + number(timing.costAfter())
                                    + " after)");
                }
                case KEEP -> lines.add("  keep " + index.name() + " (" + keys + ")");
                case REMOVE ->
                        lines.add(
                                "  "
                                        + index.name()
                                        + " ("
                                        + keys
                                        + ") is not in the target: cleanup deletes it, when asked");
            }
        }
    }

    private static void entityLines(MigrationPlan plan, List<String> lines) {
        lines.add("Entities");
        for (EntityChange entity : plan.diff().entities()) {
            EntityTally tally = plan.sample().entities().get(entity.entity());
            double scale = MigrationPlan.scale(plan.sample(), plan.facts());
            String counts =
                    tally == null
                            ? ""
                            : " ("
                                    + count(Math.round(tally.items() * scale), "item")
                                    + ", "
                                    + number(Math.round(tally.toUpdate() * scale))
                                    + " to update)";
            lines.add(
                    "  "
                            + entity.entity()
                            + (entity.renamed() ? " (was " + entity.currentName() + ")" : "")
                            + counts
                            + (entity.attributes().isEmpty() ? ": computes nothing" : ""));
            for (AttributeChange change : entity.attributes()) {
                lines.add(
                        "    "
                                + switch (change.action()) {
                                    case NEW -> "compute  ";
                                    case TEMPLATE_CHANGED -> "recompute";
                                    case RENAMED -> "rename   ";
                                    case UNCHANGED -> "keep     ";
                                }
                                + " "
                                + change.attribute().describe()
                                + switch (change.action()) {
                                    case TEMPLATE_CHANGED -> " (was " + change.before() + ")";
                                    case RENAMED -> " (was " + change.before() + ")";
                                    default -> "";
                                });
            }
            String write = plan.sample().exampleWrites().get(entity.entity());
            if (write != null) {
                lines.add(
                        "    each written only while it still holds what was read, e.g. " + write);
            }
        }
        SampleTally sample = plan.sample();
        if (sample.unmatched() > 0) {
            lines.add(
                    "  "
                            + count(sample.unmatched(), "sampled item")
                            + " of no entity, listed and not touched, e.g. "
                            + String.join(", ", sample.unmatchedExamples()));
        }
        if (sample.uncomputable() > 0) {
            lines.add(
                    "  "
                            + count(sample.uncomputable(), "sampled item")
                            + " whose attributes cannot be computed, listed and not touched, e.g. "
                            + String.join("; ", sample.uncomputableExamples()));
        }
    }

    private static void patternLines(MigrationPlan plan, List<String> lines) {
        if (plan.diff().accessPatterns().isEmpty()) {
            return;
        }
        lines.add("Access patterns served differently");
        for (PatternChange change : plan.diff().accessPatterns()) {
            lines.add(
                    "  "
                            + change.action().name().toLowerCase(Locale.ROOT)
                            + " '"
                            + change.name()
                            + "': "
                            + switch (change.action()) {
                                case ADDED -> change.after();
                                case REMOVED -> "was " + change.before();
                                case CHANGED -> change.after() + " (was " + change.before() + ")";
                            });
        }
    }

    private static void costLines(MigrationPlan plan, List<String> lines) {
        Estimate estimate = plan.estimate();
        lines.add("Cost");
        lines.add(
                "  backfill: "
                        + number(estimate.itemsToUpdate())
                        + " UpdateItem ("
                        + number(estimate.writeUnits())
                        + " write units on the table, "
                        + number(estimate.indexWriteUnits())
                        + " on its indexes); "
                        + number(estimate.readUnitsPerPass())
                        + " read units per full read of the table, at least "
                        + estimate.passes()
                        + " reads (backfill, a catch-up pass, the verification)");
        lines.add("  time: about " + duration(estimate.time()) + " (" + estimate.timeBasis() + ")");
        if (!plan.facts().provisioned()) {
            lines.add(
                    String.format(
                            Locale.ROOT,
                            "  price: about $%.4f (%s)",
                            estimate.dollars(),
                            Prices.BASIS));
        }
        for (NewIndexCost index : estimate.newIndexes()) {
            lines.add(
                    String.format(
                            Locale.ROOT,
                            "  new index %s: %s items, %.4f GB, $%.4f a month to store; each"
                                    + " write of one of its items adds %.1f write units",
                            index.index(),
                            number(index.items()),
                            index.gigabytes(),
                            index.monthlyStorageDollars(),
                            index.writeUnitsPerWrite()));
            SampleTally.IndexTally tally = plan.sample().indexes().get(index.index());
            if (tally != null && tally.leftOutByType() > 0) {
                lines.add(
                        "  warning: "
                                + count(tally.leftOutByType(), "sampled item")
                                + " would be left out of index "
                                + index.index()
                                + ": a key attribute of theirs has another type than the index"
                                + " declares (DynamoDB leaves such items out of the index)");
            }
        }
    }

    /** What cleanup would do, one line each. */
    public static List<String> cleanup(MigrationPlan plan) {
        List<String> cleanup = new ArrayList<>();
        for (IndexChange change : plan.diff().indexes()) {
            if (change.action() == IndexAction.REMOVE) {
                cleanup.add("delete index " + change.index().name());
            }
        }
        for (EntityChange entity : plan.diff().entities()) {
            if (!entity.removed().isEmpty()) {
                cleanup.add(
                        "remove "
                                + String.join(", ", entity.removed())
                                + " from every "
                                + entity.entity());
            }
        }
        return cleanup;
    }

    /** The plan as a JSON document. */
    public static String json(MigrationPlan plan) {
        ObjectNode root = JSON.createObjectNode();
        root.put("table", plan.table());
        root.put("from", plan.currentSource());
        root.put("to", plan.targetSource());
        root.put("refused", plan.refused());
        plan.diff().refusals().forEach(root.withArray("refusals")::add);
        ObjectNode sample = root.putObject("sample");
        sample.put("items", plan.sample().sampled());
        sample.put("wholeTable", plan.sample().wholeTable());
        sample.put("bytes", plan.sample().sampleBytes());
        sample.put("ofNoEntity", plan.sample().unmatched());
        sample.put("uncomputable", plan.sample().uncomputable());
        ArrayNode indexes = root.putArray("indexes");
        for (IndexChange change : plan.diff().indexes()) {
            ObjectNode index = indexes.addObject();
            index.put("name", change.index().name());
            index.put("action", change.action().name());
            if (change.action() == IndexAction.CREATE) {
                index.put("when", plan.whenCreated(change.index().name()).name());
            }
        }
        ArrayNode entities = root.putArray("entities");
        for (EntityChange change : plan.diff().entities()) {
            ObjectNode entity = entities.addObject();
            entity.put("name", change.entity());
            entity.put("was", change.currentName());
            EntityTally tally = plan.sample().entities().get(change.entity());
            if (tally != null) {
                entity.put("sampledItems", tally.items());
                entity.put("sampledToUpdate", tally.toUpdate());
            }
            entity.put("exampleWrite", plan.sample().exampleWrites().get(change.entity()));
            ArrayNode attributes = entity.putArray("attributes");
            for (AttributeChange attribute : change.attributes()) {
                ObjectNode a = attributes.addObject();
                a.put("name", attribute.attribute().name());
                a.put("template", attribute.attribute().template().text());
                a.put("index", attribute.attribute().index());
                a.put("action", attribute.action().name());
                a.put("was", attribute.before());
            }
            change.removed().forEach(entity.withArray("removedAtCleanup")::add);
        }
        ArrayNode patterns = root.putArray("accessPatterns");
        for (PatternChange change : plan.diff().accessPatterns()) {
            ObjectNode p = patterns.addObject();
            p.put("name", change.name());
            p.put("action", change.action().name());
            p.put("before", change.before());
            p.put("after", change.after());
        }
        Estimate estimate = plan.estimate();
        ObjectNode cost = root.putObject("estimate");
        cost.put("itemsToUpdate", estimate.itemsToUpdate());
        cost.put("writeUnits", estimate.writeUnits());
        cost.put("indexWriteUnits", estimate.indexWriteUnits());
        cost.put("readUnitsPerPass", estimate.readUnitsPerPass());
        cost.put("passes", estimate.passes());
        cost.put("seconds", estimate.time().toMillis() / 1000.0);
        cost.put("dollars", estimate.dollars());
        plan.diff().notes().forEach(root.withArray("notes")::add);
        try {
            return JSON.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the plan", e);
        }
    }

    static String count(long n, String noun) {
        return number(n) + " " + noun + (n == 1 ? "" : "s");
    }

    static String number(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    static String bytes(long bytes) {
        if (bytes < 1024) {
            return bytes + " bytes";
        }
        if (bytes < 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f KB", bytes / 1024.0);
        }
        return String.format(Locale.ROOT, "%.1f MB", bytes / (1024.0 * 1024));
    }

    static String duration(Duration duration) {
        long seconds = duration.toSeconds();
        if (seconds < 1) {
            return duration.toMillis() + " ms";
        }
        if (seconds < 120) {
            return seconds + " s";
        }
        if (seconds < 7200) {
            return (seconds / 60) + " min";
        }
        return String.format(Locale.ROOT, "%.1f h", seconds / 3600.0);
    }
}

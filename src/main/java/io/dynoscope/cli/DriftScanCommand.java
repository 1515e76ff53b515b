package io.dynoscope.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import io.dynoscope.core.drift.DenormalizationRule;
import io.dynoscope.core.drift.DriftReport;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.drift.DriftDetection;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code dynoscope drift scan}: detection for every rule of a rule file; exit 3 when a copy
 * drifted.
 */
@Command(
        name = "scan",
        mixinStandardHelpOptions = true,
        description =
                "Compare every copy with its source for each rule of the file. Exit 0 when no copy drifted, "
                        + "3 when some did (usable in a CI pipeline). Copies whose source is missing are listed but are not drift.")
final class DriftScanCommand implements Callable<Integer> {

    @ParentCommand private DriftCommand drift;

    @Mixin private RuleOptions input;

    @Option(
            names = "--json",
            description =
                    "Print one JSON document listing every drifted copy with its full key, "
                            + "its value and the source's value (DynamoDB JSON).")
    private boolean json;

    @Override
    public Integer call() {
        DynoscopeCli cli = drift.cli();
        List<DenormalizationRule> rules = input.rules(cli.in());
        List<DriftReport> reports = new ArrayList<>();
        ReadStatistics reads = ReadStatistics.NONE;
        try (ConnectionServices services = cli.services()) {
            DriftDetection detection = services.driftDetection();
            for (DenormalizationRule rule : rules) {
                DriftDetection.Result result =
                        detection.detect(input.table, rule, progress -> {}, Cancellation.none());
                reports.add(result.report());
                reads = reads.plus(result.reads());
            }
        }
        if (json) {
            cli.out().println(json(reports));
        } else {
            printText(cli, reports);
        }
        cli.printStatistics(reads);
        return reports.stream().anyMatch(DriftReport::hasDrift)
                ? ExitCodes.DRIFT_FOUND
                : ExitCodes.OK;
    }

    private static void printText(DynoscopeCli cli, List<DriftReport> reports) {
        int drifted = 0;
        int copies = 0;
        int orphans = 0;
        for (DriftReport report : reports) {
            printDrifted(cli, report);
            printOrphans(cli, report);
            drifted += report.driftedCopies().size();
            copies += report.copyCount();
            orphans += report.orphans().size();
        }
        cli.out()
                .println(
                        "rules="
                                + reports.size()
                                + " copies="
                                + copies
                                + " drifted="
                                + drifted
                                + " orphans="
                                + orphans);
    }

    /** The rule's line, and each source with drifted copies, followed by those copies. */
    private static void printDrifted(DynoscopeCli cli, DriftReport report) {
        DenormalizationRule rule = report.rule();
        String copyPath = rule.copies().attribute().toString();
        cli.out()
                .println(
                        "rule '"
                                + rule.name()
                                + "': "
                                + rule.copies().lookup()
                                + " ("
                                + rule.costDescription()
                                + ")");
        for (DriftReport.SourceReport source : report.sources()) {
            if (source.drifted().isEmpty()) {
                continue;
            }
            cli.out()
                    .println(
                            "  "
                                    + source.source().text()
                                    + "  "
                                    + rule.source().attribute()
                                    + " = "
                                    + ItemJson.DYNAMODB.write(source.value())
                                    + "  copies="
                                    + source.copies()
                                    + " drifted="
                                    + source.drifted().size());
            for (DriftReport.DriftedCopy copy : source.drifted()) {
                cli.out()
                        .println(
                                "    "
                                        + copy.copy().text()
                                        + "  "
                                        + copyPath
                                        + " = "
                                        + ItemJson.DYNAMODB.write(copy.copyValue())
                                        + (copy.typeDiffers() ? "  (another type)" : ""));
            }
        }
    }

    /** The copies whose source is missing or lacks the copied attribute. */
    private static void printOrphans(DynoscopeCli cli, DriftReport report) {
        DenormalizationRule rule = report.rule();
        String copyPath = rule.copies().attribute().toString();
        for (DriftReport.OrphanCopy orphan : report.orphans()) {
            cli.out()
                    .println(
                            "  orphan "
                                    + orphan.copy().text()
                                    + "  "
                                    + copyPath
                                    + " = "
                                    + ItemJson.DYNAMODB.write(orphan.copyValue())
                                    + "  ("
                                    + (orphan.reason() == DriftReport.OrphanReason.SOURCE_MISSING
                                            ? "source "
                                                    + orphan.expectedSource().text()
                                                    + " is missing"
                                            : "source "
                                                    + orphan.expectedSource().text()
                                                    + " has no "
                                                    + rule.source().attribute())
                                    + ")");
        }
    }

    private String json(List<DriftReport> reports) {
        return JsonObjects.write(
                true,
                generator -> {
                    generator.writeStringField("table", input.table);
                    generator.writeNumberField(
                            "drifted",
                            reports.stream().mapToInt(r -> r.driftedCopies().size()).sum());
                    generator.writeArrayFieldStart("rules");
                    for (DriftReport report : reports) {
                        String copyPath = report.rule().copies().attribute().toString();
                        generator.writeStartObject();
                        generator.writeStringField("name", report.rule().name());
                        generator.writeStringField(
                                "lookup", report.rule().copies().lookup().name());
                        generator.writeNumberField("sources", report.sources().size());
                        generator.writeNumberField("copies", report.copyCount());
                        generator.writeArrayFieldStart("drifted");
                        for (DriftReport.DriftedCopy copy : report.driftedCopies()) {
                            generator.writeStartObject();
                            key(generator, "key", copy.copy());
                            generator.writeStringField("attribute", copyPath);
                            value(generator, "value", copy.copyValue());
                            key(generator, "sourceKey", copy.source());
                            generator.writeStringField(
                                    "sourceAttribute",
                                    report.rule().source().attribute().toString());
                            value(generator, "sourceValue", copy.sourceValue());
                            generator.writeBooleanField("typeDiffers", copy.typeDiffers());
                            generator.writeEndObject();
                        }
                        generator.writeEndArray();
                        generator.writeArrayFieldStart("orphans");
                        for (DriftReport.OrphanCopy orphan : report.orphans()) {
                            generator.writeStartObject();
                            key(generator, "key", orphan.copy());
                            generator.writeStringField("attribute", copyPath);
                            value(generator, "value", orphan.copyValue());
                            key(generator, "expectedSourceKey", orphan.expectedSource());
                            generator.writeStringField("reason", orphan.reason().name());
                            generator.writeEndObject();
                        }
                        generator.writeEndArray();
                        generator.writeEndObject();
                    }
                    generator.writeEndArray();
                });
    }

    private static void key(JsonGenerator generator, String field, Key key) throws IOException {
        generator.writeFieldName(field);
        generator.writeRawValue(ItemJson.DYNAMODB.write(key.asItem()));
    }

    private static void value(JsonGenerator generator, String field, AttributeValue value)
            throws IOException {
        generator.writeFieldName(field);
        generator.writeRawValue(ItemJson.DYNAMODB.write(value));
    }
}

package io.dynoscope.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.model.ModelFiles;
import io.dynoscope.core.model.PatternRequests;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.planner.Finding;
import io.dynoscope.core.planner.ModelReview;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.model.AccessPatternCheck;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code dynoscope model check}: runs every access pattern of a model against a live table. */
@Command(
        name = "check",
        mixinStandardHelpOptions = true,
        description =
                "Run every access pattern of the model against the table and report, per pattern,"
                        + " the request sent and requests / RCU / scanned / returned. Exit 0 when each"
                        + " was served as designed (one request, reading no more than twice what it"
                        + " returned, with exactly the items the model's examples say it should"
                        + " return, in the order asked), 3 otherwise. Parameter values come from"
                        + " --param, else the model's items (chosen so the answer is known), else a"
                        + " sample of the table.")
final class ModelCheckCommand implements Callable<Integer> {

    @ParentCommand private ModelCommand model;

    @Parameters(index = "0", paramLabel = "FILE", description = "The model file (either format).")
    private Path file;

    @Option(names = "--table", required = true, paramLabel = "TABLE")
    private String table;

    @Option(
            names = "--param",
            paramLabel = "NAME=VALUE",
            description = "A parameter value, e.g. workspaceId=acme (repeatable).")
    private List<String> parameters = new ArrayList<>();

    @Option(
            names = "--json",
            description =
                    "Print one JSON document with each pattern's request, figures, verdict and"
                            + " items (DynamoDB JSON).")
    private boolean json;

    @Override
    public Integer call() {
        DynoscopeCli cli = model.cli();
        ModelFiles.Read read = ModelFileInput.read(file, cli.in());
        TableDesign design = ModelFileInput.design(read, file, table);
        if (design.model().accessPatterns().isEmpty()) {
            throw CliException.usage(
                    file + ": the model of " + design.table() + " has no access patterns");
        }
        // a model finding, on stderr beside the summary: which entity an item is taken for
        for (Finding finding : ModelReview.overlaps(design.model())) {
            cli.err()
                    .println(
                            finding.severity()
                                    + " "
                                    + finding.subject()
                                    + ": "
                                    + finding.message());
        }
        Map<String, AttributeValue> given = ModelFileInput.parameters(parameters);
        try {
            PatternRequests.checkKeyValues(design.model(), given);
        } catch (IllegalArgumentException e) {
            throw CliException.usage("--param: " + e.getMessage());
        }
        AccessPatternCheck.Report report;
        try (ConnectionServices services = cli.services()) {
            report =
                    services.patternCheck()
                            .check(design, table, given, outcome -> {}, Cancellation.none());
        }
        if (json) {
            cli.out().println(json(report));
        } else {
            for (AccessPatternCheck.Outcome outcome : report.outcomes()) {
                ReadStatistics s = outcome.statistics();
                cli.out()
                        .println(
                                String.format("%-5s", outcome.verdict().label())
                                        + (outcome.verdict().label().length() > 4 ? " " : "")
                                        + outcome.pattern().name()
                                        + ": "
                                        + s.summary()
                                        + " - "
                                        + outcome.reason()
                                        + unsure(outcome));
            }
        }
        cli.err()
                .println(
                        report.served()
                                + " of "
                                + report.outcomes().size()
                                + " access patterns served as designed"
                                + (report.unconfirmed() == 0
                                        ? ""
                                        : ", "
                                                + report.unconfirmed()
                                                + " of them on an unsure reading (unconfirmed)"));
        return report.allOk() ? ExitCodes.OK : ExitCodes.CHECK_FAILED;
    }

    /** Why an unconfirmed pattern's reading is unsure, to correct it. */
    private static String unsure(AccessPatternCheck.Outcome outcome) {
        return outcome.verdict() == AccessPatternCheck.Verdict.UNCONFIRMED
                ? "; the reading is unsure: " + String.join("; ", outcome.pattern().unsure())
                : "";
    }

    private static String json(AccessPatternCheck.Report report) {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = mapper.createObjectNode();
        root.put("table", report.table());
        root.put("allAsDesigned", report.allAsDesigned());
        root.put("allOk", report.allOk());
        ArrayNode patterns = root.putArray("patterns");
        try {
            for (AccessPatternCheck.Outcome outcome : report.outcomes()) {
                ObjectNode p = patterns.addObject();
                ReadStatistics s = outcome.statistics();
                p.put("name", outcome.pattern().name());
                p.put("operation", outcome.pattern().operation().name());
                p.put("index", outcome.pattern().index());
                p.set(
                        "parameters",
                        mapper.readTree(ItemJson.DYNAMODB.write(Item.of(outcome.parameters()))));
                p.put("request", outcome.request());
                p.put("requests", s.requests());
                p.put("consumedCapacity", s.consumedCapacity());
                p.put("scanned", s.scannedCount());
                p.put("returned", s.returnedCount());
                p.put("asDesigned", outcome.asDesigned());
                p.put("reason", outcome.reason());
                p.put("verdict", outcome.verdict().label());
                p.put("probe", outcome.probe());
                ArrayNode expected = p.putArray("expectedKeys");
                for (Key key : outcome.expectedKeys()) {
                    expected.add(mapper.readTree(ItemJson.DYNAMODB.write(key.asItem())));
                }
                ArrayNode returned = p.putArray("returnedKeys");
                for (Key key : outcome.returnedKeys()) {
                    returned.add(mapper.readTree(ItemJson.DYNAMODB.write(key.asItem())));
                }
                ArrayNode items = p.putArray("items");
                for (Item item : outcome.items()) {
                    items.add(mapper.readTree(ItemJson.DYNAMODB.write(item)));
                }
            }
            return mapper.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the check report", e);
        }
    }
}

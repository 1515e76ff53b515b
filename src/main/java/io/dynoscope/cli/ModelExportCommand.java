package io.dynoscope.cli;

import io.dynoscope.core.model.ModelDocument;
import io.dynoscope.core.model.ModelJson;
import io.dynoscope.core.model.NoSqlWorkbenchFormat;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.model.LiveModelInference;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code dynoscope model export}: a table's model as a file of either format. */
@Command(
        name = "export",
        mixinStandardHelpOptions = true,
        description =
                "Print the model of a table in NoSQL Workbench's format or Dynoscope's. The model is"
                        + " inferred from the live table, with its first --items sampled items as the"
                        + " data (exact DynamoDB JSON), or taken from --from FILE (either format, or"
                        + " converted from one to the other). What NoSQL Workbench's format cannot hold"
                        + " is listed on stderr.")
final class ModelExportCommand implements Callable<Integer> {

    @ParentCommand private ModelCommand model;

    @Option(names = "--table", required = true, paramLabel = "TABLE")
    private String table;

    @Option(
            names = "--format",
            required = true,
            paramLabel = "FORMAT",
            description = "workbench (NoSQL Workbench data model) or dynoscope.")
    private String format;

    @Option(
            names = "--from",
            paramLabel = "FILE",
            description =
                    "Export the table's model from this model file instead of the live table.")
    private Path from;

    @Option(
            names = "--sample",
            paramLabel = "N",
            defaultValue = "10000",
            description = "Items the inference reads. Default: ${DEFAULT-VALUE}.")
    private int sample;

    @Option(
            names = "--items",
            paramLabel = "N",
            defaultValue = "25",
            description =
                    "Sampled items written as the model's data (0 keeps only a few examples per"
                            + " entity). Default: ${DEFAULT-VALUE}.")
    private int items;

    @Override
    public Integer call() {
        String chosen = format.toLowerCase(Locale.ROOT);
        if (!chosen.equals("workbench") && !chosen.equals("dynoscope")) {
            throw CliException.usage("--format is workbench or dynoscope, not '" + format + "'");
        }
        if (sample < 1 || items < 0) {
            throw CliException.usage("--sample must be at least 1 and --items at least 0");
        }
        DynoscopeCli cli = model.cli();
        TableDesign design = from == null ? live(cli) : fromFile(cli);
        ModelDocument document = ModelDocument.of(design);
        if (chosen.equals("dynoscope")) {
            cli.out().print(ModelJson.write(document));
        } else {
            NoSqlWorkbenchFormat.Exported exported = NoSqlWorkbenchFormat.write(document);
            cli.out().print(exported.json());
            exported.lost()
                    .forEach(line -> cli.err().println("not in NoSQL Workbench's format: " + line));
        }
        return ExitCodes.OK;
    }

    private TableDesign fromFile(DynoscopeCli cli) {
        TableDesign design =
                ModelCommand.namedOrOnly(ModelCommand.read(from, cli.in()), table)
                        .orElseThrow(
                                () -> CliException.usage(from + " has no table '" + table + "'"));
        // the only table of a file exports under the name asked for
        return design.table().equals(table)
                ? design
                : design.withModel(design.model().with(b -> b.table(table)));
    }

    private TableDesign live(DynoscopeCli cli) {
        try (ConnectionServices services = cli.services()) {
            LiveModelInference.Result result =
                    services.modelInference().infer(table, sample, read -> {}, Cancellation.none());
            TableDesign design = result.model().design();
            if (items == 0) {
                return design;
            }
            return design.withItems(
                    services.sampler().sample(table, items, Cancellation.none()).items());
        }
    }
}

package io.dynoscope.cli;

import io.dynoscope.core.codegen.CodeFormat;
import io.dynoscope.core.codegen.GeneratedCode;
import io.dynoscope.core.model.ModelDocument;
import io.dynoscope.core.model.ModelJson;
import io.dynoscope.core.model.NoSqlWorkbenchFormat;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.model.LiveModelInference;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code dynoscope model export}: a table's model as a model file of either format, or shipped as
 * code: the table as infrastructure code, the entities as application code.
 */
@Command(
        name = "export",
        mixinStandardHelpOptions = true,
        description =
                "Print the model of a table in NoSQL Workbench's format or Dynoscope's, or generate"
                        + " code from it: the table as CloudFormation (JSON or YAML), Terraform (JSON"
                        + " syntax) or a CDK construct, the entities as ElectroDB, dynamodb-toolbox or"
                        + " Java Enhanced Client classes. The model is inferred from the live table,"
                        + " with its first --items sampled items as the data (exact DynamoDB JSON), or"
                        + " taken from --from FILE (either format; every table of the file when"
                        + " generating code without --table). What the format cannot hold is listed on"
                        + " stderr.")
final class ModelExportCommand implements Callable<Integer> {

    @ParentCommand private ModelCommand model;

    @Option(names = "--table", paramLabel = "TABLE")
    private String table;

    @Option(
            names = "--format",
            required = true,
            paramLabel = "FORMAT",
            description =
                    "workbench (NoSQL Workbench data model), dynoscope, or code: cloudformation,"
                            + " cloudformation-yaml, terraform, cdk, electrodb, dynamodb-toolbox or"
                            + " java.")
    private String format;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description =
                    "Write the generated code's files into this folder (made if missing) instead"
                            + " of printing them.")
    private Path out;

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
        Optional<CodeFormat> code = CodeFormat.named(chosen);
        if (!chosen.equals("workbench") && !chosen.equals("dynoscope") && code.isEmpty()) {
            throw CliException.usage(
                    "--format is workbench, dynoscope, "
                            + CodeFormat.names().replace("|", ", ")
                            + ", not '"
                            + format
                            + "'");
        }
        if (sample < 1 || items < 0) {
            throw CliException.usage("--sample must be at least 1 and --items at least 0");
        }
        if (out != null && code.isEmpty()) {
            throw CliException.usage("--out is for the code formats; a model file is printed");
        }
        if (table == null && (from == null || code.isEmpty())) {
            throw CliException.usage(
                    "--table is needed, except when generating code from every table of --from");
        }
        DynoscopeCli cli = model.cli();
        if (code.isPresent()) {
            ModelDocument document =
                    table == null
                            ? ModelFileInput.read(from, cli.in()).document()
                            : ModelDocument.of(from == null ? live(cli) : fromFile(cli));
            return ship(cli, code.get(), document);
        }
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

    /** Generates the code and prints it, or saves it under --out; the format's limits on stderr. */
    private int ship(DynoscopeCli cli, CodeFormat code, ModelDocument document) {
        GeneratedCode generated = code.generator().generate(document);
        generated
                .notExpressed()
                .forEach(
                        line ->
                                cli.err()
                                        .println(
                                                "not expressed in "
                                                        + code.cliName()
                                                        + ": "
                                                        + line));
        if (out != null) {
            try {
                List<Path> saved = generated.saveIn(out);
                saved.forEach(path -> cli.err().println("wrote " + path));
            } catch (IOException e) {
                throw CliException.usage("cannot write the generated code: " + e.getMessage());
            }
            return ExitCodes.OK;
        }
        boolean several = generated.files().size() > 1;
        for (GeneratedCode.File file : generated.files()) {
            if (several) {
                cli.out().println("==> " + file.path() + " <==");
            }
            cli.out().print(file.text());
        }
        return ExitCodes.OK;
    }

    private TableDesign fromFile(DynoscopeCli cli) {
        TableDesign design =
                ModelFileInput.namedOrOnly(ModelFileInput.read(from, cli.in()), table)
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

package io.dynoscope.cli;

import io.dynoscope.core.model.ModelDocument;
import io.dynoscope.core.model.ModelJson;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.model.LiveModelInference;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code dynoscope model infer}: a model proposed from a sample of a live table. */
@Command(
        name = "infer",
        mixinStandardHelpOptions = true,
        description =
                "Sample a table (one Scan), group its items into entities by key shape and print the"
                        + " proposed model in Dynoscope's model format: entities with key templates,"
                        + " indexes, the access patterns the keys allow, relationships, denormalized"
                        + " copies and shard groups, with a few sampled items of each entity. The"
                        + " evidence (how many sampled items match each proposal) goes to stderr.")
final class ModelInferCommand implements Callable<Integer> {

    @ParentCommand private ModelCommand model;

    @Option(names = "--table", required = true, paramLabel = "TABLE")
    private String table;

    @Option(
            names = "--sample",
            paramLabel = "N",
            defaultValue = "10000",
            description = "Read at most N items. Default: ${DEFAULT-VALUE}.")
    private int sample;

    @Override
    public Integer call() {
        if (sample < 1) {
            throw CliException.usage("--sample must be at least 1");
        }
        DynoscopeCli cli = model.cli();
        try (ConnectionServices services = cli.services()) {
            LiveModelInference.Result result =
                    services.modelInference().infer(table, sample, read -> {}, Cancellation.none());
            cli.out().print(ModelJson.write(ModelDocument.of(result.model().design())));
            result.model().describe().forEach(cli.err()::println);
            cli.printStatistics(result.reads());
        }
        return ExitCodes.OK;
    }
}

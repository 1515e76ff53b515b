package io.dynoscope.cli;

import io.dynoscope.core.table.Cancellation;
import io.dynoscope.sandbox.LocalEngine;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.ConnectionServices;
import java.net.URI;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code dynoscope sandbox}: an in-memory local engine with the sample data, served until
 * interrupted.
 */
@Command(
        name = "sandbox",
        mixinStandardHelpOptions = true,
        description =
                "Start the local engine (dynalite, in memory), load the saas, blog and activity sample tables "
                        + "(with the hot partitions' bulk), "
                        + "print its endpoint on stdout and serve until interrupted (Ctrl-C). Data is gone when it stops."
                        + " When node dies under it (crashed or killed), it says so and exits 1.")
final class SandboxCommand implements Callable<Integer> {

    @ParentCommand private DynoscopeCli cli;

    @Option(names = "--empty", description = "Start without loading the sample data.")
    private boolean empty;

    @Override
    public Integer call() throws InterruptedException {
        try (LocalEngine engine = LocalEngine.start()) {
            URI endpoint = engine.endpoint();
            if (!empty) {
                try (ConnectionServices services = cli.servicesAt(endpoint)) {
                    for (Dataset dataset : Dataset.values()) {
                        services.seed(dataset, dataset.id(), true, Cancellation.none());
                    }
                }
            }
            cli.out().println(endpoint);
            // Scripts read the endpoint while the sandbox runs, so it cannot wait in a buffer.
            cli.out().flush();
            cli.err()
                    .println(
                            "local engine at "
                                    + endpoint
                                    + (empty ? "" : " with the tables saas, blog and activity")
                                    + "; use --endpoint "
                                    + endpoint
                                    + " or "
                                    + DynoscopeCli.ENDPOINT_VARIABLE
                                    + "="
                                    + endpoint
                                    + "; Ctrl-C stops it");
            // The engine's own shutdown hook stops it when the process is interrupted; until then
            // the sandbox serves, unless node dies under it: then it says so and ends.
            String why;
            try {
                why = engine.died().get();
            } catch (ExecutionException e) {
                why = "the local engine stopped: " + e.getCause();
            }
            throw new CliException(ExitCodes.SERVICE_ERROR, why);
        }
    }
}

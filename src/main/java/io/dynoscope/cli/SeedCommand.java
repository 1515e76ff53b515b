package io.dynoscope.cli;

import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.WriteStatistics;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.store.BatchResult;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.TypeConversionException;

/** {@code dynoscope seed}: loads one of the sample data sets, creating its table when missing. */
@Command(
        name = "seed",
        mixinStandardHelpOptions = true,
        description =
                "Load a sample data set (saas, blog or activity) into a table, creating the table when it is missing.")
final class SeedCommand implements Callable<Integer> {

    @ParentCommand private DynoscopeCli cli;

    @Option(
            names = "--dataset",
            required = true,
            paramLabel = "NAME",
            converter = DatasetConverter.class,
            description =
                    "saas (workspaces and projects), blog (users and posts with drifted copies) or "
                            + "activity (audit events, with an LSI).")
    private Dataset dataset;

    @Option(
            names = "--table",
            paramLabel = "TABLE",
            description = "The table to load (default: the data set's name).")
    private String table;

    @Override
    public Integer call() {
        String tableName = table == null ? dataset.id() : table;
        try (ConnectionServices services = cli.services()) {
            BatchResult result = services.seed(dataset, tableName, false, Cancellation.none());
            cli.err()
                    .println(
                            "seeded "
                                    + result.processed()
                                    + " "
                                    + dataset
                                    + " items into table '"
                                    + tableName
                                    + "' in "
                                    + result.requests()
                                    + " requests");
            cli.printStatistics(
                    new WriteStatistics(
                            result.requests(), result.consumedCapacity(), result.processed()));
        }
        return ExitCodes.OK;
    }

    /** Reads a data set by the name the user types. */
    static final class DatasetConverter implements ITypeConverter<Dataset> {
        @Override
        public Dataset convert(String value) {
            try {
                return Dataset.fromId(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}

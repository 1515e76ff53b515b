package io.dynoscope.jobs;

import io.dynoscope.cli.ExitCodes;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.partitions.PartitionReport;
import io.dynoscope.core.partitions.PartitionTally;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.service.partitions.PartitionReportJson;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.spark.scheduler.SparkListener;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * The {@code partitions} job: the partitions report of {@code dynoscope partitions --json}, its
 * items tallied by Spark tasks that own Scan segments of the live table or files of an export.
 */
@Command(
        name = "partitions",
        mixinStandardHelpOptions = true,
        description =
                "The partitions report (as `dynoscope partitions --json`) of the live table or of a"
                        + " DynamoDB export.")
final class PartitionsJob implements Callable<Integer> {

    @ParentCommand private JobMain main;

    @Option(names = "--table", required = true, paramLabel = "TABLE")
    private String table;

    @Mixin private SourceOptions from;

    @Option(
            names = "--report",
            paramLabel = "FILE",
            description =
                    "Where the report's JSON is written, a file or s3://BUCKET/KEY (default:"
                            + " stdout).")
    private String report;

    @Override
    public Integer call() throws Exception {
        if (from.export != null && from.partitionKey == null) {
            throw new IllegalArgumentException(
                    "--from-export needs --partition-key: an export does not hold the key schema");
        }
        return main.withSpark(
                "partitions",
                spark -> {
                    SourceOptions.Chosen chosen = from.choose(main, table, spark);
                    ItemSource source = chosen.source();
                    KeySchema keys = chosen.keys();
                    List<SecondaryIndex> localIndexes = chosen.localIndexes();
                    List<String> units = source.units();
                    UnitProgress progress = new UnitProgress(spark);
                    PartitionsTask task = new PartitionsTask(source, keys, localIndexes, progress);
                    PartitionTally tally = new PartitionTally(keys, localIndexes);
                    String unit = from.export == null ? "segments" : "files";
                    boolean fromTable = from.export == null;
                    SparkListener listener =
                            progress.reportEachTask(
                                    spark,
                                    "partitions",
                                    unit,
                                    units.size(),
                                    fromTable,
                                    main::progress);
                    try {
                        if (!units.isEmpty()) {
                            spark.parallelize(
                                            units,
                                            Math.min(units.size(), spark.defaultParallelism()))
                                    .mapPartitions(task)
                                    .collect()
                                    .forEach(line -> tally.add(PartitionsTask.parse(line)));
                        }
                    } finally {
                        spark.sc().removeSparkListener(listener);
                    }
                    main.progress(progress.now("partitions", unit, units.size(), fromTable));
                    PartitionReport result = PartitionReport.of(table, tally, null, null);
                    main.write(
                            report, PartitionReportJson.write(result, result.partitions().size()));
                    return ExitCodes.OK;
                });
    }
}

package io.dynoscope.jobs;

import io.dynoscope.cli.ExitCodes;
import io.dynoscope.core.transfer.TransferFormat;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.spark.scheduler.SparkListener;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * The {@code export} job: a table (live, or a DynamoDB export) to files in one folder, one per
 * Spark task, each written as {@code dynoscope export} writes its file (DynamoDB JSON, JSON lines
 * or CSV, with the same encoding and escaping).
 */
@Command(
        name = "export",
        mixinStandardHelpOptions = true,
        description =
                "Items to files in a folder, one part per task, with `dynoscope export`'s encoding.")
final class ExportJob implements Callable<Integer> {

    @ParentCommand private JobMain main;

    @Option(names = "--table", required = true, paramLabel = "TABLE")
    private String table;

    @Mixin private SourceOptions from;

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            description = "dynamodb-json, json or csv (default: dynamodb-json).")
    private String format = TransferFormat.DYNAMODB_JSON.id();

    @Option(
            names = "--out",
            required = true,
            paramLabel = "FOLDER",
            description =
                    "The folder the part files are written to (made when missing), or"
                            + " s3://BUCKET/PREFIX.")
    private String out;

    @Override
    public Integer call() throws Exception {
        TransferFormat chosen = TransferFormat.fromId(format);
        return main.withSpark(
                "export",
                spark -> {
                    SourceOptions.Chosen source = from.choose(main, table, spark);
                    main.files().makeFolder(out);
                    List<String> units = source.source().units();
                    UnitProgress progress = new UnitProgress(spark);
                    String unit = from.export == null ? "segments" : "files";
                    boolean fromTable = from.export == null;
                    SparkListener listener =
                            progress.reportEachTask(
                                    spark, "export", unit, units.size(), fromTable, main::progress);
                    List<String> parts;
                    try {
                        parts =
                                units.isEmpty()
                                        ? List.of()
                                        : spark.parallelize(
                                                        units,
                                                        Math.min(
                                                                units.size(),
                                                                spark.defaultParallelism()))
                                                .mapPartitionsWithIndex(
                                                        new ExportTask(
                                                                source.source(),
                                                                chosen,
                                                                source.keys(),
                                                                main.files(),
                                                                out,
                                                                progress),
                                                        false)
                                                .collect();
                    } finally {
                        spark.sc().removeSparkListener(listener);
                    }
                    main.progress(progress.now("export", unit, units.size(), fromTable));
                    long items = 0;
                    for (String part : parts) {
                        items += Long.parseLong(part.substring(part.lastIndexOf(' ') + 1));
                    }
                    main.err().println(items + " items in " + parts.size() + " files in " + out);
                    return ExitCodes.OK;
                });
    }
}

package io.dynoscope.jobs;

import io.dynoscope.cli.ExitCodes;
import io.dynoscope.core.migration.MigrationPlan;
import io.dynoscope.core.migration.PlanText;
import io.dynoscope.core.model.ModelFiles;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.service.access.ReadOnlyException;
import io.dynoscope.service.access.WriteAccess;
import io.dynoscope.service.migration.Migration;
import io.dynoscope.service.migration.MigrationPlanner;
import io.dynoscope.service.migration.MigrationReport;
import io.dynoscope.service.migration.MigrationReports;
import io.dynoscope.service.store.DynamoRepository;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.apache.spark.api.java.JavaSparkContext;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * The {@code migrate} job: {@code dynoscope model migrate} with its passes (backfill, catch-up,
 * verification, cleanup) run as Spark tasks that own Scan segments. The driver plans, creates the
 * indexes, keeps the journal, checks the access patterns and writes the same report as the desktop.
 */
@Command(
        name = "migrate",
        mixinStandardHelpOptions = true,
        description =
                "A model migration with its Scan passes on Spark; options and exit codes as"
                        + " `dynoscope model migrate` (0 applied and proven, 3 proof failed).")
final class MigrateJob implements Callable<Integer> {

    @ParentCommand private JobMain main;

    @Option(names = "--table", required = true, paramLabel = "TABLE")
    private String table;

    @Option(names = "--to", required = true, paramLabel = "TARGET")
    private Path to;

    @Option(names = "--from", paramLabel = "CURRENT")
    private Path from;

    @Option(names = "--resume")
    private boolean resume;

    @Option(names = "--cleanup")
    private boolean cleanup;

    @Option(
            names = "--tasks",
            paramLabel = "N",
            description = "Spark tasks at once (default: Spark's default parallelism).")
    private int tasks;

    @Option(names = "--sample", paramLabel = "N")
    private int sample = MigrationPlanner.DEFAULT_SAMPLE;

    @Option(names = "--journal", paramLabel = "FILE")
    private Path journal;

    @Option(
            names = "--from-export",
            paramLabel = "FOLDER",
            description =
                    "Backfill from a DynamoDB export (DYNAMODB_JSON) of the table, in this folder"
                            + " or s3://BUCKET/PREFIX, instead of Scanning it; the catch-up passes"
                            + " then read the live table for what changed since the export.")
    private String export;

    @Option(
            names = "--report",
            paramLabel = "FILE",
            description =
                    "Where the migration report is written, a file or s3://BUCKET/KEY (default:"
                            + " beside the target model).")
    private String report;

    @Override
    public Integer call() throws Exception {
        TableDesign target = design(to);
        Optional<MigrationPlanner.Source> current =
                from == null
                        ? Optional.empty()
                        : Optional.of(
                                new MigrationPlanner.Source(design(from).model(), from.toString()));
        JobConnection connection = main.connection();
        try (DynamoRepository repository = connection.open()) {
            try {
                WriteAccess.require(repository, "migrate table '" + table + "'");
            } catch (ReadOnlyException e) {
                main.err().println("migrate: " + e.getMessage() + "; nothing was read or written");
                return ExitCodes.CONDITION_FAILED;
            }
            return main.withSpark(
                    "migrate", spark -> apply(spark, connection, repository, target, current));
        }
    }

    private int apply(
            JavaSparkContext spark,
            JobConnection connection,
            DynamoRepository repository,
            TableDesign target,
            Optional<MigrationPlanner.Source> current)
            throws IOException {
        int concurrency = tasks > 0 ? tasks : spark.defaultParallelism();
        MigrationPlan plan =
                new MigrationPlanner(repository)
                        .plan(
                                table,
                                current,
                                new MigrationPlanner.Source(target.model(), to.toString()),
                                sample,
                                concurrency,
                                Cancellation.none());
        PlanText.lines(plan).forEach(main.err()::println);
        if (plan.refused()) {
            main.err()
                    .println("migrate: the target cannot be reached in place; nothing was written");
            return ExitCodes.USAGE;
        }
        ItemSource.ExportFolder snapshot =
                export == null ? null : ItemSource.ExportFolder.of(main.files(), export);
        Migration migration =
                new Migration(
                        repository,
                        SparkPasses.runners(spark, connection, snapshot, main::progress));
        Migration.Options options =
                Migration.Options.of(concurrency)
                        .withJournal(journalFile(), resume)
                        .withCleanup(cleanup);
        MigrationReport done =
                migration.apply(
                        plan,
                        snapshot == null ? options : options.withSnapshotBackfill(),
                        new Migration.Listener() {
                            @Override
                            public void phase(Migration.Phase phase, String description) {
                                main.err().println(description);
                            }
                        },
                        Cancellation.none());
        if (done.outcome() == MigrationReport.Outcome.PROVEN
                || done.outcome() == MigrationReport.Outcome.PROOF_FAILED) {
            String reportFile =
                    report != null ? report : MigrationReports.besideModel(to).toString();
            String json = MigrationReports.json(done, plan);
            main.files()
                    .write(
                            reportFile,
                            stream -> stream.write(json.getBytes(StandardCharsets.UTF_8)));
            main.err().println("report saved to " + reportFile);
        }
        MigrationReports.lines(done).forEach(main.err()::println);
        return switch (done.outcome()) {
            case PROVEN -> ExitCodes.OK;
            case PROOF_FAILED -> ExitCodes.CHECK_FAILED;
            case STOPPED -> {
                main.err()
                        .println(
                                "migrate: "
                                        + done.stoppedBy()
                                        + "; run the same job with --resume to go on");
                yield ExitCodes.SERVICE_ERROR;
            }
            case CANCELLED -> ExitCodes.INTERRUPTED;
        };
    }

    private Path journalFile() {
        return journal != null ? journal : Migration.journalBeside(to);
    }

    /** The design of --table in a model file (either format), refused for another table's. */
    private TableDesign design(Path file) throws IOException {
        ModelFiles.Read read = ModelFiles.read(Files.readString(file, StandardCharsets.UTF_8));
        if (read.document() == null) {
            throw new IllegalArgumentException(file + " is a drift rule file, not a model");
        }
        TableDesign design =
                read.document()
                        .namedOrOnly(table)
                        .orElseThrow(
                                () ->
                                        new IllegalArgumentException(
                                                file + " has no table '" + table + "'"));
        if (!design.table().equals(table)) {
            throw new IllegalArgumentException(
                    file + " is the model of table '" + design.table() + "', not '" + table + "'");
        }
        return design;
    }
}

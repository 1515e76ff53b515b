package io.dynoscope.cli;

import io.dynoscope.core.migration.MigrationPlan;
import io.dynoscope.core.migration.PlanText;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.migration.Migration;
import io.dynoscope.service.migration.MigrationPlanner;
import io.dynoscope.service.migration.MigrationReport;
import io.dynoscope.service.migration.MigrationReports;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code dynoscope model migrate}: moves a live table from its current model to a target model.
 * Plans from a sample, then (once confirmed) creates the new indexes, backfills the computed
 * attributes with guarded writes, runs catch-up passes, proves the result and saves the report
 * beside the target model.
 */
@Command(
        name = "migrate",
        mixinStandardHelpOptions = true,
        description = {
            "Migrate a live table to a target model: the indexes to create, the attributes to"
                    + " compute from the target's templates (written with UpdateItem conditioned on"
                    + " the values they were computed from), catch-up passes for what other writers"
                    + " changed meanwhile, and a proof (the target's access-pattern check and a"
                    + " verification Scan). The plan is shown first; --dry-run stops there, having"
                    + " read only a sample.",
            "Exit 0 when applied and proven; 3 when the proof fails (what and where on stderr); 4 on"
                    + " a read-only connection (before any read; a --dry-run plans on one) or an unconfirmed plan (without --yes it asks on a"
                    + " terminal, and refuses when there is none); 1 for a DynamoDB failure (run the"
                    + " same command with --resume); 130/143 when interrupted (likewise)."
        })
final class ModelMigrateCommand implements Callable<Integer> {

    @ParentCommand private ModelCommand model;

    @Option(names = "--table", required = true, paramLabel = "TABLE")
    private String table;

    @Option(
            names = "--to",
            required = true,
            paramLabel = "TARGET",
            description = "The target model file (either format).")
    private Path to;

    @Option(
            names = "--from",
            paramLabel = "CURRENT",
            description =
                    "The table's current model (default: inferred from the sample of the live"
                            + " table).")
    private Path from;

    @Option(
            names = "--dry-run",
            description = "Print the plan and stop: nothing is sent but the sample read.")
    private boolean dryRun;

    @Option(names = "--json", description = "The plan (with --dry-run) or the report as JSON.")
    private boolean json;

    @Option(
            names = "--resume",
            description = "Go on from the journal of an interrupted run of this same migration.")
    private boolean resume;

    @Option(
            names = "--cleanup",
            description =
                    "Once the proof passed, delete the indexes and remove the attributes the target"
                            + " no longer uses (guarded like the backfill).")
    private boolean cleanup;

    @Option(names = "--yes", description = "Apply without asking.")
    private boolean yes;

    @Option(
            names = "--concurrency",
            paramLabel = "N",
            description = "Scan segments (and writes) in flight at once (default: 4).")
    private int concurrency = 4;

    @Option(
            names = "--sample",
            paramLabel = "N",
            description = "Items the plan's sample reads (default: 1000).")
    private int sample = MigrationPlanner.DEFAULT_SAMPLE;

    @Option(
            names = "--journal",
            paramLabel = "FILE",
            description =
                    "Where the journal is kept (default: TARGET.migration-journal beside it).")
    private Path journal;

    @Option(
            names = "--report",
            paramLabel = "FILE",
            description =
                    "Where the report is saved (default: TARGET's name with"
                            + " .migration-report.json, beside it).")
    private Path report;

    @Override
    public Integer call() throws IOException {
        if (concurrency < 1) {
            throw CliException.usage("--concurrency must be at least 1");
        }
        if (sample < 1) {
            throw CliException.usage("--sample must be at least 1");
        }
        DynoscopeCli cli = model.cli();
        TableDesign target = ofThisTable(to, cli);
        Optional<MigrationPlanner.Source> current =
                from == null
                        ? Optional.empty()
                        : Optional.of(
                                new MigrationPlanner.Source(
                                        ofThisTable(from, cli).model(), from.toString()));
        try (ConnectionServices services = cli.services()) {
            if (!dryRun) {
                // before the sample read: a read-only connection does no work at all
                services.requireWritable("migrate table '" + table + "'");
            }
            MigrationPlan plan =
                    services.migrationPlanner()
                            .plan(
                                    table,
                                    current,
                                    new MigrationPlanner.Source(target.model(), to.toString()),
                                    sample,
                                    concurrency,
                                    Cancellation.none());
            if (dryRun) {
                if (json) {
                    cli.out().println(PlanText.json(plan));
                } else {
                    PlanText.lines(plan).forEach(cli.out()::println);
                }
                return plan.refused() ? ExitCodes.USAGE : ExitCodes.OK;
            }
            PlanText.lines(plan).forEach(cli.err()::println);
            if (plan.refused()) {
                throw CliException.usage(
                        "the target cannot be reached in place; nothing was written");
            }
            if (!yes
                    && !DynoscopeCli.confirmed(
                            "Apply this migration to table '%s'? [y/N] ", table)) {
                throw new CliException(
                        ExitCodes.CONDITION_FAILED,
                        "not confirmed; nothing was written (add --yes to apply the plan)");
            }
            return apply(cli, services.migration(), plan);
        }
    }

    private int apply(DynoscopeCli cli, Migration migration, MigrationPlan plan)
            throws IOException {
        Path journalFile = journal != null ? journal : Migration.journalBeside(to);
        Cancellation cancellation = Cancellation.none();
        Progress progress = new Progress(cli);
        // set once the migration returned: the signal's report then has its final counts
        AtomicBoolean ended = new AtomicBoolean();
        MigrationReport done;
        try (Interruption interruption =
                Interruption.watch(
                        cli.err(),
                        cancellation,
                        () -> progress.stoppedDuring(ended.get()) + resumeHint(journalFile),
                        () -> {})) {
            try {
                done =
                        migration.apply(
                                plan,
                                Migration.Options.of(concurrency)
                                        .withJournal(journalFile, resume)
                                        .withCleanup(cleanup),
                                progress,
                                cancellation);
            } catch (IOException e) {
                throw CliException.usage(e.getMessage());
            }
            ended.set(true);
            if (interruption.interrupted()) {
                return ExitCodes.INTERRUPTED;
            }
        }
        if (done.outcome() == MigrationReport.Outcome.PROVEN
                || done.outcome() == MigrationReport.Outcome.PROOF_FAILED) {
            Path reportFile = report != null ? report : MigrationReports.besideModel(to);
            MigrationReports.save(reportFile, done, plan);
            cli.err().println("report saved to " + reportFile);
        }
        if (json) {
            cli.out().println(MigrationReports.json(done, plan));
        } else {
            MigrationReports.lines(done).forEach(cli.out()::println);
        }
        return switch (done.outcome()) {
            case PROVEN -> ExitCodes.OK;
            case PROOF_FAILED -> {
                done.proof().failures().forEach(f -> cli.err().println("proof failed: " + f));
                yield ExitCodes.CHECK_FAILED;
            }
            case STOPPED ->
                    throw new CliException(
                            ExitCodes.SERVICE_ERROR, done.stoppedBy() + resumeHint(done.journal()));
            case CANCELLED ->
                    throw new CliException(
                            ExitCodes.INTERRUPTED,
                            "cancelled: "
                                    + progress.stoppedDuring(true)
                                    + resumeHint(done.journal()));
        };
    }

    /**
     * The design of {@code --table} in a model file, refused when the file's table has another
     * name: a model of another table would rewrite this one's items by someone else's templates.
     */
    private TableDesign ofThisTable(Path file, DynoscopeCli cli) {
        TableDesign design =
                ModelFileInput.design(ModelFileInput.read(file, cli.in()), file, table);
        if (!design.table().equals(table)) {
            throw CliException.usage(
                    file
                            + " is the model of table '"
                            + design.table()
                            + "', not '"
                            + table
                            + "'; nothing was read or written (set its \"table\" to '"
                            + table
                            + "' if it is meant for this table)");
        }
        return design;
    }

    private static String resumeHint(Path journalFile) {
        return journalFile == null
                ? ""
                : "; run the same command with --resume to go on (journal " + journalFile + ")";
    }

    /**
     * A line on stderr per step, and per tenth of a pass when the size is known; once a pass reads
     * more than DescribeTable's item count said (it is updated only every few hours), the count of
     * items read alone. Keeps what was written, for the line a signal prints.
     */
    private static final class Progress implements Migration.Listener {
        private final DynoscopeCli cli;
        private String phase = "the start, before anything was written";
        private long nextReport;
        private long writtenInEarlierPasses;
        private long writtenInPass;

        Progress(DynoscopeCli cli) {
            this.cli = cli;
        }

        @Override
        public synchronized void phase(Migration.Phase step, String description) {
            phase = description;
            writtenInEarlierPasses += writtenInPass;
            writtenInPass = 0;
            nextReport = 0;
            cli.err().println(description);
        }

        @Override
        public synchronized void progress(
                Migration.Phase step, long read, long written, long total) {
            writtenInPass = written;
            if (total > 0 && read >= nextReport) {
                if (read <= total) {
                    cli.err()
                            .printf(
                                    Locale.ROOT,
                                    "  %,d of about %,d items read, %,d written%n",
                                    read,
                                    total,
                                    written);
                } else {
                    cli.err()
                            .printf(
                                    Locale.ROOT,
                                    "  %,d items read (more than the table's estimate of %,d), %,d"
                                            + " written%n",
                                    read,
                                    total,
                                    written);
                }
                nextReport = read + Math.max(1, Math.max(total, read) / 10);
            }
        }

        /**
         * Where the migration stopped and how many items this run wrote: all of them once the
         * migration returned ({@code ended}), else at least those heard of so far.
         */
        synchronized String stoppedDuring(boolean ended) {
            return String.format(
                    Locale.ROOT,
                    "stopped during %s; %s%,d items written by this run",
                    phase,
                    ended ? "" : "at least ",
                    writtenInEarlierPasses + writtenInPass);
        }
    }
}

package io.dynoscope.ui.migration;

import io.dynoscope.core.migration.MigrationPlan;
import io.dynoscope.core.migration.PlanText;
import io.dynoscope.core.model.ModelDocument;
import io.dynoscope.core.model.ModelJson;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.service.migration.Migration;
import io.dynoscope.service.migration.MigrationPlanner;
import io.dynoscope.service.migration.MigrationReport;
import io.dynoscope.service.migration.MigrationReportFile;
import io.dynoscope.service.migration.MigrationReports;
import io.dynoscope.service.model.ModelStore;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.ErrorMessages;
import io.dynoscope.ui.common.job.ClusterContext;
import io.dynoscope.ui.common.job.RunOnClusterViewModel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;

/**
 * The Migrate… window of one table: from its current model (the saved one, or one inferred from a
 * sample) to the design edited in the Model tab. Plan shows what will happen and sends only a
 * sample read (the dry run); Apply runs it with progress and can be cancelled; the report says what
 * was done and whether the proof passed, and is saved with the model.
 */
public final class MigrationViewModel {

    /** What the window needs from the app. */
    public record Services(
            MigrationPlanner planner,
            Migration migration,
            Optional<ModelStore> models,
            Optional<Path> folder,
            Optional<String> readOnlyReason) {
        public Services {
            Objects.requireNonNull(planner, "planner");
            Objects.requireNonNull(migration, "migration");
        }
    }

    private final String table;
    private final Optional<MigrationPlanner.Source> current;
    private final TableDesign target;
    private final Services services;
    private final BackgroundWork work;

    private final ReadOnlyObjectWrapper<MigrationPlan> plan = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<MigrationReport> report = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper planText = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper reportText = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper progressText = new ReadOnlyStringWrapper("");
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper confirmation = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper resumable = new ReadOnlyBooleanWrapper();
    private final BooleanProperty resume = new SimpleBooleanProperty();
    private final BooleanProperty cleanup = new SimpleBooleanProperty();
    private final IntegerProperty concurrency = new SimpleIntegerProperty(4);
    private final IntegerProperty sampleSize =
            new SimpleIntegerProperty(MigrationPlanner.DEFAULT_SAMPLE);
    private final BooleanBinding canApply;
    private BackgroundWork.Handle handle;
    private ClusterContext cluster;

    /** The first line of a cluster job's report in the Report tab. */
    static final String JOB_REPORT = "Run on a cluster:";

    public MigrationViewModel(
            String table,
            Optional<MigrationPlanner.Source> current,
            TableDesign target,
            Services services,
            BackgroundWork work) {
        this.table = Objects.requireNonNull(table);
        this.current = Objects.requireNonNull(current);
        this.target = Objects.requireNonNull(target);
        this.services = Objects.requireNonNull(services);
        this.work = Objects.requireNonNull(work);
        this.canApply =
                Bindings.createBooleanBinding(
                        () ->
                                plan.get() != null
                                        && !plan.get().refused()
                                        && !running.get()
                                        && confirmation.get().isEmpty()
                                        && services.readOnlyReason().isEmpty(),
                        plan,
                        running,
                        confirmation);
        resumable.set(journal().map(Files::exists).orElse(false));
        resume.set(resumable.get());
    }

    public String table() {
        return table;
    }

    /** Lets the window offer Run on a cluster… with what the app gives it. */
    public void setCluster(ClusterContext context) {
        this.cluster = context;
    }

    public boolean canRunOnCluster() {
        return cluster != null;
    }

    /**
     * Run on a cluster…: the migrate job of this table to the edited model, which is written beside
     * the window's journals when submitted; its report is shown here as Apply's is.
     */
    public RunOnClusterViewModel runOnCluster() {
        Objects.requireNonNull(cluster, "no cluster context");
        Path base = services.folder().orElse(ClusterContext.jobFolder());
        Path to = base.resolve(table + ".cluster-target.json");
        Path reportFile = base.resolve(table + ".cluster" + MigrationReports.SUFFIX);
        List<String> args = new ArrayList<>(List.of("--table", table, "--to", to.toString()));
        args.addAll(List.of("--report", reportFile.toString()));
        String model = ModelJson.write(ModelDocument.of(target));
        return cluster.runOnCluster(
                "migrate",
                args,
                () -> {
                    Files.createDirectories(base);
                    Files.writeString(to, model, StandardCharsets.UTF_8);
                },
                Optional.of(reportFile),
                work,
                this::showJobReport);
    }

    /** A job's report file, shown where Apply's report is, as {@code job report} prints it. */
    void showJobReport(String text) {
        String shown =
                MigrationReportFile.read(text)
                        .map(read -> String.join("\n", read.lines()))
                        .orElse(text);
        reportText.set(JOB_REPORT + "\n" + shown);
    }

    /** Where the current model comes from, in words. */
    public String currentSource() {
        return current.map(MigrationPlanner.Source::description)
                .orElse("a model inferred from a sample of the table");
    }

    public Optional<String> readOnlyReason() {
        return services.readOnlyReason();
    }

    public ReadOnlyObjectProperty<MigrationPlan> planProperty() {
        return plan.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<MigrationReport> reportProperty() {
        return report.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty planTextProperty() {
        return planText.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty reportTextProperty() {
        return reportText.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty progressTextProperty() {
        return progressText.getReadOnlyProperty();
    }

    /** 0 to 1, or -1 while the size of the step is not known. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    /** An earlier run of a migration of this table was interrupted and left its journal. */
    public ReadOnlyBooleanProperty resumableProperty() {
        return resumable.getReadOnlyProperty();
    }

    public BooleanProperty resumeProperty() {
        return resume;
    }

    public BooleanProperty cleanupProperty() {
        return cleanup;
    }

    /** How many items the dry run reads to plan from. */
    public IntegerProperty sampleSizeProperty() {
        return sampleSize;
    }

    public IntegerProperty concurrencyProperty() {
        return concurrency;
    }

    public BooleanBinding canApplyProperty() {
        return canApply;
    }

    /**
     * The dry run: reads the table's description and a sample, and shows the plan; null when work
     * is running already.
     */
    public BackgroundWork.Handle plan() {
        if (running.get()) {
            return null;
        }
        start("Reading a sample of " + table + "…");
        plan.set(null);
        confirmation.set("");
        int writes = concurrency.get();
        int sample = sampleSize.get();
        handle =
                work.submit(
                        "plan the migration of " + table,
                        cancellation ->
                                services.planner()
                                        .plan(
                                                table,
                                                current,
                                                new MigrationPlanner.Source(
                                                        target.model(), "the edited model"),
                                                sample,
                                                writes,
                                                cancellation),
                        planned -> {
                            running.set(false);
                            progress.set(0);
                            plan.set(planned);
                            planText.set(String.join("\n", PlanText.lines(planned)));
                            progressText.set(
                                    planned.refused()
                                            ? "The edited model cannot be reached in place"
                                            : "Planned from a sample; nothing was written");
                        },
                        this::failed);
        return handle;
    }

    /**
     * Apply, first step: shows what will be sent, in order, for confirmation ({@link #confirm()});
     * sends nothing. Refused, saying why, on a read-only connection; null when nothing may be
     * applied.
     */
    public BackgroundWork.Handle apply() {
        if (services.readOnlyReason().isPresent()) {
            problem.set(
                    "The connection is read-only ("
                            + services.readOnlyReason().get()
                            + "): nothing was sent.");
            return null;
        }
        MigrationPlan planned = plan.get();
        if (!canApply.get()) {
            return null;
        }
        boolean withCleanup = cleanup.get();
        start("Reading the table's description for the requests…");
        handle =
                work.submit(
                        "show what the migration of " + table + " sends",
                        cancellation -> services.migration().requests(planned, withCleanup),
                        requests -> {
                            running.set(false);
                            progress.set(0);
                            progressText.set("Confirm to send: nothing was sent yet");
                            confirmation.set(String.join("\n", requests));
                        },
                        this::failed);
        return handle;
    }

    /** The requests Apply will send, shown until confirmed or dropped; empty otherwise. */
    public ReadOnlyStringProperty confirmationProperty() {
        return confirmation.getReadOnlyProperty();
    }

    /** Sends nothing, and forgets the confirmation. */
    public void dropConfirmation() {
        confirmation.set("");
        progressText.set("Nothing was sent");
    }

    /**
     * Apply, once confirmed: indexes, backfill, catch-up, proof (and cleanup when asked), on a
     * background thread with progress; null when nothing awaits confirmation.
     */
    public BackgroundWork.Handle confirm() {
        MigrationPlan planned = plan.get();
        if (confirmation.get().isEmpty() || planned == null || running.get()) {
            return null;
        }
        confirmation.set("");
        start("Starting…");
        reportText.set("");
        Migration.Options options =
                Migration.Options.of(concurrency.get()).withCleanup(cleanup.get());
        Optional<Path> journal = journal();
        if (journal.isPresent()) {
            options = options.withJournal(journal.get(), resume.get() && resumable.get());
        }
        Migration.Options chosen = options;
        handle =
                work.submit(
                        "migrate table " + table,
                        cancellation -> {
                            if (chosen.journal() != null) {
                                // the journal's folder is made on the first run
                                Files.createDirectories(chosen.journal().getParent());
                            }
                            return services.migration()
                                    .apply(planned, chosen, new Listener(), cancellation);
                        },
                        this::finished,
                        this::failed);
        return handle;
    }

    public void cancel() {
        if (handle != null) {
            handle.cancel();
        }
    }

    private void start(String text) {
        running.set(true);
        problem.set("");
        progress.set(-1);
        progressText.set(text);
    }

    private void finished(MigrationReport done) {
        running.set(false);
        report.set(done);
        StringBuilder text = new StringBuilder(String.join("\n", MigrationReports.lines(done)));
        boolean applied =
                done.outcome() == MigrationReport.Outcome.PROVEN
                        || done.outcome() == MigrationReport.Outcome.PROOF_FAILED;
        if (applied) {
            text.append('\n').append(save(done));
        }
        reportText.set(text.toString());
        resumable.set(done.journal() != null);
        resume.set(done.journal() != null);
        progress.set(applied ? 1 : progress.get() < 0 ? 0 : progress.get());
        progressText.set(
                switch (done.outcome()) {
                    case PROVEN -> "Applied and proven";
                    case PROOF_FAILED -> "Applied; the proof failed (see the report)";
                    case STOPPED -> "Stopped: " + done.stoppedBy() + " — Apply again to resume";
                    case CANCELLED -> "Cancelled — Apply again to resume";
                });
    }

    /** Saves the report beside the models, and a proven target as the table's model. */
    private String save(MigrationReport done) {
        StringBuilder said = new StringBuilder();
        if (done.outcome() == MigrationReport.Outcome.PROVEN && services.models().isPresent()) {
            services.models().get().save(target.withModel(target.model().withTable(table)));
            said.append("The edited model is now the table's saved model. ");
        }
        if (services.folder().isPresent()) {
            String stamp =
                    LocalDateTime.now()
                            .format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT));
            Path file =
                    services.folder().get().resolve(table + "-" + stamp + MigrationReports.SUFFIX);
            try {
                Files.createDirectories(file.getParent());
                MigrationReports.save(file, done, plan.get());
                said.append("Report saved to ").append(file);
            } catch (IOException e) {
                said.append("The report could not be saved: ").append(e.getMessage());
            }
        }
        return said.toString();
    }

    private void failed(Throwable e) {
        running.set(false);
        resumable.set(journal().map(Files::exists).orElse(false));
        progress.set(0);
        progressText.set("");
        problem.set(ErrorMessages.describe(e));
    }

    private Optional<Path> journal() {
        return services.folder().map(f -> f.resolve(table + ".migration-journal"));
    }

    /** Publishes the migration's steps and progress on the UI executor. */
    private final class Listener implements Migration.Listener {
        private volatile String step = "";

        @Override
        public void phase(Migration.Phase phase, String description) {
            step = description;
            work.ui()
                    .execute(
                            () -> {
                                progress.set(-1);
                                progressText.set(capitalized(description));
                            });
        }

        @Override
        public void progress(Migration.Phase phase, long read, long written, long total) {
            String text =
                    String.format(
                            Locale.ROOT,
                            "%s: %,d items read, %,d written",
                            capitalized(step),
                            read,
                            written);
            double fraction = total > 0 ? Math.min(1, read / (double) total) : -1;
            work.ui()
                    .execute(
                            () -> {
                                progress.set(fraction);
                                progressText.set(text);
                            });
        }
    }

    private static String capitalized(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }
}

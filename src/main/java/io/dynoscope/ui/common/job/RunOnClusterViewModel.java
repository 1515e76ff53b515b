package io.dynoscope.ui.common.job;

import io.dynoscope.service.job.ClusterJobRun;
import io.dynoscope.service.job.JobLaunch;
import io.dynoscope.service.job.JobLaunch.Engine;
import io.dynoscope.service.job.JobProgress;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.JobRuns;
import io.dynoscope.ui.common.BackgroundWork;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * Run on a cluster…: one whole-table job (docs/jobs.md) on the engine chosen — Spark's local mode
 * in a child process, the spark-submit line to copy (nothing runs), or EMR Serverless. What the
 * dialog shows is built by the same code as what is sent ({@link JobLaunch}), and Submit is refused
 * on a read-only connection. The job's output (its phases and passes) or the run's state is its
 * progress; the report a finished job wrote (its text, as the job wrote it) goes to the view that
 * opened the dialog, which shows it as a desktop run's.
 */
public final class RunOnClusterViewModel {

    /** Writes what the job reads (a migration's target model) just before it is sent. */
    @FunctionalInterface
    public interface Preparation {
        void prepare() throws IOException;
    }

    /** The job to run and where it runs from. */
    public record Setup(
            String job,
            List<String> jobArgs,
            Optional<ConnectionSpec> connection,
            Optional<String> readOnlyReason,
            String defaultJar,
            Optional<String> sparkHome,
            Preparation preparation,
            Optional<Path> reportFile) {
        public Setup {
            jobArgs = List.copyOf(jobArgs);
            Objects.requireNonNull(preparation);
        }
    }

    /** The runner, the local engine's launcher and EMR Serverless's client (by region). */
    public record Services(
            ClusterJobRun runner,
            ClusterJobRun.Launcher launcher,
            BiFunction<ConnectionSpec, String, JobRuns> jobRuns) {}

    private final Setup setup;
    private final Services services;
    private final BackgroundWork work;
    private final Consumer<String> onReport;

    private final ObjectProperty<Engine> engine = new SimpleObjectProperty<>(Engine.LOCAL);
    private final StringProperty master = new SimpleStringProperty("");
    private final StringProperty cores = new SimpleStringProperty("");
    private final StringProperty jar = new SimpleStringProperty();
    private final StringProperty applicationId = new SimpleStringProperty("");
    private final StringProperty executionRole = new SimpleStringProperty("");
    private final StringProperty s3Jar = new SimpleStringProperty("");
    private final StringProperty region = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper state = new ReadOnlyStringWrapper("Not submitted");
    private final ReadOnlyStringWrapper progress = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper output = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper();
    private final StringBinding shown;
    private final BooleanBinding canSubmit;
    private BackgroundWork.Handle handle;
    // once the job reports counts, its other lines no longer replace them as the progress
    private boolean progressCounted;

    public RunOnClusterViewModel(
            Setup setup, Services services, BackgroundWork work, Consumer<String> onReport) {
        this.setup = Objects.requireNonNull(setup);
        this.services = Objects.requireNonNull(services);
        this.work = Objects.requireNonNull(work);
        this.onReport = Objects.requireNonNull(onReport);
        jar.set(setup.defaultJar());
        setup.connection().map(ConnectionSpec::region).ifPresent(region::set);
        this.shown =
                Bindings.createStringBinding(
                        this::describe,
                        engine,
                        master,
                        cores,
                        jar,
                        applicationId,
                        executionRole,
                        s3Jar,
                        region);
        this.canSubmit =
                Bindings.createBooleanBinding(
                        () ->
                                engine.get() != Engine.SPARK_SUBMIT
                                        && !running.get()
                                        && setup.readOnlyReason().isEmpty(),
                        engine,
                        running);
    }

    public String job() {
        return setup.job();
    }

    public Optional<String> readOnlyReason() {
        return setup.readOnlyReason();
    }

    /** The connection's endpoint, where EMR Serverless requests go too, or empty. */
    public Optional<String> endpoint() {
        return setup.connection()
                .filter(ConnectionSpec.Endpoint.class::isInstance)
                .map(c -> ((ConnectionSpec.Endpoint) c).endpoint().toString());
    }

    /** The spark-submit line of the local or spark-submit engine, as it is run or printed. */
    public List<String> line() {
        boolean local = engine.get() == Engine.LOCAL;
        String submit =
                local
                        ? setup.sparkHome()
                                .map(home -> Path.of(home, "bin", "spark-submit").toString())
                                .orElse("$SPARK_HOME/bin/spark-submit")
                        : "spark-submit";
        int threads;
        try {
            threads = cores.get().isBlank() ? 0 : Integer.parseInt(cores.get().trim());
        } catch (NumberFormatException e) {
            threads = 0;
        }
        List<String> connection =
                setup.connection()
                        .map(c -> JobLaunch.connectionArgs(c, writeChoice()))
                        .orElse(writeChoice());
        return JobLaunch.sparkSubmitLine(
                submit,
                JobLaunch.master(master.get(), local, threads),
                jar.get() == null ? "" : jar.get().trim(),
                connection,
                setup.job(),
                setup.jobArgs());
    }

    /** The StartJobRun request EMR Serverless is sent. */
    public JobRuns.Start request() {
        return JobLaunch.emrStart(
                applicationId.get().trim(),
                executionRole.get().trim(),
                s3Jar.get().trim(),
                writeChoice(),
                setup.job(),
                setup.jobArgs());
    }

    /** What is run, printed or sent, exactly. */
    private String describe() {
        return engine.get() == Engine.EMR_SERVERLESS
                ? JobLaunch.describe(request(), region.get(), endpoint().orElse(null))
                : JobLaunch.shellLine(line());
    }

    /** The desktop checked the connection: the job is told the same choice. */
    private List<String> writeChoice() {
        return setup.readOnlyReason().isPresent()
                ? List.of("--read-only")
                : List.of("--read-write");
    }

    /**
     * Sends the job as shown; refused, saying why, on a read-only connection, with the spark-submit
     * engine (copy its line instead), or with a field missing. Null when nothing is sent.
     */
    public BackgroundWork.Handle submit() {
        problem.set("");
        if (setup.readOnlyReason().isPresent()) {
            problem.set(
                    "The connection is read-only ("
                            + setup.readOnlyReason().get()
                            + "): no job is submitted");
            return null;
        }
        if (running.get() || engine.get() == Engine.SPARK_SUBMIT) {
            return null;
        }
        String missing = missing();
        if (missing != null) {
            problem.set(missing);
            return null;
        }
        Engine chosen = engine.get();
        List<String> line = chosen == Engine.LOCAL ? line() : List.of();
        JobRuns.Start start = chosen == Engine.EMR_SERVERLESS ? request() : null;
        String where = region.get().isBlank() ? null : region.get().trim();
        long submitted = System.currentTimeMillis();
        running.set(true);
        state.set(chosen == Engine.LOCAL ? "Running" : "Submitting");
        output.set("");
        progress.set("");
        progressCounted = false;
        List<String> lines = new ArrayList<>();
        handle =
                work.submit(
                        "run job " + setup.job() + " on " + chosen.option(),
                        (cancellation, report) -> {
                            setup.preparation().prepare();
                            if (chosen == Engine.LOCAL) {
                                int code =
                                        services.runner()
                                                .runLocal(
                                                        services.launcher(),
                                                        line,
                                                        cancellation,
                                                        report);
                                return cancellation.isCancelled()
                                        ? "Cancelled"
                                        : "Finished (exit " + code + ")";
                            }
                            try (JobRuns runs =
                                    services.jobRuns()
                                            .apply(setup.connection().orElseThrow(), where)) {
                                JobRuns.Run run =
                                        services.runner()
                                                .runOnEmr(runs, start, cancellation, report);
                                return "Ended: " + run.state();
                            }
                        },
                        (String out) -> {
                            // a progress line is shown as its counts; other lines as printed
                            Optional<JobProgress> counts = JobProgress.parse(out);
                            String printed = counts.map(JobProgress::text).orElse(out);
                            lines.add(printed);
                            if (lines.size() > 500) {
                                lines.remove(0);
                            }
                            if (counts.isPresent() || !progressCounted) {
                                progress.set(printed);
                            }
                            progressCounted |= counts.isPresent();
                            output.set(String.join("\n", lines));
                            if (chosen == Engine.EMR_SERVERLESS) {
                                state.set(printed);
                            }
                        },
                        (String ended) -> {
                            running.set(false);
                            state.set(ended);
                            openReport(submitted);
                        },
                        failure -> {
                            running.set(false);
                            state.set("Failed");
                            problem.set(String.valueOf(failure.getMessage()));
                        });
        return handle;
    }

    /** Stops the local child process, or sends CancelJobRun. */
    public void cancel() {
        if (handle != null && running.get()) {
            state.set("Cancelling");
            handle.cancel();
        }
    }

    private String missing() {
        if (engine.get() == Engine.LOCAL) {
            if (setup.sparkHome().isEmpty()) {
                return "The local engine runs $SPARK_HOME/bin/spark-submit, and SPARK_HOME is not"
                        + " set (a Spark 3.5 download; docs/jobs.md)";
            }
            return jar.get() == null || !Files.isRegularFile(Path.of(jar.get().trim()))
                    ? jar.get() + " is not there: name the jobs jar"
                    : null;
        }
        if (applicationId.get().isBlank() || executionRole.get().isBlank()) {
            return "EMR Serverless needs the application id and the execution role";
        }
        if (setup.connection().isEmpty()) {
            return "EMR Serverless needs the connection's credentials";
        }
        return JobLaunch.notAnS3Jar(s3Jar.get().trim());
    }

    /** A report the job wrote since it was submitted, as a desktop run's report is shown. */
    private void openReport(long submitted) {
        Optional<Path> file = setup.reportFile().filter(Files::isRegularFile);
        if (file.isEmpty()) {
            return;
        }
        try {
            if (Files.getLastModifiedTime(file.get()).toMillis() + 2_000 < submitted) {
                return; // an earlier run's
            }
            onReport.accept(Files.readString(file.get(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            problem.set("The report " + file.get() + " could not be read: " + e.getMessage());
        }
    }

    public ObjectProperty<Engine> engineProperty() {
        return engine;
    }

    public StringProperty masterProperty() {
        return master;
    }

    public StringProperty coresProperty() {
        return cores;
    }

    public StringProperty jarProperty() {
        return jar;
    }

    public StringProperty applicationIdProperty() {
        return applicationId;
    }

    public StringProperty executionRoleProperty() {
        return executionRole;
    }

    public StringProperty s3JarProperty() {
        return s3Jar;
    }

    public StringProperty regionProperty() {
        return region;
    }

    public StringBinding shownProperty() {
        return shown;
    }

    public BooleanBinding canSubmitProperty() {
        return canSubmit;
    }

    public ReadOnlyStringProperty stateProperty() {
        return state.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty outputProperty() {
        return output.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }
}

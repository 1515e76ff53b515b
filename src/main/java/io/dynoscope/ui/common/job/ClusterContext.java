package io.dynoscope.ui.common.job;

import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.ui.common.BackgroundWork;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * What Run on a cluster… needs from the app for any job: the connection the job is given and why it
 * refuses writes (then no job is submitted, whatever it does: a job run costs money), the jobs jar
 * beside the program, SPARK_HOME for the local engine, and the services that run it.
 */
public record ClusterContext(
        Optional<ConnectionSpec> connection,
        Optional<String> readOnlyReason,
        String defaultJar,
        Optional<String> sparkHome,
        RunOnClusterViewModel.Services services) {

    /** Where a view without a folder of its own keeps what it gives a job and the job's report. */
    public static Path jobFolder() {
        return Path.of(System.getProperty("java.io.tmpdir"), "dynoscope-jobs");
    }

    /**
     * Run on a cluster… of {@code job} with {@code jobArgs} on this connection; {@code onReport}
     * gets the text of {@code reportFile} once the job has written it.
     */
    public RunOnClusterViewModel runOnCluster(
            String job,
            List<String> jobArgs,
            RunOnClusterViewModel.Preparation preparation,
            Optional<Path> reportFile,
            BackgroundWork work,
            Consumer<String> onReport) {
        return new RunOnClusterViewModel(
                new RunOnClusterViewModel.Setup(
                        job,
                        jobArgs,
                        connection,
                        readOnlyReason,
                        defaultJar,
                        sparkHome,
                        preparation,
                        reportFile),
                services,
                work,
                onReport);
    }
}

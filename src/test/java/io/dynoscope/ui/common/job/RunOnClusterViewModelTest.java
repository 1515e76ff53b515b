package io.dynoscope.ui.common.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.service.job.ClusterJobRun;
import io.dynoscope.service.job.JobLaunch;
import io.dynoscope.service.job.JobLaunch.Engine;
import io.dynoscope.service.job.JobProgress;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Run on a cluster…'s view model: the line shown is the line run (a real child process stands in
 * for spark-submit and prints what a job prints), and a read-only connection sends nothing.
 */
class RunOnClusterViewModelTest {

    @TempDir Path folder;

    private final BackgroundWork work =
            new BackgroundWork(Executors.newSingleThreadExecutor(), UiExecutor.inline());
    private final List<List<String>> launched = new CopyOnWriteArrayList<>();
    private final AtomicInteger prepared = new AtomicInteger();

    @AfterEach
    void stop() {
        work.shutdown();
    }

    private RunOnClusterViewModel viewModel(Optional<String> readOnly) throws Exception {
        return viewModel(readOnly, "echo 'backfill: 3 of 3 segments'; echo done");
    }

    private RunOnClusterViewModel viewModel(Optional<String> readOnly, String printed)
            throws Exception {
        Path jar = Files.writeString(folder.resolve("dynoscope-jobs.jar"), "jar");
        ClusterJobRun.Launcher launcher =
                line -> {
                    launched.add(line);
                    // what a job prints as it goes, from a real child process
                    return new ProcessBuilder("sh", "-c", printed)
                            .redirectErrorStream(true)
                            .start();
                };
        return new RunOnClusterViewModel(
                new RunOnClusterViewModel.Setup(
                        "migrate",
                        List.of("--table", "Orders", "--to", "target model.json"),
                        Optional.of(ConnectionSpec.Endpoint.of("http://127.0.0.1:8000")),
                        readOnly,
                        jar.toString(),
                        Optional.of("/opt/spark"),
                        prepared::incrementAndGet,
                        Optional.empty()),
                new RunOnClusterViewModel.Services(
                        new ClusterJobRun(50),
                        launcher,
                        (c, r) -> {
                            throw new AssertionError("no EMR request in these tests");
                        }),
                work,
                report -> {});
    }

    @Test
    void theLineShownIsTheLineRun() throws Exception {
        RunOnClusterViewModel vm = viewModel(Optional.empty());
        vm.coresProperty().set("2");
        String shown = vm.shownProperty().get();
        assertTrue(
                shown.startsWith(
                        "/opt/spark/bin/spark-submit --class io.dynoscope.jobs.JobMain --master"
                                + " 'local[2,4]' "),
                shown);
        assertTrue(
                shown.endsWith("--read-write migrate --table Orders --to 'target model.json'"),
                shown);

        vm.submit().await();

        assertEquals(1, launched.size());
        assertEquals(shown, JobLaunch.shellLine(launched.get(0)), "sent as shown");
        assertEquals(1, prepared.get(), "the model is written before the job starts");
        assertEquals("Finished (exit 0)", vm.stateProperty().get());
        assertEquals("done", vm.progressProperty().get());
        assertEquals("backfill: 3 of 3 segments\ndone", vm.outputProperty().get());
        assertFalse(vm.runningProperty().get());
    }

    @Test
    void theJobsProgressLinesAreShownAsCounts() throws Exception {
        JobProgress counts =
                new JobProgress("migrate backfill", "segments", 3, 12, 1_200, 1_180, 0, 1_180);
        RunOnClusterViewModel vm =
                viewModel(
                        Optional.empty(),
                        "echo 'backfill begins'; echo '"
                                + counts.line()
                                + "'; echo 'a Spark warning'");

        vm.submit().await();

        assertEquals(counts.text(), vm.progressProperty().get(), "the counts stay shown");
        assertEquals(
                "backfill begins\n" + counts.text() + "\na Spark warning",
                vm.outputProperty().get());
    }

    @Test
    void aReadOnlyConnectionSubmitsNothing() throws Exception {
        RunOnClusterViewModel vm = viewModel(Optional.of("set read-only in the sidebar"));
        assertFalse(vm.canSubmitProperty().get());
        assertTrue(vm.shownProperty().get().contains(" --read-only migrate "));

        assertNull(vm.submit());

        assertTrue(launched.isEmpty(), "nothing started");
        assertEquals(0, prepared.get(), "nothing written");
        assertTrue(vm.problemProperty().get().contains("read-only"), vm.problemProperty().get());
    }

    @Test
    void sparkSubmitShowsTheLineAndRunsNothing() throws Exception {
        RunOnClusterViewModel vm = viewModel(Optional.empty());
        vm.engineProperty().set(Engine.SPARK_SUBMIT);
        assertTrue(
                vm.shownProperty()
                        .get()
                        .startsWith(
                                "spark-submit --class io.dynoscope.jobs.JobMain --master yarn "),
                vm.shownProperty().get());
        assertFalse(vm.canSubmitProperty().get());
        assertNull(vm.submit());
        assertTrue(launched.isEmpty());
    }

    @Test
    void emrServerlessShowsTheRequest() throws Exception {
        RunOnClusterViewModel vm = viewModel(Optional.empty());
        vm.engineProperty().set(Engine.EMR_SERVERLESS);
        vm.applicationIdProperty().set("00fabc");
        vm.executionRoleProperty().set("arn:aws:iam::1:role/r");
        vm.s3JarProperty().set("s3://b/jobs.jar");
        String shown = vm.shownProperty().get();
        assertEquals(
                JobLaunch.describe(
                        vm.request(), vm.regionProperty().get(), "http://127.0.0.1:8000"),
                shown);
        assertTrue(
                shown.contains(
                        "sparkSubmit.entryPointArguments: --read-write migrate --table Orders"),
                shown);
        assertEquals(
                List.of(
                        "--read-write",
                        "migrate",
                        "--table",
                        "Orders",
                        "--to",
                        "target model.json"),
                vm.request().arguments());
    }
}

package io.dynoscope.service.job;

import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.work.DaemonPool;
import io.dynoscope.service.store.JobRuns;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs a submitted job to its end for the window, reporting as it goes: the local engine's
 * spark-submit child process (each line it prints is the job's progress: its phases and passes), or
 * an EMR Serverless job run, asked its state (GetJobRun) until it ends. A cancellation stops the
 * child process, or sends CancelJobRun.
 */
public final class ClusterJobRun {

    /** Starts the local engine's child process; the app's starts spark-submit. */
    @FunctionalInterface
    public interface Launcher {
        Process start(List<String> line) throws IOException;
    }

    /** GetJobRun's states after which a run changes no more. */
    static final Set<String> ENDED = Set.of("SUCCESS", "FAILED", "CANCELLED");

    private final long pollMillis;

    public ClusterJobRun(long pollMillis) {
        this.pollMillis = pollMillis;
    }

    /** The launcher of the desktop: the line as a child process, its stderr into its stdout. */
    public static Launcher processes() {
        return line -> new ProcessBuilder(line).redirectErrorStream(true).start();
    }

    /**
     * Runs {@code line} with {@code launcher}, reporting each line the job prints; returns its exit
     * code. Cancelled, the child and its own children are stopped.
     */
    public int runLocal(
            Launcher launcher,
            List<String> line,
            Cancellation cancellation,
            Consumer<String> report)
            throws IOException, InterruptedException {
        Process process = launcher.start(line);
        DaemonPool.start(
                "job-cancel-watch",
                () -> {
                    try {
                        while (!process.waitFor(pollMillis, TimeUnit.MILLISECONDS)) {
                            if (cancellation.isCancelled()) {
                                process.descendants().forEach(ProcessHandle::destroy);
                                process.destroy();
                                return;
                            }
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
        try (BufferedReader out =
                new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String printed;
            while ((printed = out.readLine()) != null) {
                report.accept(printed);
            }
        }
        return process.waitFor();
    }

    /**
     * Sends {@code start} (StartJobRun), then reports the run's state every poll until it ends;
     * cancelled, sends CancelJobRun once and follows the run to its end.
     */
    public JobRuns.Run runOnEmr(
            JobRuns runs, JobRuns.Start start, Cancellation cancellation, Consumer<String> report)
            throws InterruptedException {
        String id = runs.start(start);
        report.accept("job run " + id + " started");
        boolean cancelSent = false;
        while (true) {
            JobRuns.Run run = runs.get(start.applicationId(), id);
            String details =
                    run.stateDetails() == null || run.stateDetails().isBlank()
                            ? ""
                            : " (" + run.stateDetails() + ")";
            report.accept("job run " + id + ": " + run.state() + details);
            if (ENDED.contains(String.valueOf(run.state()))) {
                return run;
            }
            if (cancellation.isCancelled() && !cancelSent) {
                runs.cancel(start.applicationId(), id);
                cancelSent = true;
                report.accept("job run " + id + ": cancel sent");
                continue;
            }
            Thread.sleep(pollMillis);
        }
    }
}

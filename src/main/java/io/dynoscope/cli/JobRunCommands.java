package io.dynoscope.cli;

import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.job.JobLaunch;
import io.dynoscope.service.job.JobProgress;
import io.dynoscope.service.store.JobRuns;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * The EMR Serverless side of {@code dynoscope job}: {@code job submit --engine emr-serverless}
 * (StartJobRun), {@code job status} (GetJobRun) and {@code job cancel} (CancelJobRun). Submitting
 * and cancelling are refused on a read-only connection before any request is sent.
 */
final class JobRunCommands {

    static final String EMR_SERVERLESS = "emr-serverless";

    private JobRunCommands() {}

    /** {@code job submit JOB --engine emr-serverless ...}: prints the job run id. */
    static int submit(
            DynoscopeCli cli,
            String job,
            List<String> jobArgs,
            String jar,
            String applicationId,
            String executionRole) {
        require(applicationId, "--application-id");
        require(executionRole, "--execution-role");
        require(jar, "--jar (the s3:// URI of dynoscope-jobs.jar)");
        String notS3 = JobLaunch.notAnS3Jar(jar);
        if (notS3 != null) {
            throw CliException.usage(notS3);
        }
        requireWritable(cli, "submit job '" + job + "' to EMR Serverless");
        try (JobRuns runs = cli.jobRuns()) {
            String id =
                    runs.start(
                            JobLaunch.emrStart(
                                    applicationId,
                                    executionRole,
                                    jar,
                                    cli.writeChoice(),
                                    job,
                                    jobArgs));
            cli.out().println(id);
        }
        return ExitCodes.OK;
    }

    private static void require(String value, String option) {
        if (value == null || value.isBlank()) {
            throw CliException.usage("--engine " + EMR_SERVERLESS + " needs " + option);
        }
    }

    private static void requireWritable(DynoscopeCli cli, String action) {
        try (ConnectionServices services = cli.services()) {
            services.requireWritable(action);
        }
    }

    /** The options status and cancel share. */
    abstract static class RunCommand implements Callable<Integer> {

        @ParentCommand JobCommand job;

        @Option(
                names = "--engine",
                paramLabel = "ENGINE",
                description = "emr-serverless (the only engine with job runs to ask about).")
        String engine;

        @Option(
                names = "--application-id",
                paramLabel = "ID",
                description = "The EMR Serverless application.")
        String applicationId;

        @Parameters(
                index = "0",
                arity = "0..1",
                paramLabel = "JOBRUNID",
                description = "submit's job run id")
        String jobRunId;

        void checkEngine() {
            if (!EMR_SERVERLESS.equals(engine)) {
                throw CliException.usage(
                        "--engine '" + engine + "': job runs are asked about on " + EMR_SERVERLESS);
            }
            if (applicationId == null || jobRunId == null) {
                throw CliException.usage("name the job run: --application-id ID JOBRUNID");
            }
        }
    }

    /** {@code job status}: GetJobRun's state and state details. */
    @Command(
            name = "status",
            mixinStandardHelpOptions = true,
            description = {
                "A job run's state (GetJobRun): state, then state details if any.",
                "With --progress FILE (any engine), the counts the job last wrote there instead."
            })
    static final class Status extends RunCommand {

        @Option(
                names = "--progress",
                paramLabel = "FILE",
                description =
                        "The job's --progress file (local): units done of all, items read and"
                                + " written, capacity units and their cost so far.")
        Path progress;

        @Override
        public Integer call() throws IOException {
            if (progress != null) {
                JobProgress counts =
                        JobProgress.read(Files.readString(progress, StandardCharsets.UTF_8));
                job.cli.out().println(JobProgress.PREFIX + counts.text());
                return ExitCodes.OK;
            }
            checkEngine();
            DynoscopeCli cli = job.cli;
            try (JobRuns runs = cli.jobRuns()) {
                JobRuns.Run run = runs.get(applicationId, jobRunId);
                cli.out().println("state: " + String.valueOf(run.state()));
                if (run.stateDetails() != null && !run.stateDetails().isBlank()) {
                    cli.out().println("details: " + run.stateDetails());
                }
            }
            return ExitCodes.OK;
        }
    }

    /** {@code job cancel}: CancelJobRun, refused on a read-only connection. */
    @Command(
            name = "cancel",
            mixinStandardHelpOptions = true,
            description = "Cancel a job run (CancelJobRun); 4 on a read-only connection.")
    static final class Cancel extends RunCommand {

        @Override
        public Integer call() {
            checkEngine();
            DynoscopeCli cli = job.cli;
            requireWritable(cli, "cancel job run '" + jobRunId + "'");
            try (JobRuns runs = cli.jobRuns()) {
                runs.cancel(applicationId, jobRunId);
            }
            cli.out().println("cancel sent: " + jobRunId);
            return ExitCodes.OK;
        }
    }
}

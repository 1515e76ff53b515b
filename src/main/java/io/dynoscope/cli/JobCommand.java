package io.dynoscope.cli;

import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.job.JobLaunch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code dynoscope job submit JOB ...}: runs one of the whole-table jobs of
 * target/dynoscope-jobs.jar (docs/jobs.md) on Spark, with this command line's connection: {@code
 * --engine local} starts Spark's local mode in a child process ({@code
 * $SPARK_HOME/bin/spark-submit}), {@code --engine spark-submit} prints the exact line for the
 * user's cluster. A job that writes is refused on a read-only connection before anything starts.
 */
@Command(
        name = "job",
        mixinStandardHelpOptions = true,
        description = "Whole-table jobs on Apache Spark (docs/jobs.md).",
        subcommands = {
            JobCommand.Submit.class,
            JobPlanCommand.class,
            JobReportCommand.class,
            JobRunCommands.Status.class,
            JobRunCommands.Cancel.class
        })
final class JobCommand implements Callable<Integer> {

    /** The jobs jar's main class. */
    static final String MAIN_CLASS = JobLaunch.MAIN_CLASS;

    /** The jobs that write, refused on a read-only connection. */
    static final List<String> WRITING_JOBS = JobLaunch.WRITING_JOBS;

    static final List<String> JOBS = JobLaunch.JOBS;

    @ParentCommand DynoscopeCli cli;

    @Override
    public Integer call() {
        throw CliException.usage("name what to do: job submit JOB ... (--help)");
    }

    /** {@code job submit}. */
    @Command(
            name = "submit",
            mixinStandardHelpOptions = true,
            description = {
                "Run a job: migrate (the options of model migrate), drift-fix (those of drift fix),"
                        + " partitions or export; the"
                        + " arguments after the job name go to it as they are.",
                "Exit codes as the job's own (migrate: 0 applied and proven, 3 proof failed); 4 on"
                        + " a read-only connection for migrate and drift-fix (for any job with"
                        + " emr-serverless),"
                        + " before anything starts."
            })
    static final class Submit implements Callable<Integer> {

        @ParentCommand private JobCommand job;

        @Option(
                names = "--engine",
                paramLabel = "ENGINE",
                description =
                        "local (Spark's local mode in a child process, $SPARK_HOME/bin/spark-submit),"
                                + " spark-submit (print the line to run) or emr-serverless"
                                + " (StartJobRun; prints the job run id). Default: local.")
        private String engine = "local";

        @Option(
                names = "--master",
                paramLabel = "URL",
                description =
                        "Spark's master (default: local[N,4] with --engine local, yarn with"
                                + " spark-submit).")
        private String master;

        @Option(
                names = "--cores",
                paramLabel = "N",
                description = "Worker threads of the local engine (default: all cores).")
        private int cores;

        @Option(
                names = "--jar",
                paramLabel = "FILE",
                description =
                        "The jobs jar (default: dynoscope-jobs.jar beside this program); with"
                                + " emr-serverless its s3:// URI (required).")
        private String jar;

        @Option(
                names = "--application-id",
                paramLabel = "ID",
                description = "emr-serverless: the application to run in.")
        private String applicationId;

        @Option(
                names = "--execution-role",
                paramLabel = "ARN",
                description = "emr-serverless: the job run's execution role.")
        private String executionRole;

        @Parameters(
                index = "0",
                paramLabel = "JOB",
                description = "migrate, drift-fix, partitions or export")
        private String name;

        @Parameters(index = "1..*", paramLabel = "ARGS")
        private List<String> args = new ArrayList<>();

        @Override
        public Integer call() throws IOException, InterruptedException {
            DynoscopeCli cli = job.cli;
            if (!JOBS.contains(name)) {
                throw CliException.usage("'" + name + "' is not one of " + String.join(", ", JOBS));
            }
            if (engine.equals(JobRunCommands.EMR_SERVERLESS)) {
                return JobRunCommands.submit(cli, name, args, jar, applicationId, executionRole);
            }
            if (!engine.equals("local") && !engine.equals("spark-submit")) {
                throw CliException.usage(
                        "--engine '"
                                + engine
                                + "' is not one of local, spark-submit, emr-serverless");
            }
            if (WRITING_JOBS.contains(name)) {
                try (ConnectionServices services = cli.services()) {
                    services.requireWritable("submit job '" + name + "'");
                }
            }
            Path jobsJar = jar != null ? Path.of(jar) : JobLaunch.jarBeside(JobCommand.class);
            if (!Files.isRegularFile(jobsJar)) {
                throw CliException.usage(
                        jobsJar
                                + " is not there: give --jar (the build writes target/dynoscope-jobs.jar)");
            }
            boolean local = engine.equals("local");
            String sparkHome = cli.environment().get("SPARK_HOME");
            String submit =
                    local
                            ? (sparkHome == null
                                    ? null
                                    : Path.of(sparkHome, "bin", "spark-submit").toString())
                            : "spark-submit";
            if (submit == null) {
                throw CliException.usage(
                        "the local engine runs $SPARK_HOME/bin/spark-submit, and SPARK_HOME is not"
                                + " set (a Spark 3.5 download; docs/jobs.md)");
            }
            List<String> line =
                    JobLaunch.sparkSubmitLine(
                            submit,
                            JobLaunch.master(master, local, cores),
                            jobsJar.toAbsolutePath().toString(),
                            connectionArgs(cli),
                            name,
                            args);
            if (!local) {
                cli.out().println(JobLaunch.shellLine(line));
                return ExitCodes.OK;
            }
            Process process = new ProcessBuilder(line).inheritIO().start();
            return process.waitFor();
        }
    }

    /** The connection options of this command line, as the job takes them. */
    static List<String> connectionArgs(DynoscopeCli cli) {
        return JobLaunch.connectionArgs(cli.connection(), cli.writeChoice());
    }

    /** A word as a POSIX shell reads it back: quoted when it holds anything but safe characters. */
    static String quoted(String word) {
        return JobLaunch.quoted(word);
    }
}

package io.dynoscope.service.job;

import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.JobRuns;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * How a whole-table job of target/dynoscope-jobs.jar (docs/jobs.md) is launched, shared by {@code
 * dynoscope job submit} and the window's Run on a cluster…: the spark-submit line of the local and
 * spark-submit engines, and the StartJobRun request of EMR Serverless. Building them here means
 * what the window shows is what the command line prints and what is sent.
 */
public final class JobLaunch {

    /** The jobs jar's main class. */
    public static final String MAIN_CLASS = "io.dynoscope.jobs.JobMain";

    /** The jobs that write, refused on a read-only connection. */
    public static final List<String> WRITING_JOBS = List.of("migrate", "drift-fix");

    public static final List<String> JOBS = List.of("migrate", "drift-fix", "partitions", "export");

    /** The engines a job runs on, by the names {@code --engine} takes. */
    public enum Engine {
        LOCAL("local"),
        SPARK_SUBMIT("spark-submit"),
        EMR_SERVERLESS("emr-serverless");

        private final String option;

        Engine(String option) {
            this.option = option;
        }

        public String option() {
            return option;
        }
    }

    private JobLaunch() {}

    /**
     * The connection as the job takes it: endpoint, region and key id, or profile and region, then
     * the read-only / read-write choice as given.
     */
    public static List<String> connectionArgs(ConnectionSpec connection, List<String> writeChoice) {
        List<String> args = new ArrayList<>();
        if (connection instanceof ConnectionSpec.Endpoint endpoint) {
            args.addAll(List.of("--endpoint", endpoint.endpoint().toString()));
            args.addAll(List.of("--region", endpoint.region()));
            args.addAll(List.of("--access-key-id", endpoint.accessKeyId()));
        } else {
            if (connection instanceof ConnectionSpec.Profile profile) {
                args.addAll(List.of("--profile", profile.profileName()));
            }
            if (connection.region() != null) {
                args.addAll(List.of("--region", connection.region()));
            }
        }
        args.addAll(writeChoice);
        return args;
    }

    /** Spark's master: as given, else local[N,4] (each task tried 4 times) or yarn. */
    public static String master(String given, boolean local, int cores) {
        if (given != null && !given.isBlank()) {
            return given;
        }
        return local ? "local[" + (cores > 0 ? cores : "*") + ",4]" : "yarn";
    }

    /** The spark-submit line: launcher, main class, master, jar, connection, job and its args. */
    public static List<String> sparkSubmitLine(
            String submit,
            String master,
            String jar,
            List<String> connectionArgs,
            String job,
            List<String> jobArgs) {
        List<String> line = new ArrayList<>(List.of(submit, "--class", MAIN_CLASS));
        line.addAll(List.of("--master", master));
        line.add(jar);
        line.addAll(connectionArgs);
        line.add(job);
        line.addAll(jobArgs);
        return List.copyOf(line);
    }

    /**
     * The StartJobRun request: on EMR the execution role is the job's credential chain, so no
     * connection options, only the read-only / read-write choice.
     */
    public static JobRuns.Start emrStart(
            String applicationId,
            String executionRole,
            String jarUri,
            List<String> writeChoice,
            String job,
            List<String> jobArgs) {
        List<String> arguments = new ArrayList<>(writeChoice);
        arguments.add(job);
        arguments.addAll(jobArgs);
        return new JobRuns.Start(
                applicationId,
                executionRole,
                "dynoscope " + job,
                jarUri,
                arguments,
                "--class " + MAIN_CLASS);
    }

    /** Why {@code jar} cannot be EMR Serverless's entry point, or null when it can. */
    public static String notAnS3Jar(String jar) {
        if (jar != null && jar.startsWith("s3://") && jar.length() > "s3://".length()) {
            return null;
        }
        return "--jar '"
                + jar
                + "' is not an s3:// URI: upload the jar first (aws s3 cp"
                + " target/dynoscope-jobs.jar s3://BUCKET/KEY) and name it";
    }

    /**
     * The jobs jar beside the program {@code anchor} is loaded from: target/classes or
     * target/dynoscope.jar, the jobs jar is in target/ either way.
     */
    public static Path jarBeside(Class<?> anchor) {
        try {
            Path code = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
            return code.getParent().resolve("dynoscope-jobs.jar");
        } catch (URISyntaxException | SecurityException e) {
            return Path.of("dynoscope-jobs.jar");
        }
    }

    /** The line as a POSIX shell reads it back. */
    public static String shellLine(List<String> line) {
        return line.stream().map(JobLaunch::quoted).collect(Collectors.joining(" "));
    }

    /** A word as a POSIX shell reads it back: quoted when it holds anything but safe characters. */
    public static String quoted(String word) {
        return word.matches("[A-Za-z0-9_./:=@,+-]+")
                ? word
                : "'" + word.replace("'", "'\\''") + "'";
    }

    /** The StartJobRun request in words, field by field, as it is sent. */
    public static String describe(JobRuns.Start start, String region, String endpoint) {
        StringBuilder text = new StringBuilder("EMR Serverless StartJobRun");
        if (endpoint != null && !endpoint.isBlank()) {
            text.append(" to ").append(endpoint);
        }
        if (region != null && !region.isBlank()) {
            text.append(" in ").append(region);
        }
        text.append('\n')
                .append("applicationId: ")
                .append(start.applicationId())
                .append('\n')
                .append("executionRoleArn: ")
                .append(start.executionRoleArn())
                .append('\n')
                .append("name: ")
                .append(start.name())
                .append('\n')
                .append("sparkSubmit.entryPoint: ")
                .append(start.entryPoint())
                .append('\n')
                .append("sparkSubmit.entryPointArguments: ")
                .append(shellLine(start.arguments()))
                .append('\n')
                .append("sparkSubmit.sparkSubmitParameters: ")
                .append(start.sparkSubmitParameters());
        return text.toString();
    }
}

package io.dynoscope.jobs;

import io.dynoscope.cli.ExitCodes;
import io.dynoscope.service.job.JobProgress;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The main class of target/dynoscope-jobs.jar: {@code spark-submit --class
 * io.dynoscope.jobs.JobMain dynoscope-jobs.jar JOB OPTIONS...}. The connection options are the
 * command line's; each job's options are those of the desktop command it distributes.
 */
@Command(
        name = "dynoscope-jobs",
        mixinStandardHelpOptions = true,
        subcommands = {MigrateJob.class, DriftFixJob.class, PartitionsJob.class, ExportJob.class},
        description = "Dynoscope's whole-table jobs on Apache Spark (docs/jobs.md).")
public final class JobMain implements Callable<Integer> {

    @Option(
            names = "--endpoint",
            paramLabel = "URL",
            scope = ScopeType.INHERIT,
            description = "A DynamoDB-compatible endpoint, such as a local engine.")
    String endpoint;

    @Option(
            names = "--s3-endpoint",
            paramLabel = "URL",
            scope = ScopeType.INHERIT,
            description =
                    "An S3-compatible endpoint for s3:// paths (default: AWS's S3 in --region).")
    String s3Endpoint;

    @Option(names = "--profile", paramLabel = "NAME", scope = ScopeType.INHERIT)
    String profile;

    @Option(names = "--region", paramLabel = "REGION", scope = ScopeType.INHERIT)
    String region;

    @Option(names = "--access-key-id", paramLabel = "ID", scope = ScopeType.INHERIT)
    String accessKeyId;

    @Option(
            names = "--read-only",
            scope = ScopeType.INHERIT,
            description = "Refuse every write (exit 4) before anything is read.")
    boolean readOnly;

    @Option(
            names = "--read-write",
            scope = ScopeType.INHERIT,
            description = "Allow writes through a profile that matches the read-only patterns.")
    boolean readWrite;

    @Option(
            names = "--master",
            paramLabel = "URL",
            scope = ScopeType.INHERIT,
            description =
                    "Spark's master when not set by spark-submit (default: local[*], with up to 4"
                            + " attempts per task).")
    String master;

    @Option(
            names = "--progress",
            paramLabel = "FILE",
            scope = ScopeType.INHERIT,
            description =
                    "Where the job keeps its progress (units done of all, items read and written,"
                            + " capacity and cost so far) as JSON, a file or s3://BUCKET/KEY, for"
                            + " `dynoscope job status --progress FILE`. It prints each as a"
                            + " 'progress: ' line either way.")
    String progressFile;

    private final JavaSparkContext given;
    private final PrintStream out;
    private final PrintStream err;

    private JobMain(JavaSparkContext given, PrintStream out, PrintStream err) {
        this.given = given;
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        System.exit(run(null, System.out, System.err, args));
    }

    /**
     * Runs one job; with {@code spark} null it starts (and stops) its own Spark context.
     *
     * @return the exit code: as the desktop command's (0 done, 3 the proof failed, ...)
     */
    public static int run(
            JavaSparkContext spark, PrintStream out, PrintStream err, String... args) {
        CommandLine line = new CommandLine(new JobMain(spark, out, err));
        line.setErr(new PrintWriter(err, true));
        line.setExecutionExceptionHandler(
                (e, cmd, parsed) -> {
                    err.println(cmd.getCommandName() + ": " + e.getMessage());
                    return e instanceof IllegalArgumentException
                            ? ExitCodes.USAGE
                            : ExitCodes.SERVICE_ERROR;
                });
        return line.execute(args);
    }

    @Override
    public Integer call() {
        err.println("name a job: migrate, drift-fix, partitions or export (--help)");
        return ExitCodes.USAGE;
    }

    JobConnection connection() {
        if (readOnly && readWrite) {
            throw new IllegalArgumentException("--read-only and --read-write do not go together");
        }
        return new JobConnection(
                endpoint,
                region,
                profile,
                accessKeyId,
                readOnly ? Boolean.TRUE : readWrite ? Boolean.FALSE : null,
                s3Endpoint);
    }

    PrintStream err() {
        return err;
    }

    /** Reads and writes the job's local and {@code s3://} paths. */
    JobFiles files() {
        return new JobFiles(connection());
    }

    /**
     * Writes a job's result to {@code file} (a local path, atomically, or an {@code s3://} URI), or
     * to stdout when null.
     */
    void write(String file, String text) throws IOException {
        if (file == null) {
            out.println(text);
            return;
        }
        byte[] bytes = (text + "\n").getBytes(StandardCharsets.UTF_8);
        files().write(file, stream -> stream.write(bytes));
        err.println("written to " + file);
    }

    /**
     * Reports how far the job is: a progress line on stderr and, with {@code --progress}, the
     * file's new content. A file that cannot be written is said once per report and does not stop
     * the job.
     */
    void progress(JobProgress progress) {
        err.println(progress.line());
        if (progressFile == null) {
            return;
        }
        byte[] bytes = progress.json().getBytes(StandardCharsets.UTF_8);
        try {
            files().write(progressFile, stream -> stream.write(bytes));
        } catch (IOException | RuntimeException e) {
            err.println("progress not written to " + progressFile + ": " + e.getMessage());
        }
    }

    /** Runs {@code job} with the given Spark context, or one of its own stopped afterwards. */
    <T> T withSpark(String job, SparkJob<T> body) throws Exception {
        if (given != null) {
            return body.run(given);
        }
        SparkConf conf = new SparkConf().setAppName("dynoscope " + job);
        if (!conf.contains("spark.master")) {
            conf.setMaster(master != null ? master : "local[*,4]");
        }
        try (JavaSparkContext spark = new JavaSparkContext(conf)) {
            return body.run(spark);
        }
    }

    /** A job's body, given its Spark context. */
    @FunctionalInterface
    interface SparkJob<T> {
        T run(JavaSparkContext spark) throws Exception;
    }
}

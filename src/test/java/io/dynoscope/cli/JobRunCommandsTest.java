package io.dynoscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.repository.SdkRepositories;
import io.dynoscope.testsupport.MotoServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.emrserverless.EmrServerlessClient;
import software.amazon.awssdk.services.emrserverless.model.JobRun;
import software.amazon.awssdk.services.emrserverless.model.ResourceNotFoundException;

/**
 * {@code job submit --engine emr-serverless}, {@code job status} and {@code job cancel} against
 * moto's server (EMR Serverless as moto implements it): what StartJobRun carried, GetJobRun's
 * state, CancelJobRun; and that a read-only connection sends nothing.
 */
class JobRunCommandsTest {

    private static final String ROLE = "arn:aws:iam::123456789012:role/dynoscope-job";
    private static final String JAR = "s3://jobs-bucket/dynoscope-jobs.jar";

    private static MotoServer moto;
    private static URI endpoint;
    private static EmrServerlessClient emr;
    private String applicationId;

    @BeforeAll
    static void startMoto() throws IOException, InterruptedException {
        moto = MotoServer.start("the EMR Serverless commands are not tested here");
        endpoint = moto.endpoint();
        emr =
                EmrServerlessClient.builder()
                        .endpointOverride(endpoint)
                        .region(Region.US_EAST_1)
                        .credentialsProvider(
                                StaticCredentialsProvider.create(
                                        AwsBasicCredentials.create("dynoscope", "dynoscope-local")))
                        .build();
    }

    @AfterAll
    static void stopMoto() throws InterruptedException {
        if (emr != null) {
            emr.close();
        }
        if (moto != null) {
            moto.close();
        }
    }

    @BeforeEach
    void createApplication() {
        applicationId =
                emr.createApplication(
                                r ->
                                        r.name("dynoscope-test")
                                                .releaseLabel("emr-7.5.0")
                                                .type("SPARK"))
                        .applicationId();
    }

    @Test
    void submitStartsTheJarWithTheJobsArgumentsThenStatusAndCancel() {
        CliRun submit =
                submit(false, JAR, "partitions", "--table", "my table", "--report", "/tmp/r.json");
        assertEquals(0, submit.exitCode(), submit.err());
        String runId = submit.out().trim();
        assertTrue(!runId.isEmpty() && !runId.contains("\n"), submit.out());

        JobRun sent = emr.getJobRun(r -> r.applicationId(applicationId).jobRunId(runId)).jobRun();
        assertEquals(JAR, sent.jobDriver().sparkSubmit().entryPoint());
        assertEquals(
                List.of("partitions", "--table", "my table", "--report", "/tmp/r.json"),
                sent.jobDriver().sparkSubmit().entryPointArguments());
        assertEquals(
                "--class io.dynoscope.jobs.JobMain",
                sent.jobDriver().sparkSubmit().sparkSubmitParameters());
        // moto's GetJobRun leaves the role out; its ListJobRuns has it
        assertEquals(
                ROLE,
                emr.listJobRuns(r -> r.applicationId(applicationId))
                        .jobRuns()
                        .get(0)
                        .executionRole());

        CliRun status = onRun(false, "status", runId);
        assertEquals(0, status.exitCode(), status.err());
        assertTrue(status.out().startsWith("state: " + sent.stateAsString() + "\n"), status.out());

        CliRun cancel = onRun(false, "cancel", runId);
        assertEquals(0, cancel.exitCode(), cancel.err());
        String after =
                emr.getJobRun(r -> r.applicationId(applicationId).jobRunId(runId))
                        .jobRun()
                        .stateAsString();
        assertTrue(after.equals("CANCELLING") || after.equals("CANCELLED"), after);

        CliRun statusAfter = onRun(false, "status", runId);
        assertEquals("state: " + after, statusAfter.out().lines().findFirst().orElse(""));
    }

    @Test
    void aReadOnlyConnectionSubmitsAndCancelsNothing() {
        String runId =
                emr.startJobRun(
                                r ->
                                        r.applicationId(applicationId)
                                                .executionRoleArn(ROLE)
                                                .jobDriver(
                                                        d -> d.sparkSubmit(s -> s.entryPoint(JAR))))
                        .jobRunId();
        String before = stateOf(runId);

        CliRun submit = submit(true, JAR, "partitions", "--table", "t");
        CliRun cancel = onRun(true, "cancel", runId);

        assertEquals(ExitCodes.READ_ONLY, submit.exitCode(), submit.err());
        assertEquals(ExitCodes.READ_ONLY, cancel.exitCode(), cancel.err());
        assertTrue(submit.err().contains("read-only"), submit.err());
        assertEquals("", submit.out());
        assertEquals(1, runsOf(applicationId), "only the run this test started");
        assertEquals(before, stateOf(runId), "the run was not cancelled");
    }

    @Test
    void aJarThatIsNotInS3OrAnUnknownRunIsAnErrorAndStartsNothing() {
        CliRun submit = submit(false, "target/dynoscope-jobs.jar", "partitions", "--table", "t");
        assertEquals(ExitCodes.USAGE, submit.exitCode(), submit.err());
        assertTrue(submit.err().contains("not an s3:// URI"), submit.err());
        assertEquals(0, runsOf(applicationId));

        CliRun status = onRun(false, "status", "00000000000000000");
        assertNotEquals(0, status.exitCode(), status.out());
        assertTrue(status.err().contains("GetJobRun"), status.err());
    }

    private String stateOf(String runId) {
        return emr.getJobRun(r -> r.applicationId(applicationId).jobRunId(runId))
                .jobRun()
                .stateAsString();
    }

    private static int runsOf(String application) {
        try {
            return emr.listJobRuns(r -> r.applicationId(application)).jobRuns().size();
        } catch (ResourceNotFoundException e) {
            return 0; // moto knows an application's runs only from its first StartJobRun on
        }
    }

    /** {@code job submit --engine emr-serverless} of {@code jar} with the job and its arguments. */
    private CliRun submit(boolean readOnly, String jar, String... job) {
        List<String> args = new ArrayList<>();
        if (readOnly) {
            args.add("--read-only");
        }
        args.addAll(
                List.of(
                        "job",
                        "submit",
                        "--engine",
                        "emr-serverless",
                        "--application-id",
                        applicationId,
                        "--execution-role",
                        ROLE,
                        "--jar",
                        jar));
        args.addAll(List.of(job));
        return cli(args.toArray(String[]::new));
    }

    /** {@code job status} or {@code job cancel} of {@code runId}. */
    private CliRun onRun(boolean readOnly, String verb, String runId) {
        List<String> args = new ArrayList<>(readOnly ? List.of("--read-only") : List.of());
        args.addAll(
                List.of(
                        "job",
                        verb,
                        "--engine",
                        "emr-serverless",
                        "--application-id",
                        applicationId,
                        runId));
        return cli(args.toArray(String[]::new));
    }

    /** Runs the command line with moto's endpoint as the connection and the SDK's repositories. */
    private static CliRun cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code =
                DynoscopeCli.run(
                        Stream.concat(
                                        Stream.of(
                                                "--endpoint",
                                                endpoint.toString(),
                                                "--region",
                                                "us-east-1"),
                                        Stream.of(args))
                                .toArray(String[]::new),
                        System.in,
                        out,
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        Map.of(),
                        new SdkRepositories());
        return new CliRun(
                code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}

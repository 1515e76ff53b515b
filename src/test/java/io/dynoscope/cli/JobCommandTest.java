package io.dynoscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.service.job.JobProgress;
import io.dynoscope.testsupport.MigrationFixture;
import io.dynoscope.testsupport.SparkJvm;
import io.dynoscope.testsupport.TestEngine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dynoscope job submit}: the spark-submit line it prints, the local engine's child process
 * (through a stand-in for Spark's launcher that runs the job's main class on this test's class
 * path), and the refusals before anything starts.
 */
class JobCommandTest {

    @TempDir Path folder;

    @Test
    void theSparkSubmitLineCarriesTheConnectionAndTheJobsArguments() throws IOException {
        Path jar = Files.writeString(folder.resolve("dynoscope-jobs.jar"), "");
        String endpoint = TestEngine.endpoint().toString();

        CliRun run =
                CliRun.cli(
                        "job",
                        "submit",
                        "--engine",
                        "spark-submit",
                        "--jar",
                        jar.toString(),
                        "partitions",
                        "--table",
                        "my table",
                        "--report",
                        "r.json");

        assertEquals(0, run.exitCode(), run.err());
        assertEquals(
                "spark-submit --class io.dynoscope.jobs.JobMain --master yarn "
                        + jar.toAbsolutePath()
                        + " --endpoint "
                        + endpoint
                        + " --region us-east-1 --access-key-id dynoscope partitions --table"
                        + " 'my table' --report r.json",
                run.out().trim());
    }

    @Test
    void aReadOnlyConnectionDoesNotSubmitAMigration() throws IOException {
        Path jar = Files.writeString(folder.resolve("dynoscope-jobs.jar"), "");

        CliRun run =
                CliRun.cli(
                        "--read-only",
                        "job",
                        "submit",
                        "--engine",
                        "spark-submit",
                        "--jar",
                        jar.toString(),
                        "migrate",
                        "--table",
                        "t",
                        "--to",
                        "target.json");

        assertEquals(ExitCodes.CONDITION_FAILED, run.exitCode(), run.err());
        assertEquals("", run.out());
        assertTrue(run.err().contains("read-only"), run.err());
    }

    @Test
    void theLocalEngineNeedsSparkHome() throws IOException {
        Path jar = Files.writeString(folder.resolve("dynoscope-jobs.jar"), "");

        CliRun run =
                CliRun.run(
                        Map.of(),
                        SdkDynamoRepository::connect,
                        List.of(
                                "--endpoint",
                                TestEngine.endpoint().toString(),
                                "job",
                                "submit",
                                "--jar",
                                jar.toString(),
                                "partitions",
                                "--table",
                                "t"));

        assertEquals(ExitCodes.USAGE, run.exitCode());
        assertTrue(run.err().contains("SPARK_HOME is not set"), run.err());
    }

    @Test
    void theLocalEngineRunsTheJobInAChildProcess() throws IOException {
        String table = MigrationFixture.table("job-cli");
        MigrationFixture.load(TestEngine.repository(), table, MigrationFixture.items(4));
        Path jar = Files.writeString(folder.resolve("dynoscope-jobs.jar"), "");
        Path sparkHome = SparkJvm.standInSparkHome(folder);
        Path report = folder.resolve("partitions.json");
        Path progress = folder.resolve("progress.json");
        String desktop = CliRun.cli("partitions", "--table", table, "--json").out().trim();

        CliRun run =
                CliRun.run(
                        Map.of("SPARK_HOME", sparkHome.toString()),
                        SdkDynamoRepository::connect,
                        List.of(
                                "--endpoint",
                                TestEngine.endpoint().toString(),
                                "job",
                                "submit",
                                "--cores",
                                "2",
                                "--jar",
                                jar.toString(),
                                "partitions",
                                "--table",
                                table,
                                "--report",
                                report.toString(),
                                "--progress",
                                progress.toString()));

        assertEquals(0, run.exitCode(), run.err());
        assertEquals(desktop, Files.readString(report).trim());
        // the counts it kept: every segment read, every item of the table, a Scan's read units
        JobProgress counts = JobProgress.read(Files.readString(progress));
        assertEquals("partitions", counts.step());
        assertEquals(counts.total(), counts.done());
        assertEquals(
                new ObjectMapper().readTree(desktop).get("items").asLong(), counts.itemsRead());
        assertTrue(counts.readUnits() > 0, counts.json());
        CliRun status = CliRun.cli("job", "status", "--progress", progress.toString());
        assertEquals(0, status.exitCode(), status.err());
        assertEquals(JobProgress.PREFIX + counts.text(), status.out().trim());
    }
}

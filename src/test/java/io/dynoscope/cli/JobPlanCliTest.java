package io.dynoscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.testsupport.TestEngine;
import org.junit.jupiter.api.Test;

/** {@code dynoscope job plan} against the test engine: one DescribeTable, the estimate printed. */
class JobPlanCliTest {

    @Test
    void planPrintsTheTimeForEachExecutorCount() {
        String table = TestEngine.freshTable("job-plan");

        CliRun run =
                CliRun.cli(
                        "job",
                        "plan",
                        "migrate",
                        "--table",
                        table,
                        "--items",
                        "1000000000",
                        "--executors",
                        "1,10,100");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(
                run.out().contains("1,000,000,000 items (as given), 1 write unit each"), run.out());
        assertTrue(run.out().contains("500,000 Scan segments"), run.out());
        assertTrue(run.out().contains("the table is on demand"), run.out());
        assertTrue(run.out().contains("  10 executors: about 25.3 h (11,000 items/s)"), run.out());
        assertTrue(run.out().contains("run it on a cluster"), run.out());
    }

    @Test
    void readingJobsAreNotEstimated() {
        CliRun run = CliRun.cli("job", "plan", "partitions", "--table", "any");

        assertEquals(ExitCodes.USAGE, run.exitCode());
        assertTrue(run.err().contains("estimates the writing jobs"), run.err());
    }
}

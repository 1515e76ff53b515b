package io.dynoscope.ui.common.job;

import io.dynoscope.service.job.ClusterJobRun;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.testsupport.SparkJvm;
import io.dynoscope.testsupport.TestEngine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Run on a cluster…'s context for UI tests that run a real job: the local engine's spark-submit is
 * a stand-in SPARK_HOME that runs the job's main class in a child JVM with Spark's local mode (this
 * test's class path holds Spark and the jobs), on the test engine's connection. No EMR request.
 */
public final class LocalSparkCluster {

    private LocalSparkCluster() {}

    /** On a writable connection, or on one read-only for {@code readOnlyReason}. */
    public static ClusterContext context(Path folder, Optional<String> readOnlyReason)
            throws IOException {
        Path jar = Files.writeString(folder.resolve("dynoscope-jobs.jar"), "");
        return new ClusterContext(
                Optional.of(ConnectionSpec.Endpoint.of(TestEngine.endpoint().toString())),
                readOnlyReason,
                jar.toString(),
                Optional.of(SparkJvm.standInSparkHome(folder).toString()),
                new RunOnClusterViewModel.Services(
                        new ClusterJobRun(100),
                        ClusterJobRun.processes(),
                        (connection, region) -> {
                            throw new AssertionError("no EMR request in these tests");
                        }));
    }
}

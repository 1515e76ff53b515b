package io.dynoscope.ui.common.job;

import io.dynoscope.service.store.ConnectionSpec;
import java.util.Optional;

/**
 * What Run on a cluster… needs from the app for any job: the connection the job is given, the jobs
 * jar beside the program, SPARK_HOME for the local engine, and the services that run it.
 */
public record ClusterContext(
        Optional<ConnectionSpec> connection,
        String defaultJar,
        Optional<String> sparkHome,
        RunOnClusterViewModel.Services services) {}

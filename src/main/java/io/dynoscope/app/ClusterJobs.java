package io.dynoscope.app;

import io.dynoscope.repository.SdkRepositories;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.access.WriteAccess;
import io.dynoscope.service.job.ClusterJobRun;
import io.dynoscope.service.job.JobLaunch;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.job.ClusterContext;
import io.dynoscope.ui.common.job.RunOnClusterViewModel;
import io.dynoscope.ui.drift.DriftInspectorViewModel;
import java.util.Optional;

/**
 * What Run on a cluster… is given by the app: the connection, the jobs jar, SPARK_HOME, the SDK's.
 */
final class ClusterJobs {

    private ClusterJobs() {}

    static ClusterContext context(DynamoRepository repository) {
        SdkRepositories sdk = new SdkRepositories();
        return new ClusterContext(
                repository.connection(),
                WriteAccess.reason(repository),
                JobLaunch.jarBeside(AppContext.class).toString(),
                Optional.ofNullable(System.getenv("SPARK_HOME")).filter(h -> !h.isBlank()),
                new RunOnClusterViewModel.Services(
                        new ClusterJobRun(2_000), ClusterJobRun.processes(), sdk::jobRuns));
    }

    /** The drift inspector of a table, offering Run on a cluster…. */
    static DriftInspectorViewModel drift(
            String table,
            ConnectionServices services,
            BackgroundWork work,
            DynamoRepository repository) {
        DriftInspectorViewModel drift = new DriftInspectorViewModel(table, services, work);
        drift.setCluster(context(repository));
        return drift;
    }
}

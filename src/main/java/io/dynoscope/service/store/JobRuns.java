package io.dynoscope.service.store;

import java.util.List;

/**
 * Job runs of an EMR Serverless application, without the SDK: start one (StartJobRun), read its
 * state (GetJobRun), cancel it (CancelJobRun). The repository layer holds the SDK's implementation.
 */
public interface JobRuns extends AutoCloseable {

    /** A Spark job to start: the jar's S3 URI as entry point, its arguments, spark-submit's. */
    record Start(
            String applicationId,
            String executionRoleArn,
            String name,
            String entryPoint,
            List<String> arguments,
            String sparkSubmitParameters) {
        public Start {
            arguments = List.copyOf(arguments);
        }
    }

    /** A job run as GetJobRun shows it. */
    record Run(
            String jobRunId,
            String state,
            String stateDetails,
            String entryPoint,
            List<String> arguments) {
        public Run {
            arguments = arguments == null ? List.of() : List.copyOf(arguments);
        }
    }

    /** Starts a job run; returns its id. */
    String start(Start start);

    Run get(String applicationId, String jobRunId);

    void cancel(String applicationId, String jobRunId);

    @Override
    void close();
}

package io.dynoscope.repository;

import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.JobRuns;
import io.dynoscope.service.store.RepositoryException;
import java.time.Duration;
import java.util.function.Supplier;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.emrserverless.EmrServerlessClient;
import software.amazon.awssdk.services.emrserverless.EmrServerlessClientBuilder;
import software.amazon.awssdk.services.emrserverless.model.JobDriver;
import software.amazon.awssdk.services.emrserverless.model.JobRun;
import software.amazon.awssdk.services.emrserverless.model.SparkSubmit;

/** The SDK's {@link JobRuns}: an {@link EmrServerlessClient}. */
final class SdkJobRuns implements JobRuns {

    private final EmrServerlessClient client;

    private SdkJobRuns(EmrServerlessClient client) {
        this.client = client;
    }

    // The pom pins the Apache 4 client, which SDK 2.57 deprecates in favour of apache5-client.
    @SuppressWarnings("deprecation")
    static SdkJobRuns create(ConnectionSpec connection, String region) {
        EmrServerlessClientBuilder builder =
                EmrServerlessClient.builder()
                        .httpClientBuilder(
                                ApacheHttpClient.builder()
                                        .connectionTimeout(Duration.ofSeconds(5))
                                        .socketTimeout(Duration.ofSeconds(60)))
                        .credentialsProvider(DynamoClients.credentialsFor(connection));
        String chosen = region != null && !region.isBlank() ? region : connection.region();
        if (connection instanceof ConnectionSpec.Endpoint endpoint) {
            builder.endpointOverride(endpoint.endpoint());
        }
        if (chosen != null && !chosen.isBlank()) {
            builder.region(Region.of(chosen));
        }
        try {
            return new SdkJobRuns(builder.build());
        } catch (SdkException e) {
            throw new RepositoryException(
                    RepositoryException.Kind.VALIDATION,
                    "Connect",
                    null,
                    "no EMR Serverless client: " + e.getMessage() + " (give --region)",
                    e);
        }
    }

    @Override
    public String start(Start start) {
        return call(
                "StartJobRun",
                () ->
                        client.startJobRun(
                                        r ->
                                                r.applicationId(start.applicationId())
                                                        .executionRoleArn(start.executionRoleArn())
                                                        .name(start.name())
                                                        .jobDriver(
                                                                JobDriver.builder()
                                                                        .sparkSubmit(
                                                                                SparkSubmit
                                                                                        .builder()
                                                                                        .entryPoint(
                                                                                                start
                                                                                                        .entryPoint())
                                                                                        .entryPointArguments(
                                                                                                start
                                                                                                        .arguments())
                                                                                        .sparkSubmitParameters(
                                                                                                start
                                                                                                        .sparkSubmitParameters())
                                                                                        .build())
                                                                        .build()))
                                .jobRunId());
    }

    @Override
    public Run get(String applicationId, String jobRunId) {
        JobRun run =
                call(
                        "GetJobRun",
                        () ->
                                client.getJobRun(
                                                r ->
                                                        r.applicationId(applicationId)
                                                                .jobRunId(jobRunId))
                                        .jobRun());
        SparkSubmit submit = run.jobDriver() == null ? null : run.jobDriver().sparkSubmit();
        return new Run(
                run.jobRunId(),
                run.stateAsString(),
                run.stateDetails(),
                submit == null ? null : submit.entryPoint(),
                submit == null ? null : submit.entryPointArguments());
    }

    @Override
    public void cancel(String applicationId, String jobRunId) {
        call(
                "CancelJobRun",
                () -> client.cancelJobRun(r -> r.applicationId(applicationId).jobRunId(jobRunId)));
    }

    @Override
    public void close() {
        client.close();
    }

    private static <T> T call(String operation, Supplier<T> request) {
        try {
            return request.get();
        } catch (SdkException e) {
            throw new RepositoryException(
                    RepositoryException.Kind.OTHER, operation, null, e.getMessage(), e);
        }
    }
}

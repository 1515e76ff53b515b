package io.dynoscope.jobs;

import io.dynoscope.repository.SdkObjectStore;
import io.dynoscope.repository.SdkRepositories;
import io.dynoscope.service.access.ReadOnlyPolicy;
import io.dynoscope.service.access.ReadOnlyPolicy.Access;
import io.dynoscope.service.access.WriteAccess;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.ObjectStore;
import java.io.Serializable;
import java.net.URI;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Where a job's driver and tasks connect, as plain strings so Spark can ship it to every executor:
 * an endpoint, else a profile, else the default credential chain (an EMR job's execution role).
 * Writes are refused by the same read-only rules as the command line's.
 *
 * @param endpoint a DynamoDB-compatible endpoint URL, or null
 * @param region the region, or null for the chain's
 * @param profile a profile name, or null
 * @param accessKeyId the key id signed with at a local endpoint, or null
 * @param readOnly the user's choice: true refuses every write, false allows writes through a
 *     profile that matches the read-only patterns, null leaves it to those patterns
 * @param s3Endpoint an S3-compatible endpoint URL for {@code s3://} paths, or null for AWS's S3
 */
public record JobConnection(
        String endpoint,
        String region,
        String profile,
        String accessKeyId,
        Boolean readOnly,
        String s3Endpoint)
        implements Serializable {

    private static final long serialVersionUID = 1L;

    /**
     * What a task's repository is wrapped in: nothing, unless a test in the same JVM (Spark's local
     * mode) injects a failure or records the writes. Never set outside tests.
     */
    static volatile UnaryOperator<DynamoRepository> taskHook = UnaryOperator.identity();

    public JobConnection {
        if (endpoint != null && profile != null) {
            throw new IllegalArgumentException(
                    "--endpoint and --profile do not go together: an endpoint uses local dummy"
                            + " credentials");
        }
    }

    ConnectionSpec spec() {
        if (endpoint != null) {
            return new ConnectionSpec.Endpoint(URI.create(endpoint), region, accessKeyId);
        }
        return profile != null
                ? new ConnectionSpec.Profile(profile, region)
                : new ConnectionSpec.DefaultChain(region);
    }

    /** The driver's repository: writes refused as the command line refuses them. */
    DynamoRepository open() {
        ConnectionSpec spec = spec();
        Access access =
                ReadOnlyPolicy.fromEnvironment(System.getenv())
                        .decide(spec, Optional.ofNullable(readOnly));
        return WriteAccess.guard(new SdkRepositories().open(spec), access);
    }

    /** S3, for {@code s3://} paths: the connection's credentials, at --s3-endpoint if given. */
    ObjectStore objects() {
        return SdkObjectStore.open(spec(), s3Endpoint == null ? null : URI.create(s3Endpoint));
    }

    /** A task's repository (one per task, closed by it). */
    DynamoRepository openForTask() {
        return taskHook.apply(open());
    }
}

package io.dynoscope.repository;

import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.ObjectStore;
import io.dynoscope.service.store.RepositoryException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Supplier;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;
import software.amazon.awssdk.services.s3.model.NoSuchBucketException;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * The SDK's {@link ObjectStore}: an {@link S3Client} with the connection's credentials. Only the
 * whole-table jobs use it; the desktop package does not carry the S3 client (pom.xml).
 */
public final class SdkObjectStore implements ObjectStore {

    private final S3Client client;

    private SdkObjectStore(S3Client client) {
        this.client = client;
    }

    /**
     * S3 with the credentials of {@code connection}; at {@code endpoint} (path-style, as local S3
     * servers want it) when not null, else AWS's S3 in the connection's region.
     */
    // The pom pins the Apache 4 client, which SDK 2.57 deprecates in favour of apache5-client.
    @SuppressWarnings("deprecation")
    public static ObjectStore open(ConnectionSpec connection, URI endpoint) {
        S3ClientBuilder builder =
                S3Client.builder()
                        .httpClientBuilder(
                                ApacheHttpClient.builder()
                                        .connectionTimeout(Duration.ofSeconds(5))
                                        .socketTimeout(Duration.ofSeconds(60)))
                        .credentialsProvider(DynamoClients.credentialsFor(connection));
        String region = connection.region();
        if (endpoint != null) {
            builder.endpointOverride(endpoint).forcePathStyle(true);
            if (region == null || region.isBlank()) {
                region = ConnectionSpec.Endpoint.DEFAULT_REGION;
            }
        }
        if (region != null && !region.isBlank()) {
            builder.region(Region.of(region));
        }
        try {
            return new SdkObjectStore(builder.build());
        } catch (SdkException e) {
            throw new RepositoryException(
                    RepositoryException.Kind.VALIDATION,
                    "Connect",
                    null,
                    "no S3 client: " + e.getMessage() + " (give --region)",
                    e);
        }
    }

    @Override
    public InputStream read(String bucket, String key) {
        return call(
                "GetObject", bucket, key, () -> client.getObject(r -> r.bucket(bucket).key(key)));
    }

    @Override
    public boolean exists(String bucket, String key) {
        try {
            client.headObject(r -> r.bucket(bucket).key(key));
            return true;
        } catch (NoSuchKeyException e) {
            return false;
        } catch (S3Exception e) {
            if (e.statusCode() == 404) {
                return false;
            }
            throw failure("HeadObject", bucket, key, e);
        } catch (SdkException e) {
            throw failure("HeadObject", bucket, key, e);
        }
    }

    @Override
    public void write(String bucket, String key, Path file) {
        call(
                "PutObject",
                bucket,
                key,
                () -> client.putObject(r -> r.bucket(bucket).key(key), RequestBody.fromFile(file)));
    }

    @Override
    public void close() {
        client.close();
    }

    private static <T> T call(String operation, String bucket, String key, Supplier<T> request) {
        try {
            return request.get();
        } catch (SdkException e) {
            throw failure(operation, bucket, key, e);
        }
    }

    private static RepositoryException failure(
            String operation, String bucket, String key, SdkException e) {
        boolean missing =
                e instanceof NoSuchKeyException
                        || e instanceof NoSuchBucketException
                        || (e instanceof S3Exception s3 && s3.statusCode() == 404);
        return new RepositoryException(
                missing ? RepositoryException.Kind.NOT_FOUND : RepositoryException.Kind.OTHER,
                operation,
                null,
                "s3://" + bucket + "/" + key + ": " + e.getMessage(),
                e);
    }
}

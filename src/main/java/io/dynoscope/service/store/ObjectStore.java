package io.dynoscope.service.store;

import java.io.InputStream;
import java.nio.file.Path;

/**
 * Objects in S3 (or an S3-compatible endpoint), without the SDK: what the whole-table jobs read a
 * DynamoDB export from and write their reports and parts to. The repository layer holds the SDK's
 * implementation.
 */
public interface ObjectStore extends AutoCloseable {

    /**
     * The object's content, to be closed by the caller.
     *
     * @throws RepositoryException of kind NOT_FOUND when there is no such object or bucket
     */
    InputStream read(String bucket, String key);

    /** Whether the object exists (one HeadObject). */
    boolean exists(String bucket, String key);

    /** Puts {@code file} as the object (one PutObject: the object appears whole or not at all). */
    void write(String bucket, String key, Path file);

    @Override
    void close();
}

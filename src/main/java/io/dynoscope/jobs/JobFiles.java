package io.dynoscope.jobs;

import io.dynoscope.core.file.OutputFile;
import io.dynoscope.service.store.ObjectStore;
import io.dynoscope.service.store.RepositoryException;
import java.io.BufferedOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The paths a job reads and writes, each either a local path (on a cluster: one every executor
 * sees) or an {@code s3://bucket/key} URI read and written with the SDK's S3 client, not Hadoop's
 * s3a (docs/jobs.md). An object is written with one PutObject, so it too appears whole or not at
 * all, and a retried task writes it again.
 */
final class JobFiles implements Serializable {

    private static final long serialVersionUID = 1L;

    private final JobConnection connection;

    JobFiles(JobConnection connection) {
        this.connection = connection;
    }

    static boolean isS3(String where) {
        return where.startsWith("s3://");
    }

    /** {@code name} in {@code folder}: a local path, or a key under an S3 prefix. */
    static String resolve(String folder, String name) {
        if (isS3(folder)) {
            return folder.endsWith("/") ? folder + name : folder + "/" + name;
        }
        return Path.of(folder).resolve(name).toString();
    }

    /** Whether the file or object exists. */
    boolean exists(String where) {
        return missing(List.of(where)).isEmpty();
    }

    /** Those of the files or objects that do not exist (one HeadObject each, one client). */
    List<String> missing(List<String> wheres) {
        List<String> missing = new ArrayList<>();
        ObjectStore store = null;
        try {
            for (String where : wheres) {
                if (!isS3(where)) {
                    if (!Files.isRegularFile(Path.of(where))) {
                        missing.add(where);
                    }
                    continue;
                }
                if (store == null) {
                    store = connection.objects();
                }
                Object3 object = Object3.of(where);
                if (!store.exists(object.bucket(), object.key())) {
                    missing.add(where);
                }
            }
        } finally {
            if (store != null) {
                store.close();
            }
        }
        return missing;
    }

    /** The content of a file or object, to be closed by the caller. */
    InputStream open(String where) throws IOException {
        if (!isS3(where)) {
            return Files.newInputStream(Path.of(where));
        }
        Object3 object = Object3.of(where);
        ObjectStore store = connection.objects();
        InputStream in;
        try {
            in = store.read(object.bucket(), object.key());
        } catch (RepositoryException e) {
            store.close();
            throw new IOException(e.getMessage(), e);
        }
        return new FilterInputStream(in) {
            @Override
            public void close() throws IOException {
                try {
                    super.close();
                } finally {
                    store.close();
                }
            }
        };
    }

    /** Makes the folder a job writes files into (nothing to make under an S3 prefix). */
    void makeFolder(String where) throws IOException {
        if (!isS3(where)) {
            Files.createDirectories(Path.of(where));
        }
    }

    /** Writes a file atomically, or an object with one PutObject of a local temporary file. */
    void write(String where, OutputFile.Content content) throws IOException {
        if (!isS3(where)) {
            OutputFile.check(Path.of(where)).write(content);
            return;
        }
        Object3 object = Object3.of(where);
        Path partial = Files.createTempFile("dynoscope-job-", ".part");
        try {
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(partial))) {
                content.writeTo(out);
            }
            try (ObjectStore store = connection.objects()) {
                store.write(object.bucket(), object.key(), partial);
            } catch (RepositoryException e) {
                throw new IOException(e.getMessage(), e);
            }
        } finally {
            Files.deleteIfExists(partial);
        }
    }

    /** An {@code s3://bucket/key} URI taken apart. */
    record Object3(String bucket, String key) {
        static Object3 of(String uri) {
            String rest = uri.substring("s3://".length());
            int slash = rest.indexOf('/');
            if (slash <= 0 || slash == rest.length() - 1) {
                throw new IllegalArgumentException(uri + " is not s3://BUCKET/KEY");
            }
            return new Object3(rest.substring(0, slash), rest.substring(slash + 1));
        }
    }
}

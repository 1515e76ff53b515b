package io.dynoscope.core.file;

import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;

/** Files read and written by their owner only, from their first byte. */
public final class OwnerOnly {

    private OwnerOnly() {}

    /**
     * The attributes that create {@code file} readable and writable by its owner alone, where the
     * file system has modes (none elsewhere: Windows folders under the user's profile are private).
     */
    public static FileAttribute<?>[] attributes(Path file) {
        Path folder = file.toAbsolutePath().getParent();
        if (folder == null
                || !folder.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            return new FileAttribute<?>[0];
        }
        return new FileAttribute<?>[] {
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))
        };
    }
}

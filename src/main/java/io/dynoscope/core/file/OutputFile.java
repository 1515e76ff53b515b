package io.dynoscope.core.file;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The one place that writes a file the user named (an export, the settings): where the path really
 * leads is decided, and checked, before anything is read or computed, so a bad path costs nothing.
 *
 * <ul>
 *   <li>A symbolic link is followed to its target, which is written; the link stays.
 *   <li>A regular file (or a new one) is written atomically: to a {@code .<name>.<random>.part}
 *       file beside it, forced to disk, then moved over it in one step; a failure or a cancel
 *       leaves the old file as it was and no {@code .part} behind. The partial file has its final
 *       permissions before its first byte: the old file's when one is replaced, else owner-only
 *       (0600 on POSIX systems), so what is being written is never readable by more people than the
 *       finished file, not even while it is written or when the process is killed.
 *   <li>Anything else that exists (a FIFO, a character device such as {@code /dev/null}) is written
 *       directly, as a shell redirection would: replacing it would break whoever reads from it.
 *   <li>A folder, a missing parent folder, or a file or folder without write permission is refused
 *       by {@link #check} with a sentence that says which.
 * </ul>
 */
public final class OutputFile {

    /** How the destination is written. */
    public enum Kind {
        /** A regular file or a new one: written beside it and moved over it. */
        REGULAR,
        /** A FIFO, device or other special file: opened and written in place. */
        SPECIAL
    }

    private static final int MAX_LINKS = 40;
    private static final Set<PosixFilePermission> OWNER_ONLY =
            Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);

    private final Path requested;
    private final Path target;
    private final Kind kind;
    private final Set<PosixFilePermission> permissions;
    private final boolean ownerOnly;
    private volatile Path part;

    private OutputFile(
            Path requested,
            Path target,
            Kind kind,
            Set<PosixFilePermission> permissions,
            boolean ownerOnly) {
        this.requested = requested;
        this.target = target;
        this.kind = kind;
        this.permissions = permissions;
        this.ownerOnly = ownerOnly;
    }

    /**
     * Writes {@code bytes} to {@code file} atomically so that only its owner can read it (0600 on
     * POSIX systems, from the moment the partial file is created): for secrets such as cached
     * session credentials.
     */
    public static void writePrivately(Path file, byte[] bytes) throws IOException {
        OutputFile checked = check(file);
        new OutputFile(checked.requested, checked.target, checked.kind, OWNER_ONLY, true)
                .write(out -> out.write(bytes));
    }

    /**
     * Decides how {@code path} will be written and refuses, before anything else happens, a path
     * that cannot be.
     *
     * @throws IOException with a message naming the path and the reason
     */
    public static OutputFile check(Path path) throws IOException {
        Path target = followLinks(path.toAbsolutePath());
        if (Files.isDirectory(target)) {
            throw new IOException(describe(path, target) + " is a folder, not a file");
        }
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            if (!Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)) {
                if (!Files.isWritable(target)) {
                    throw new IOException("no permission to write to " + describe(path, target));
                }
                return new OutputFile(path, target, Kind.SPECIAL, null, false);
            }
            if (!Files.isWritable(target)) {
                throw new IOException(describe(path, target) + " is read-only");
            }
            requireWritableFolder(path, target);
            return new OutputFile(path, target, Kind.REGULAR, permissionsOf(target), false);
        }
        requireWritableFolder(path, target);
        return new OutputFile(path, target, Kind.REGULAR, null, false);
    }

    private static void requireWritableFolder(Path path, Path target) throws IOException {
        Path folder = target.getParent();
        if (folder == null || !Files.isDirectory(folder)) {
            throw new IOException(
                    "cannot write "
                            + path
                            + ": the folder "
                            + (folder == null ? "" : folder + " ")
                            + "does not exist");
        }
        if (!Files.isWritable(folder)) {
            throw new IOException(
                    "cannot write " + path + ": no permission to create files in " + folder);
        }
    }

    private static Path followLinks(Path path) throws IOException {
        Path current = path;
        for (int hops = 0; Files.isSymbolicLink(current); hops++) {
            if (hops == MAX_LINKS) {
                throw new IOException(
                        "cannot write " + path + ": too many levels of symbolic links");
            }
            Path link = Files.readSymbolicLink(current);
            Path folder = current.getParent();
            current = folder == null ? link : folder.resolve(link).normalize();
        }
        return current;
    }

    private static Set<PosixFilePermission> permissionsOf(Path file) {
        try {
            return Files.getPosixFilePermissions(file);
        } catch (UnsupportedOperationException | IOException notPosix) {
            return null;
        }
    }

    private static String describe(Path requested, Path target) {
        return requested.toAbsolutePath().equals(target)
                ? requested.toString()
                : requested + " (-> " + target + ")";
    }

    /**
     * Refuses, before anything is read or computed, a file of about {@code bytes} that would not
     * fit in what is left of the file system it goes to, when the file system says (a FIFO or a
     * device is not checked, nor a file system that cannot tell).
     *
     * @throws IOException saying how much is free and how much is needed
     */
    public void requireSpace(long bytes) throws IOException {
        if (kind != Kind.REGULAR || bytes <= 0) {
            return;
        }
        long usable;
        try {
            usable = Files.getFileStore(target.getParent()).getUsableSpace();
        } catch (IOException | UnsupportedOperationException | SecurityException cannotTell) {
            return;
        }
        if (usable < bytes) {
            throw new IOException(
                    String.format(
                            Locale.ROOT,
                            "%s needs about %,d bytes, but only %,d bytes are free in %s",
                            requested,
                            bytes,
                            usable,
                            target.getParent()));
        }
    }

    /** What {@link #write} puts in the file. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /** The path the user gave. */
    public Path requested() {
        return requested;
    }

    /** The file that is written: the path with symbolic links followed. */
    public Path target() {
        return target;
    }

    public Kind kind() {
        return kind;
    }

    /**
     * Writes the content: atomically for a regular file, directly for a special one. When {@code
     * content} throws (an error, a cancel), a regular file keeps its old content and the partial
     * file is removed.
     */
    public void write(Content content) throws IOException {
        if (kind == Kind.SPECIAL) {
            try (OutputStream out =
                    new BufferedOutputStream(
                            Files.newOutputStream(target, StandardOpenOption.WRITE), 1 << 16)) {
                content.writeTo(out);
            }
            return;
        }
        Path folder = target.getParent();
        Path partial =
                folder.resolve(
                        "."
                                + target.getFileName()
                                + "."
                                + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36)
                                + ".part");
        part = partial;
        try {
            try (FileChannel channel = create(partial);
                    OutputStream out =
                            new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 16)) {
                content.writeTo(out);
                out.flush();
                channel.force(true);
            }
            moveOver(partial, target);
            forceFolder(folder);
        } finally {
            Files.deleteIfExists(partial);
            part = null;
        }
    }

    /**
     * Creates the partial file with its final permissions (see the class comment) before anything
     * is written to it. The mode given at creation is narrowed by the process's umask, so it is set
     * again, exactly, while the file is still empty. Without POSIX permissions (Windows) the file
     * takes its folder's access rules.
     */
    private FileChannel create(Path partial) throws IOException {
        if (!partial.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            return FileChannel.open(
                    partial, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        }
        Set<PosixFilePermission> mode = ownerOnly || permissions == null ? OWNER_ONLY : permissions;
        FileChannel channel =
                FileChannel.open(
                        partial,
                        Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                        PosixFilePermissions.asFileAttribute(mode));
        try {
            Files.setPosixFilePermissions(partial, mode);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        return channel;
    }

    /**
     * Removes the partial file of a write still in progress, for a process that is being stopped
     * (the writing thread may never get to its own clean-up). Returns the file removed, if any.
     */
    public Path discardPartial() {
        Path partial = part;
        if (partial == null) {
            return null;
        }
        try {
            return Files.deleteIfExists(partial) ? partial : null;
        } catch (IOException e) {
            return null;
        }
    }

    private static void moveOver(Path from, Path to) throws IOException {
        try {
            Files.move(
                    from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            // a file system without atomic rename: the plain replace is the best left
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * Makes the rename itself durable on POSIX systems; Windows cannot open a folder this way and
     * needs not.
     */
    private static void forceFolder(Path folder) {
        try (FileChannel channel = FileChannel.open(folder, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException | UnsupportedOperationException notSupported) {
            // the file itself is on disk already; only the rename's durability is at stake
        }
    }
}

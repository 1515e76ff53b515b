package io.dynoscope.service.common;

import io.dynoscope.core.file.OwnerOnly;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;

/**
 * The file of a journal that lets an interrupted run (an import, a migration) be resumed: created
 * new and readable by its owner only, so an unfinished run's journal is never overwritten; entries
 * appended with one write each, without forcing them to disk (they survive the process being
 * killed, not the machine losing power).
 */
public abstract class JournalFile implements Closeable {

    private final Path file;
    private final FileChannel channel;

    protected JournalFile(Path file, FileChannel channel) {
        this.file = file;
        this.channel = channel;
    }

    /**
     * Creates {@code file} for writing; refuses when it exists, the journal of an earlier,
     * unfinished {@code run} that {@code resume} says how to finish.
     *
     * @throws IOException saying so
     */
    protected static FileChannel createNew(Path file, String run, String resume)
            throws IOException {
        try {
            return FileChannel.open(
                    file,
                    Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                    OwnerOnly.attributes(file));
        } catch (FileAlreadyExistsException e) {
            throw new IOException(
                    "the journal of an earlier, unfinished "
                            + run
                            + " is at "
                            + file
                            + ": "
                            + resume
                            + ", or delete the journal to start again");
        } catch (NoSuchFileException e) {
            Path folder = file.toAbsolutePath().getParent();
            throw new IOException(
                    "cannot create the journal "
                            + file
                            + (folder != null && Files.isDirectory(folder)
                                    ? ": files cannot be created in " + folder
                                    : ": its folder " + folder + " does not exist")
                            + "; nothing was written");
        } catch (FileSystemException e) {
            throw new IOException(
                    "cannot create the journal "
                            + file
                            + (e.getReason() == null ? "" : ": " + e.getReason())
                            + "; nothing was written");
        }
    }

    public Path file() {
        return file;
    }

    /** Appends entries, whole lines, with one write. */
    protected void write(String entries) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap(entries.getBytes(StandardCharsets.UTF_8));
        while (bytes.hasRemaining()) {
            channel.write(bytes);
        }
    }

    /** Removes the journal of a finished run. */
    public void delete() throws IOException {
        close();
        Files.deleteIfExists(file);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}

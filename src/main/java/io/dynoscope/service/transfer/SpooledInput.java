package io.dynoscope.service.transfer;

import java.io.Closeable;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An import's input from a stream that can be read only once (stdin): the first {@link #open}
 * passes the stream through and copies it, as it is read, into a temporary file, which every later
 * open reads. So an import checks and then writes stdin without holding it in memory (a pipe of
 * gigabytes, or {@code /dev/zero}, costs disk up to where the check stops, not memory).
 *
 * <p>The copy is created by {@link Files#createTempFile}, owner-only (0600) on POSIX systems from
 * its first byte, and is removed by {@link #close} (and when the JVM exits, should it be killed
 * first). Its name carries the process id, so the next import removes a copy whose process was
 * killed outright.
 */
public final class SpooledInput implements ImportService.Input, Closeable {

    private static final String PREFIX = "dynoscope-";
    private static final Pattern OWNER = Pattern.compile("dynoscope-(\\d{1,18})-\\d+\\.input");

    private final String name;
    private final InputStream stream;
    private Path copy;
    private boolean complete;

    SpooledInput(String name, InputStream stream) {
        this.name = Objects.requireNonNull(name, "name");
        this.stream = Objects.requireNonNull(stream, "stream");
    }

    @Override
    public String name() {
        return name;
    }

    /**
     * The stream itself the first time (copied as it is read), then the copy.
     *
     * @throws IOException when the stream was not read to its end the first time (it cannot be read
     *     again)
     */
    @Override
    public synchronized InputStream open() throws IOException {
        if (copy == null) {
            removeStaleCopies(Path.of(System.getProperty("java.io.tmpdir")));
            copy = Files.createTempFile(PREFIX + ProcessHandle.current().pid() + "-", ".input");
            copy.toFile().deleteOnExit();
            return new Copying(stream, Files.newOutputStream(copy));
        }
        if (!complete) {
            throw new IOException(name + " can be read only once, and was not read to its end");
        }
        return Files.newInputStream(copy);
    }

    /**
     * Removes the copies left by imports whose process is gone (killed with SIGKILL, which no
     * clean-up survives): each copy's name carries the process id that made it.
     */
    static void removeStaleCopies(Path folder) {
        try (DirectoryStream<Path> copies = Files.newDirectoryStream(folder, PREFIX + "*.input")) {
            for (Path file : copies) {
                Matcher m = OWNER.matcher(file.getFileName().toString());
                if (m.matches()
                        && ProcessHandle.of(Long.parseLong(m.group(1))).isEmpty()
                        && Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                    Files.deleteIfExists(file);
                }
            }
        } catch (IOException | RuntimeException e) {
            // A copy that cannot be removed now is removed by a later import; this one goes on.
        }
    }

    /** The copy, while there is one (for tests). */
    synchronized Path copy() {
        return copy;
    }

    private synchronized void completed() {
        complete = true;
    }

    /** Removes the copy. The stream itself is not closed (it is stdin). */
    @Override
    public synchronized void close() throws IOException {
        if (copy != null) {
            Files.deleteIfExists(copy);
        }
    }

    /** Passes the stream through, writing what is read to the copy. */
    private final class Copying extends FilterInputStream {
        private final OutputStream out;
        private boolean closed;

        Copying(InputStream in, OutputStream out) {
            super(in);
            this.out = out;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b < 0) {
                completed();
            } else {
                out.write(b);
            }
            return b;
        }

        @Override
        public int read(byte[] bytes, int offset, int length) throws IOException {
            int n = super.read(bytes, offset, length);
            if (n < 0) {
                completed();
            } else {
                out.write(bytes, offset, n);
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            // read, not skipped, so that the copy holds every byte
            long skipped = 0;
            byte[] buffer = new byte[8192];
            while (skipped < n) {
                int read = read(buffer, 0, (int) Math.min(buffer.length, n - skipped));
                if (read < 0) {
                    break;
                }
                skipped += read;
            }
            return skipped;
        }

        @Override
        public boolean markSupported() {
            return false;
        }

        @Override
        public void close() throws IOException {
            if (!closed) {
                closed = true;
                out.close();
            }
        }
    }
}

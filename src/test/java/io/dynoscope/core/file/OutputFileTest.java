package io.dynoscope.core.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where {@link OutputFile} writes, and what it leaves when a write fails. */
class OutputFileTest {

    @TempDir Path folder;

    private static boolean posix() {
        return Path.of(".").getFileSystem().supportedFileAttributeViews().contains("posix");
    }

    @Test
    void anExistingFileIsReplacedWholeAndKeepsItsMode() throws IOException {
        assumeTrue(posix());
        Path file = folder.resolve("export.jsonl");
        Files.writeString(file, "old\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));

        write(file, "new\n");

        assertEquals("new\n", Files.readString(file));
        assertEquals(
                "rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals(1, entries(), "no .part file is left");
    }

    @Test
    void aNewFileGetsTheProcessDefaultMode() throws IOException {
        assumeTrue(posix());
        Path reference = Files.createFile(folder.resolve("reference"));
        Path file = folder.resolve("new.csv");

        write(file, "x");

        assertEquals(Files.getPosixFilePermissions(reference), Files.getPosixFilePermissions(file));
    }

    @Test
    void aFailedWriteLeavesTheOldContentAndNoPartialFile() throws IOException {
        Path file = folder.resolve("export.jsonl");
        Files.writeString(file, "old\n");
        OutputFile output = OutputFile.check(file);

        IOException failure =
                assertThrows(
                        IOException.class,
                        () ->
                                output.write(
                                        out -> {
                                            out.write("half".getBytes(StandardCharsets.UTF_8));
                                            throw new IOException("the table went away");
                                        }));

        assertEquals("the table went away", failure.getMessage());
        assertEquals("old\n", Files.readString(file));
        assertEquals(1, entries());
    }

    @Test
    void aSymbolicLinkIsFollowedAndStaysALink() throws IOException {
        Path target = folder.resolve("real.jsonl");
        Files.writeString(target, "old");
        Path link = Files.createSymbolicLink(folder.resolve("link.jsonl"), Path.of("real.jsonl"));

        OutputFile output = OutputFile.check(link);
        output.write(out -> out.write("new".getBytes(StandardCharsets.UTF_8)));

        assertTrue(Files.isSymbolicLink(link));
        assertEquals(target, output.target());
        assertEquals("new", Files.readString(target));
    }

    @Test
    void aDanglingLinkCreatesItsTarget() throws IOException {
        Path link = Files.createSymbolicLink(folder.resolve("link"), Path.of("later.txt"));

        write(link, "made");

        assertTrue(Files.isSymbolicLink(link));
        assertEquals("made", Files.readString(folder.resolve("later.txt")));
    }

    @Test
    void aFifoIsWrittenDirectlyAndStaysAFifo() throws Exception {
        assumeTrue(posix() && Files.isExecutable(Path.of("/usr/bin/mkfifo")));
        Path fifo = folder.resolve("pipe");
        Process mkfifo = new ProcessBuilder("/usr/bin/mkfifo", fifo.toString()).start();
        assertEquals(0, mkfifo.waitFor());
        CompletableFuture<String> reader =
                CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return Files.readString(fifo);
                            } catch (IOException e) {
                                throw new IllegalStateException(e);
                            }
                        });

        OutputFile output = OutputFile.check(fifo);
        output.write(out -> out.write("through the pipe".getBytes(StandardCharsets.UTF_8)));

        assertEquals(OutputFile.Kind.SPECIAL, output.kind());
        assertEquals("through the pipe", reader.get(10, TimeUnit.SECONDS));
        assertFalse(Files.isRegularFile(fifo, LinkOption.NOFOLLOW_LINKS));
        assertEquals(1, entries());
    }

    @Test
    void aDeviceIsWrittenDirectly() throws IOException {
        Path devNull = Path.of("/dev/null");
        assumeTrue(Files.exists(devNull));

        OutputFile output = OutputFile.check(devNull);
        output.write(out -> out.write("gone".getBytes(StandardCharsets.UTF_8)));

        assertEquals(OutputFile.Kind.SPECIAL, output.kind());
        assertFalse(Files.isRegularFile(devNull));
    }

    @Test
    void aFolderOrAMissingParentIsRefusedWhenChecked() {
        IOException folderProblem = assertThrows(IOException.class, () -> OutputFile.check(folder));
        IOException parentProblem =
                assertThrows(
                        IOException.class,
                        () -> OutputFile.check(folder.resolve("missing").resolve("out.csv")));

        assertTrue(folderProblem.getMessage().endsWith("is a folder, not a file"));
        assertTrue(
                parentProblem.getMessage().contains("the folder " + folder.resolve("missing")),
                parentProblem.getMessage());
        assertTrue(parentProblem.getMessage().endsWith("does not exist"));
    }

    @Test
    void aPrivateFileIsReadableByItsOwnerOnly() throws IOException {
        assumeTrue(posix());
        Path file = folder.resolve("session.json");
        Files.writeString(file, "{}");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));

        OutputFile.writePrivately(file, "{\"secret\":1}".getBytes(StandardCharsets.UTF_8));

        assertEquals(
                "rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals("{\"secret\":1}", Files.readString(file));
    }

    private static void write(Path file, String text) throws IOException {
        OutputFile.check(file).write(out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    }

    private long entries() throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.count();
        }
    }
}

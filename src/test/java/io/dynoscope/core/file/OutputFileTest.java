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
import java.util.ArrayList;
import java.util.List;
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
    void aNewFileIsPrivateFromItsFirstByte() throws IOException {
        assumeTrue(posix());
        Path file = folder.resolve("new.csv");

        List<String> modes = modesWhileWriting(file);

        assertEquals(List.of("rw-------", "rw-------"), modes, "before and after the first byte");
        assertEquals("rw-------", mode(file));
    }

    @Test
    void aReplacedFileKeepsItsModeFromTheFirstByteOfItsPartialFile() throws IOException {
        assumeTrue(posix());
        for (String mode : List.of("rw-------", "rw-r-----", "rw-r--r--")) {
            Path file = folder.resolve("sec-" + mode + ".jsonl");
            Files.writeString(file, "old\n");
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(mode));

            List<String> modes = modesWhileWriting(file);

            assertEquals(List.of(mode, mode), modes, "the .part file of a " + mode + " file");
            assertEquals(mode, mode(file));
        }
    }

    /**
     * Writes {@code file} and returns the mode of its {@code .part} file seen from inside the
     * write: before the first byte, and after some were written.
     */
    private List<String> modesWhileWriting(Path file) throws IOException {
        List<String> modes = new ArrayList<>();
        OutputFile.check(file)
                .write(
                        out -> {
                            modes.add(mode(partialOf(file)));
                            out.write("secret\n".getBytes(StandardCharsets.UTF_8));
                            out.flush();
                            modes.add(mode(partialOf(file)));
                        });
        return modes;
    }

    private Path partialOf(Path file) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(
                            p -> {
                                String name = p.getFileName().toString();
                                return name.startsWith("." + file.getFileName() + ".")
                                        && name.endsWith(".part");
                            })
                    .findFirst()
                    .orElseThrow();
        }
    }

    private static String mode(Path file) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(file));
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

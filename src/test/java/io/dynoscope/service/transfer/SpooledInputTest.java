package io.dynoscope.service.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Stdin read once, kept in a private file for the second pass, and removed. */
class SpooledInputTest {

    @Test
    void theFirstReadIsCopiedPrivatelyAndLaterOpensReadTheCopy() throws IOException {
        byte[] bytes = "line 1\nline 2\n".repeat(10_000).getBytes(StandardCharsets.UTF_8);
        SpooledInput input = ImportService.Input.spooled("stdin", new ByteArrayInputStream(bytes));
        Path copy;
        try (input) {
            try (InputStream first = input.open()) {
                first.readNBytes(100);
                copy = input.copy();
                if (copy.getFileSystem().supportedFileAttributeViews().contains("posix")) {
                    assertEquals(
                            "rw-------",
                            PosixFilePermissions.toString(Files.getPosixFilePermissions(copy)),
                            "private while it is written");
                }
                assertArrayEquals(
                        Arrays.copyOfRange(bytes, 100, bytes.length), first.readAllBytes());
            }
            try (InputStream second = input.open()) {
                assertArrayEquals(bytes, second.readAllBytes());
            }
        }
        assertFalse(Files.exists(copy), "closing removes the copy");
    }

    @Test
    void aStreamNotReadToItsEndCannotBeOpenedAgain() throws IOException {
        try (SpooledInput input =
                ImportService.Input.spooled("stdin", new ByteArrayInputStream(new byte[100]))) {
            try (InputStream first = input.open()) {
                first.readNBytes(10);
            }
            IOException e = assertThrows(IOException.class, input::open);
            assertEquals(
                    "stdin can be read only once, and was not read to its end", e.getMessage());
        }
    }

    @Test
    void copiesOfKilledImportsAreRemovedAndLiveOnesKept(@TempDir Path folder) throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path stale =
                Files.writeString(folder.resolve("dynoscope-" + gone.pid() + "-123.input"), "x");
        Path live =
                Files.writeString(
                        folder.resolve("dynoscope-" + ProcessHandle.current().pid() + "-456.input"),
                        "x");
        Path other = Files.writeString(folder.resolve("dynoscope-789.input"), "x");

        SpooledInput.removeStaleCopies(folder);

        assertFalse(Files.exists(stale), "the copy of a process that is gone");
        assertTrue(Files.exists(live), "the copy of a running import");
        assertTrue(Files.exists(other), "a name without a process id is not ours to judge");
    }
}

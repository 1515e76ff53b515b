package io.dynoscope.ui.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.dynoscope.core.transfer.TransferFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The folder an export or import dialog opens in, and the name it suggests. */
class FileFoldersTest {

    @TempDir Path home;

    @AfterEach
    void forget() {
        FileFolders.forget();
    }

    @Test
    void aFirstDialogOpensInTheDocumentsFolderElseHomeNeverTheWorkingDirectory()
            throws IOException {
        assertEquals(home, FileFolders.initial(home), "no Documents folder: home");
        Path documents = Files.createDirectory(home.resolve("Documents"));
        assertEquals(documents, FileFolders.initial(home));
        assertNotEquals(Path.of("").toAbsolutePath(), FileFolders.initial(home));
    }

    @Test
    void aLaterDialogOpensWhereTheLastFileWasChosen() throws IOException {
        Files.createDirectory(home.resolve("Documents"));
        Path exports = Files.createDirectory(home.resolve("exports"));

        FileFolders.used(exports.resolve("saas.jsonl").toFile());

        assertEquals(exports, FileFolders.initial(home));
        FileFolders.used(null);
        assertEquals(exports, FileFolders.initial(home), "a cancelled dialog changes nothing");
    }

    @Test
    void jsonLinesAreSuggestedAsJsonl() {
        assertEquals("jsonl", TransferFormat.JSON.extension(), "one item a line: JSON lines");
        assertEquals("jsonl", TransferFormat.DYNAMODB_JSON.extension());
    }
}

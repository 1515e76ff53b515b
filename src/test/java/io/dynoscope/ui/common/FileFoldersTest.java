package io.dynoscope.ui.common;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.dynoscope.core.transfer.TransferFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The folder a file dialog opens in, and the name an export suggests. */
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

    /**
     * The SQL console's export, the model's open and export and the drift rules' dialogs opened in
     * the folder the app was started from: each file dialog now opens through FileFolders.
     */
    @Test
    void everyFileDialogOpensThroughFileFolders() {
        JavaClasses classes =
                new ClassFileImporter()
                        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .importPackages("io.dynoscope");
        noClasses()
                .that()
                .doNotHaveFullyQualifiedName(FileFolders.class.getName())
                .should()
                .callMethod(FileChooser.class, "showOpenDialog", Window.class)
                .orShould()
                .callMethod(FileChooser.class, "showSaveDialog", Window.class)
                .orShould()
                .callMethod(FileChooser.class, "showOpenMultipleDialog", Window.class)
                .orShould()
                .callMethod(DirectoryChooser.class, "showDialog", Window.class)
                .because("a file dialog opens in the last folder used, else Documents, else home")
                .check(classes);
    }

    @Test
    void jsonLinesAreSuggestedAsJsonl() {
        assertEquals("jsonl", TransferFormat.JSON.extension(), "one item a line: JSON lines");
        assertEquals("jsonl", TransferFormat.DYNAMODB_JSON.extension());
    }
}

package io.dynoscope.ui.common;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import javafx.stage.FileChooser;

/**
 * Where the app's file dialogs open: the folder the user last chose a file in, else their Documents
 * folder, else their home folder; never the folder the app was started from, which a person
 * launching it from a menu does not know.
 */
public final class FileFolders {

    private static final AtomicReference<Path> LAST = new AtomicReference<>();

    private FileFolders() {}

    /** The folder a file dialog opens in, for a user whose home folder is {@code home}. */
    public static Path initial(Path home) {
        Path last = LAST.get();
        if (last != null && Files.isDirectory(last)) {
            return last;
        }
        Path documents = home.resolve("Documents");
        return Files.isDirectory(documents) ? documents : home;
    }

    /**
     * Remembers the folder of a file the user chose; null (the dialog cancelled) changes nothing.
     */
    public static void used(File chosen) {
        if (chosen != null && chosen.getAbsoluteFile().getParentFile() != null) {
            LAST.set(chosen.getAbsoluteFile().getParentFile().toPath());
        }
    }

    /** Opens {@code chooser} in {@link #initial}'s folder for this user. */
    public static void openIn(FileChooser chooser) {
        Path folder = initial(Path.of(System.getProperty("user.home")));
        if (Files.isDirectory(folder)) {
            chooser.setInitialDirectory(folder.toFile());
        }
    }

    /** Forgets the last folder (tests). */
    static void forget() {
        LAST.set(null);
    }
}

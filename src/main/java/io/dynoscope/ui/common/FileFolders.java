package io.dynoscope.ui.common;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Window;

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
    private static void openIn(FileChooser chooser) {
        Path folder = initial(Path.of(System.getProperty("user.home")));
        if (Files.isDirectory(folder)) {
            chooser.setInitialDirectory(folder.toFile());
        }
    }

    /**
     * Shows {@code chooser}'s Open dialog in {@link #initial}'s folder and remembers the folder of
     * the file chosen: every file dialog of the app opens this way (a test holds it to that).
     *
     * @return the file chosen, or null when the dialog was cancelled
     */
    public static File showOpen(FileChooser chooser, Window owner) {
        openIn(chooser);
        File chosen = chooser.showOpenDialog(owner);
        used(chosen);
        return chosen;
    }

    /** Shows {@code chooser}'s Save dialog as {@link #showOpen} does its Open dialog. */
    public static File showSave(FileChooser chooser, Window owner) {
        openIn(chooser);
        File chosen = chooser.showSaveDialog(owner);
        used(chosen);
        return chosen;
    }

    /** Shows {@code chooser} as {@link #showOpen} does, and remembers the folder chosen itself. */
    public static File showFolder(DirectoryChooser chooser, Window owner) {
        Path folder = initial(Path.of(System.getProperty("user.home")));
        if (Files.isDirectory(folder)) {
            chooser.setInitialDirectory(folder.toFile());
        }
        File chosen = chooser.showDialog(owner);
        if (chosen != null) {
            LAST.set(chosen.getAbsoluteFile().toPath());
        }
        return chosen;
    }

    /** Forgets the last folder (tests). */
    static void forget() {
        LAST.set(null);
    }
}

package io.dynoscope.app;

import io.dynoscope.cli.DynoscopeCli;
import javafx.application.Application;

/**
 * The main class. With arguments it runs the command line; without, it opens the desktop app. It
 * does not extend Application so that JavaFX can be loaded from the class path of a plain jar.
 */
public final class Launcher {
    private Launcher() {}

    public static void main(String[] args) {
        if (args.length > 0) {
            System.exit(DynoscopeCli.run(args));
        }
        Application.launch(DynoscopeApp.class, args);
    }
}

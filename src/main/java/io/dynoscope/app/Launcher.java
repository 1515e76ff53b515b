package io.dynoscope.app;

import io.dynoscope.cli.DynoscopeCli;
import io.dynoscope.repository.SdkRepositories;
import java.util.Optional;
import javafx.application.Application;

/**
 * The main class. With arguments it runs the command line; without, it opens the desktop app. It
 * does not extend Application so that JavaFX can be loaded from the class path of a plain jar.
 */
public final class Launcher {
    private Launcher() {}

    public static void main(String[] args) {
        if (args.length > 0) {
            System.exit(DynoscopeCli.run(args, new SdkRepositories()));
        }
        // Without GTK 3 or a display, one line saying what to install instead of JavaFX's trace.
        Optional<String> missing = DesktopCheck.missing();
        if (missing.isPresent()) {
            System.err.println(missing.get());
            System.exit(1);
        }
        // node starts the sandbox while the JVM loads JavaFX and the window
        if (AppContext.connectsToSandboxAtStart()) {
            SandboxHolder.startEarly();
        }
        try {
            Application.launch(DynoscopeApp.class, args);
        } catch (UnsupportedOperationException e) {
            System.err.println(DesktopCheck.explain(e));
            System.exit(1);
        }
    }
}

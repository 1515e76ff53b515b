package io.dynoscope.ui.common;

import java.util.concurrent.Executor;
import javafx.application.Platform;

/**
 * Where view models publish results: the JavaFX thread in the app, the calling thread in tests, so
 * view models can be tested synchronously without a display.
 */
public interface UiExecutor extends Executor {

    /** Runs work on the JavaFX application thread. */
    static UiExecutor fx() {
        return command -> {
            if (Platform.isFxApplicationThread()) {
                command.run();
            } else {
                Platform.runLater(command);
            }
        };
    }

    /** Runs work at once on the calling thread (tests). */
    static UiExecutor inline() {
        return Runnable::run;
    }
}

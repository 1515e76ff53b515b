package io.dynoscope.ui.planner;

import io.dynoscope.ui.common.ErrorMessages;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * What the Model tab says at its foot: what is running, how far, what happened, what went wrong.
 */
final class TabStatus {
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper();
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");

    ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    void say(String text) {
        status.set(text);
    }

    void clearError() {
        error.set("");
    }

    void error(String text) {
        error.set(text);
    }

    void progress(double value) {
        progress.set(value);
    }

    void start(String what) {
        running.set(true);
        progress.set(-1);
        status.set(what);
        error.set("");
    }

    void finish() {
        running.set(false);
        progress.set(1);
    }

    /** The error is set before the work is seen to stop, so a waiter never reads it empty. */
    void failed(Throwable e) {
        error.set(ErrorMessages.describe(e));
        status.set("");
        finish();
    }
}

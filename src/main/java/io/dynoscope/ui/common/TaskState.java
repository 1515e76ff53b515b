package io.dynoscope.ui.common;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * The long task of a view model as its view shows it: whether it runs, how far it got and that in
 * words, and the cancel of the work it runs. The view model sets it (on the UI thread); the view
 * binds to it.
 */
public final class TaskState {

    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyStringWrapper progressText = new ReadOnlyStringWrapper("");
    private BackgroundWork.Handle current;

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    /** 0 to 1, or -1 while the amount of work is not known yet. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty progressTextProperty() {
        return progressText.getReadOnlyProperty();
    }

    public boolean isRunning() {
        return running.get();
    }

    public void setRunning(boolean value) {
        running.set(value);
    }

    public double progress() {
        return progress.get();
    }

    public void setProgress(double value) {
        progress.set(value);
    }

    public void setProgressText(String value) {
        progressText.set(value);
    }

    /** The work stopped by a failure: not running, no progress and no words. */
    public void failed() {
        running.set(false);
        progress.set(0);
        progressText.set("");
    }

    /** The work that {@link #cancel} stops; returns it. */
    public BackgroundWork.Handle track(BackgroundWork.Handle work) {
        current = work;
        return work;
    }

    /** Asks the running work to stop at its next step. */
    public void cancel() {
        if (current != null) {
            current.cancel();
        }
    }
}

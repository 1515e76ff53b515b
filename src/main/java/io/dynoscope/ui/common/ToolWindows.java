package io.dynoscope.ui.common;

import java.util.EnumSet;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableSet;

/**
 * Which tool windows are open and how much room they take, shared by every tab: the item inspector
 * on the right, and one tool below the grid (closed until asked for). The View menu sets it; the
 * settings keep it.
 */
public final class ToolWindows {

    /** The tool shown below the grid. */
    public enum Bottom {
        NONE("None"),
        EXPRESSION_BUILDER("Expression builder"),
        DRIFT_INSPECTOR("Drift inspector");

        private final String title;

        Bottom(String title) {
            this.title = title;
        }

        public String title() {
            return title;
        }
    }

    /** Where the inspector's divider starts: the grid gets about two thirds of the width. */
    public static final double DEFAULT_INSPECTOR_DIVIDER = 0.7;

    /** Where the bottom tool's divider starts: the grid keeps a little over half the height. */
    public static final double DEFAULT_BOTTOM_DIVIDER = 0.55;

    private final BooleanProperty inspectorShown = new SimpleBooleanProperty(true);
    private final DoubleProperty inspectorDivider =
            new SimpleDoubleProperty(DEFAULT_INSPECTOR_DIVIDER);
    private final ObjectProperty<Bottom> bottom = new SimpleObjectProperty<>(Bottom.NONE);
    private final DoubleProperty bottomDivider = new SimpleDoubleProperty(DEFAULT_BOTTOM_DIVIDER);
    private final BooleanProperty compactRows = new SimpleBooleanProperty(false);
    private final ObservableSet<Bottom> openBelow =
            FXCollections.observableSet(EnumSet.noneOf(Bottom.class));
    // one read-only view, kept: its listeners live as long as it does
    private final ObservableSet<Bottom> openBelowView =
            FXCollections.unmodifiableObservableSet(openBelow);

    public ToolWindows() {
        // the tool shown below is always one of the open ones; none shown closes them all
        bottom.addListener(
                (obs, old, now) -> {
                    if (now == null || now == Bottom.NONE) {
                        openBelow.clear();
                    } else {
                        openBelow.add(now);
                    }
                });
    }

    public BooleanProperty inspectorShownProperty() {
        return inspectorShown;
    }

    /** The inspector's divider position (0..1 of the width), kept while it is hidden. */
    public DoubleProperty inspectorDividerProperty() {
        return inspectorDivider;
    }

    /** The tool shown below the grid (the selected one of its tabs), or NONE. */
    public ObjectProperty<Bottom> bottomProperty() {
        return bottom;
    }

    /**
     * The tools open below the grid, each a tab there (the View menu checks these); read-only to
     * callers, who open a tool by showing it and close it with {@link #close}.
     */
    public ObservableSet<Bottom> openBelow() {
        return openBelowView;
    }

    /** Closes one tool below the grid; another open one is shown instead, if any. */
    public void close(Bottom tool) {
        openBelow.remove(tool);
        if (bottom.get() == tool) {
            bottom.set(openBelow.stream().findFirst().orElse(Bottom.NONE));
        }
    }

    /** The bottom tool's divider position (0..1 of the height). */
    public DoubleProperty bottomDividerProperty() {
        return bottomDivider;
    }

    /**
     * Whether the grids show their rows compact (View → Compact rows): lower rows and tighter
     * cells, so more of a table fits a small window.
     */
    public BooleanProperty compactRowsProperty() {
        return compactRows;
    }

    /** Opens and shows a tool below the grid, or closes it when it is open (View menu). */
    public void toggle(Bottom tool) {
        if (openBelow.contains(tool)) {
            close(tool);
        } else {
            bottom.set(tool);
        }
    }
}

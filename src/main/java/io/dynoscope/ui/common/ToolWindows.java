package io.dynoscope.ui.common;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;

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

    public BooleanProperty inspectorShownProperty() {
        return inspectorShown;
    }

    /** The inspector's divider position (0..1 of the width), kept while it is hidden. */
    public DoubleProperty inspectorDividerProperty() {
        return inspectorDivider;
    }

    public ObjectProperty<Bottom> bottomProperty() {
        return bottom;
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

    /** Opens a bottom tool, or closes it when it is the one open. */
    public void toggle(Bottom tool) {
        bottom.set(bottom.get() == tool ? Bottom.NONE : tool);
    }
}

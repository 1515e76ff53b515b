package io.dynoscope.ui.grid;

import javafx.beans.value.ObservableValue;
import javafx.scene.Node;
import javafx.scene.control.Control;
import javafx.scene.control.Tooltip;

/** The two bindings every part of a table tab's view makes. */
final class ViewBindings {

    private ViewBindings() {}

    /** Shows the nodes, taking their room in the layout, only while {@code condition} holds. */
    static void showWhen(ObservableValue<Boolean> condition, Node... nodes) {
        for (Node node : nodes) {
            node.visibleProperty().bind(condition);
            node.managedProperty().bind(condition);
        }
    }

    static void tooltip(Control control, String text) {
        control.setTooltip(new Tooltip(text));
    }
}

package io.dynoscope.testsupport;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.Cell;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBoxBase;
import javafx.scene.control.Control;
import javafx.scene.control.Labeled;
import javafx.scene.control.MenuBar;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextInputControl;
import javafx.scene.text.Text;

/**
 * What a person would see wrong in a laid-out window: a label or button whose text is cut (the skin
 * shows "Ed…" for "Edit"), and a control without a tooltip. Call on the FX thread after layout.
 */
public final class UiChecks {

    private UiChecks() {}

    /** The texts of the visible labels and buttons under {@code root} that are shown cut. */
    public static List<String> cutTexts(Parent root) {
        List<String> cut = new ArrayList<>();
        walk(
                root,
                node -> {
                    if (node instanceof Labeled labeled
                            && labeled.getText() != null
                            && !labeled.getText().isEmpty()
                            && !inCell(labeled)
                            && shown(labeled)) {
                        Text text = shownText(labeled);
                        String full =
                                labeled.isMnemonicParsing()
                                        ? labeled.getText().replaceFirst("_(.)", "$1")
                                        : labeled.getText();
                        if (text != null && !text.getText().equals(full)) {
                            cut.add(labeled.getText() + " (shown as '" + text.getText() + "')");
                        }
                    }
                });
        return cut;
    }

    /**
     * The controls a person acts on (buttons, toggles, choices, fields, spinners) under {@code
     * root} that are shown without a tooltip, named by id or text.
     */
    public static List<String> withoutTooltip(Parent root) {
        List<String> missing = new ArrayList<>();
        walk(
                root,
                node -> {
                    if (node instanceof Control control
                            && actedOn(control)
                            && shown(control)
                            && control.getTooltip() == null
                            && !insideAnotherControl(control)) {
                        missing.add(describe(control));
                    }
                });
        return missing;
    }

    /** The text a labeled control's own skin shows, not one of a control inside it. */
    private static Text shownText(Parent labeled) {
        for (Node child : labeled.getChildrenUnmodifiable()) {
            if (child instanceof Text text && text.getStyleClass().contains("text")) {
                return text;
            }
        }
        for (Node child : labeled.getChildrenUnmodifiable()) {
            if (child instanceof Parent parent && !(child instanceof Control)) {
                Text text = shownText(parent);
                if (text != null) {
                    return text;
                }
            }
        }
        return null;
    }

    /** A grid or list cell, or a part of one: cells cut long values by design. */
    private static boolean inCell(Node node) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (n instanceof Cell<?>) {
                return true;
            }
        }
        return false;
    }

    private static boolean actedOn(Control control) {
        return control instanceof ButtonBase
                || control instanceof ComboBoxBase<?>
                || control instanceof ChoiceBox<?>
                || control instanceof Spinner<?>
                || control instanceof TextInputControl;
    }

    /**
     * A control that is a part of another (a spinner's field, a combo box's editor, a check box in
     * a table cell, a menu's title in the menu bar).
     */
    private static boolean insideAnotherControl(Control control) {
        for (Parent p = control.getParent(); p != null; p = p.getParent()) {
            if (p instanceof Spinner<?>
                    || p instanceof ComboBoxBase<?>
                    || p instanceof MenuBar
                    || inCell(p)) {
                return true;
            }
        }
        return false;
    }

    private static boolean shown(Node node) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (!n.isVisible()) {
                return false;
            }
        }
        return node.getScene() != null;
    }

    private static String describe(Control control) {
        String text = control instanceof Labeled l ? l.getText() : null;
        return control.getClass().getSimpleName()
                + (control.getId() != null ? " #" + control.getId() : "")
                + (text != null && !text.isEmpty() ? " '" + text + "'" : "");
    }

    private static void walk(Node node, Consumer<Node> visit) {
        visit.accept(node);
        if (node instanceof Parent parent) {
            for (Node child : parent.getChildrenUnmodifiable()) {
                walk(child, visit);
            }
        }
    }
}

package io.dynoscope.ui.shell;

import java.util.ArrayList;
import java.util.List;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;

/**
 * Keeps the keyboard where the person works. When the focused control goes away (the edit form
 * after a save), or is disabled or hidden (Propagate while it writes), JavaFX hands the focus to
 * another control of the window, often the first one: the sidebar's table filter. The focus goes
 * instead to the nearest control that can take it inside the same area (the tab it was in).
 */
final class FocusKeeper {

    private final Parent area;

    /** The ancestors of the last focused control inside the area, nearest first. */
    private List<Parent> trail = List.of();

    private FocusKeeper(Parent area) {
        this.area = area;
    }

    /** Watches {@code scene}: focus lost from {@code area} only by accident stays in it. */
    static void install(Scene scene, Parent area) {
        FocusKeeper keeper = new FocusKeeper(area);
        scene.focusOwnerProperty().addListener((obs, old, now) -> keeper.moved(old, now));
    }

    private void moved(Node old, Node now) {
        if (now != null && inside(now)) {
            trail = ancestors(now);
            return;
        }
        List<Parent> last = trail;
        trail = List.of();
        // a focus the person moved (a click, Tab, a shortcut) leaves from a usable control
        if (old == null || usable(old) || now == null && last.isEmpty()) {
            return;
        }
        for (Parent near : last) {
            if (near.getScene() != null && inside(near)) {
                Node target = firstFocusable(near, old);
                if (target != null) {
                    Platform.runLater(target::requestFocus);
                    return;
                }
            }
        }
    }

    private List<Parent> ancestors(Node node) {
        List<Parent> parents = new ArrayList<>();
        for (Parent p = node.getParent(); p != null && p != area; p = p.getParent()) {
            parents.add(p);
        }
        return parents;
    }

    private boolean inside(Node node) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (n == area) {
                return true;
            }
        }
        return false;
    }

    /** Whether a node can hold the focus: in a scene, shown, enabled. */
    private static boolean usable(Node node) {
        if (node.getScene() == null || node.isDisabled()) {
            return false;
        }
        for (Node n = node; n != null; n = n.getParent()) {
            if (!n.isVisible()) {
                return false;
            }
        }
        return true;
    }

    private static Node firstFocusable(Node node, Node except) {
        if (node != except && node.isFocusTraversable() && usable(node)) {
            return node;
        }
        if (node instanceof Parent parent && usable(parent)) {
            for (Node child : parent.getChildrenUnmodifiable()) {
                Node found = firstFocusable(child, except);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }
}

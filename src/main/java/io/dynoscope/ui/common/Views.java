package io.dynoscope.ui.common;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.beans.InvalidationListener;
import javafx.fxml.FXMLLoader;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.layout.StackPane;
import javafx.scene.shape.Rectangle;

/**
 * The one way to load a view: its FXML, next to the controller class, with the controller given (so
 * controllers take their view models through their constructors). The FXML names no controller.
 */
public final class Views {

    private Views() {}

    /**
     * A view loaded when it is first shown, not before: a tool window that may never be opened
     * costs nothing at start-up.
     */
    public static Parent lazy(Supplier<? extends Parent> loader) {
        return new LazyView(loader);
    }

    /**
     * Runs {@code action} once a frame has been drawn and is on screen: what was put there before
     * it (a tab's header and its progress, the starting window) is seen at once, before a view that
     * takes long to build.
     */
    public static void afterNextFrame(Runnable action) {
        new AnimationTimer() {
            private int frames;

            @Override
            public void handle(long now) {
                // the first call is in the pulse that draws what is there now; the second, after it
                if (++frames == 2) {
                    stop();
                    waitForDrawnFrames();
                    Platform.runLater(action);
                }
            }
        }.start();
    }

    /**
     * Returns once the frames already handed to the render thread are drawn. With software
     * rendering (Xvfb, a machine without a usable GPU) a drawn frame reaches the window through a
     * task the render thread queues on this thread when it is done: work run before that task
     * (building the workbench, 3–9 s) kept the window blank although its frame was drawn. A
     * snapshot is a render job behind the frame's own, and waits for it.
     */
    private static void waitForDrawnFrames() {
        new Rectangle(1, 1).snapshot(null, null);
    }

    /**
     * Stands in for a view until the first layout in which it can be seen, then holds it. Hidden at
     * a layout (its tab not the selected one, as a tool window restored from the settings may be),
     * it watches its ancestors' visibility: showing an ancestor does not lay out a pane whose size
     * did not change, so it would have stayed blank.
     */
    private static final class LazyView extends StackPane {
        private Supplier<? extends Parent> loader;
        private final InvalidationListener recheck = o -> requestLayout();
        private final List<Node> watched = new ArrayList<>();

        LazyView(Supplier<? extends Parent> loader) {
            this.loader = loader;
        }

        @Override
        protected void layoutChildren() {
            if (loader != null && getScene() != null) {
                if (shown()) {
                    watched.forEach(n -> n.visibleProperty().removeListener(recheck));
                    watched.clear();
                    Parent view = loader.get();
                    loader = null;
                    getChildren().setAll(view);
                    // styled now, so that this layout sizes it as it will be drawn
                    view.applyCss();
                } else {
                    watchAncestors();
                }
            }
            super.layoutChildren();
        }

        private boolean shown() {
            for (Node n = this; n != null; n = n.getParent()) {
                if (!n.isVisible()) {
                    return false;
                }
            }
            return true;
        }

        private void watchAncestors() {
            for (Node n = this; n != null; n = n.getParent()) {
                if (!watched.contains(n)) {
                    watched.add(n);
                    n.visibleProperty().addListener(recheck);
                }
            }
        }
    }

    /**
     * Loads {@code fxml} (a resource beside the controller's class) with {@code controller} as its
     * controller.
     */
    public static Parent load(String fxml, Object controller) {
        Class<?> type = controller.getClass();
        URL resource = Objects.requireNonNull(type.getResource(fxml), () -> "no view " + fxml);
        FXMLLoader loader = new FXMLLoader(resource);
        loader.setController(controller);
        try {
            return loader.load();
        } catch (IOException e) {
            throw new UncheckedIOException("the view " + fxml + " could not be loaded", e);
        }
    }

    /** The address of the stylesheet {@code name}, a resource beside {@code type}. */
    public static String stylesheet(Class<?> type, String name) {
        return Objects.requireNonNull(type.getResource(name), name).toExternalForm();
    }
}

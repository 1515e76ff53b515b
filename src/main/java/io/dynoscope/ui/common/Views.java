package io.dynoscope.ui.common;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.Objects;
import java.util.function.Supplier;
import javafx.fxml.FXMLLoader;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.layout.StackPane;

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

    /** Stands in for a view until the first layout in which it can be seen, then holds it. */
    private static final class LazyView extends StackPane {
        private Supplier<? extends Parent> loader;

        LazyView(Supplier<? extends Parent> loader) {
            this.loader = loader;
        }

        @Override
        protected void layoutChildren() {
            if (loader != null && getScene() != null && shown()) {
                Parent view = loader.get();
                loader = null;
                getChildren().setAll(view);
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
}

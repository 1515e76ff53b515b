package io.dynoscope.ui.common;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.Objects;
import javafx.fxml.FXMLLoader;
import javafx.scene.Parent;

/**
 * The one way to load a view: its FXML, next to the controller class, with the controller given (so
 * controllers take their view models through their constructors). The FXML names no controller.
 */
public final class Views {

    private Views() {}

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

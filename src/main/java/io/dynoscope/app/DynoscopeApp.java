package io.dynoscope.app;

import java.io.IOException;
import javafx.application.Application;
import javafx.fxml.FXMLLoader;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.stage.Stage;

/** The JavaFX application: builds the context, loads the shell and shows the window. */
public final class DynoscopeApp extends Application {

    private AppContext context;

    @Override
    public void start(Stage stage) throws IOException {
        context = AppContext.create();
        Scene scene = createScene(context);
        stage.setTitle("Dynoscope");
        stage.setScene(scene);
        stage.setWidth(1280);
        stage.setHeight(800);
        stage.show();
        if (Boolean.parseBoolean(System.getProperty("dynoscope.autoconnect.sandbox", "true"))) {
            context.shell().connect(context.shell().connections().get(0));
        }
    }

    /** Loads the shell into a scene; shared with the UI tests. */
    public static Scene createScene(AppContext context) throws IOException {
        FXMLLoader loader = new FXMLLoader(DynoscopeApp.class.getResource("Shell.fxml"));
        loader.setControllerFactory(context::createController);
        Parent root = loader.load();
        Scene scene = new Scene(root);
        ShellView.applyTheme(scene, context.shell().darkThemeProperty().get());
        context.shell().darkThemeProperty().addListener((obs, old, dark) -> ShellView.applyTheme(scene, dark));
        return scene;
    }

    @Override
    public void stop() {
        if (context != null) {
            context.close();
        }
    }
}

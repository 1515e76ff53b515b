package io.dynoscope.app;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.fxml.FXMLLoader;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.stage.Stage;

/** The JavaFX application: builds the context, loads the shell and shows the window. */
public final class DynoscopeApp extends Application {

    private AppContext context;
    private Stage stage;

    @Override
    public void start(Stage stage) throws IOException {
        this.stage = stage;
        context = AppContext.create();
        Scene scene = createScene(context);
        stage.setTitle("Dynoscope");
        stage.setScene(scene);
        stage.setWidth(1280);
        stage.setHeight(800);
        context.restoreWindow(stage);
        stage.show();
        context.settingsProblem()
                .ifPresent(message -> warn("Your settings could not be read", message));
        AtomicBoolean saveFailureShown = new AtomicBoolean();
        context.onSettingsSaveFailure(
                message -> {
                    // once per run: every later change would fail the same way
                    if (saveFailureShown.compareAndSet(false, true)) {
                        Platform.runLater(
                                () ->
                                        warn(
                                                "Your settings could not be saved",
                                                message
                                                        + "\nDynoscope keeps working; changes from now on may not be remembered."));
                    }
                });
        if (Boolean.parseBoolean(System.getProperty("dynoscope.autoconnect.sandbox", "true"))) {
            context.shell().connect(context.shell().connections().get(0));
        }
        if (SmokeRun.requested()) {
            SmokeRun.start(context);
        }
    }

    private void warn(String header, String message) {
        Alert alert = new Alert(Alert.AlertType.WARNING, message);
        alert.setHeaderText(header);
        alert.initOwner(stage);
        alert.show();
    }

    /** Loads the shell into a scene; shared with the UI tests. */
    public static Scene createScene(AppContext context) throws IOException {
        FXMLLoader loader = new FXMLLoader(DynoscopeApp.class.getResource("Shell.fxml"));
        loader.setControllerFactory(context::createController);
        Parent root = loader.load();
        Scene scene = new Scene(root);
        ShellView.applyTheme(scene, context.shell().darkThemeProperty().get());
        context.shell()
                .darkThemeProperty()
                .addListener((obs, old, dark) -> ShellView.applyTheme(scene, dark));
        return scene;
    }

    @Override
    public void stop() {
        if (context != null) {
            context.rememberWindow(stage);
            context.close();
        }
    }
}

package io.dynoscope.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.ui.shell.ShellView;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * What the window shows from its first frame until the workbench is built: "Starting Dynoscope…"
 * over the theme's background, readable in both themes (it was a blank white window for seconds).
 */
@ExtendWith(ApplicationExtension.class)
class StartingWindowTest {

    private Scene scene;

    @Start
    void start(Stage stage) {
        scene = new Scene(DynoscopeApp.starting(), 1280, 800);
        stage.setScene(scene);
        stage.show();
    }

    private static Color background(Region region) {
        return (Color) region.getBackground().getFills().get(0).getFill();
    }

    @Test
    void itSaysItIsStartingInTheLightAndTheDarkTheme(FxRobot robot) {
        for (boolean dark : new boolean[] {false, true}) {
            robot.interact(
                    () -> {
                        ShellView.applyTheme(scene, dark);
                        scene.getRoot().applyCss();
                    });
            Parent root = scene.getRoot();
            Label text = robot.lookup(".starting-text").queryAs(Label.class);
            assertEquals("Starting Dynoscope…", text.getText());
            Color back = background((Region) root);
            assertEquals(dark, back.getBrightness() < 0.5, "the theme's background, dark " + dark);
            double contrast = TextContrastTest.contrast((Color) text.getTextFill(), back);
            assertTrue(contrast >= 4.5, "contrast " + contrast + " in the dark theme " + dark);
        }
    }
}

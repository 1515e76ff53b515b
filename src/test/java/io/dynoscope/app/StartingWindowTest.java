package io.dynoscope.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.ui.shell.ShellView;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
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
            saveForTheDocs(
                    robot, dark ? "screenshot-starting-dark.png" : "screenshot-starting.png");
        }
    }

    /** With -Ddynoscope.docs=DIR, the window as it is now goes to DIR/name (for docs/). */
    private void saveForTheDocs(FxRobot robot, String name) {
        String docs = System.getProperty("dynoscope.docs");
        if (docs == null) {
            return;
        }
        WritableImage[] taken = new WritableImage[1];
        robot.interact(() -> taken[0] = scene.snapshot(null));
        int width = (int) taken[0].getWidth();
        int height = (int) taken[0].getHeight();
        BufferedImage out = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        PixelReader pixels = taken[0].getPixelReader();
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                out.setRGB(x, y, pixels.getArgb(x, y));
            }
        }
        try {
            ImageIO.write(out, "png", Path.of(docs, name).toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

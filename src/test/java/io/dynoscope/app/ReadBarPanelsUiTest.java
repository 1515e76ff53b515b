package io.dynoscope.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.sandbox.SampleData;
import io.dynoscope.testsupport.FxWait;
import io.dynoscope.ui.tabs.TableTab;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BackgroundFill;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.paint.LinearGradient;
import javafx.scene.paint.Paint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The read bar's "More" and the find bar open over the grid: the rows stay where they were, so a
 * second click lands on the row the first one aimed at.
 */
@ExtendWith(ApplicationExtension.class)
class ReadBarPanelsUiTest {

    @RegisterExtension static final SaasWorkbench app = SaasWorkbench.started("panels");

    private static Bounds inScene(Node node) {
        return node.localToScene(node.getLayoutBounds());
    }

    /** Where the grid and its first row are in the window. */
    private static List<Double> gridPlace(FxRobot robot) {
        WaitForAsyncUtils.waitForFxEvents();
        Node grid = robot.lookup("#tabPane #grid").query();
        Node firstRow =
                robot.lookup("#tabPane #grid .table-row-cell").queryAll().stream()
                        .min((a, b) -> Double.compare(inScene(a).getMinY(), inScene(b).getMinY()))
                        .orElseThrow();
        return List.of(inScene(grid).getMinY(), inScene(firstRow).getMinY());
    }

    @Test
    void moreAndTheFindBarOpenOverTheGridWithoutMovingIt(FxRobot robot) throws Exception {
        TableTab tab = app.start();
        assertTrue(tab.grid().rows().size() > 5);
        List<Double> before = gridPlace(robot);

        robot.clickOn("#tabPane #moreToggle");
        TextField filter = robot.lookup("#tabPane #filterField").queryAs(TextField.class);
        Node more = robot.lookup("#tabPane .read-bar-more").query();
        FxWait.until(10, more::isVisible);
        assertEquals(before, gridPlace(robot), "More moved the grid");
        Bounds grid = inScene(robot.lookup("#tabPane #grid").query());
        assertTrue(inScene(filter).intersects(grid), "More's fields are over the grid");
        // the grid's alone: they covered the top of the item inspector beside it
        Bounds inspector = inScene(robot.lookup("#tabPane .inspector").query());
        assertTrue(inspector.getMinX() >= grid.getMaxX(), "the inspector is beside the grid");
        assertTrue(
                inScene(more).getMaxX() <= grid.getMaxX() + 0.5,
                "More ends where the grid does: " + inScene(more) + " over " + grid);
        // and they take the clicks there, not the grid below them
        robot.clickOn(filter).write("attribute_exists(archived)");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("attribute_exists(archived)", filter.getText());
        robot.clickOn("#tabPane #moreToggle");
        FxWait.until(10, () -> !more.isVisible());

        robot.clickOn("#tabPane #grid");
        robot.press(KeyCode.SHORTCUT, KeyCode.F).release(KeyCode.F, KeyCode.SHORTCUT);
        TextField find = robot.lookup("#tabPane #findField").queryAs(TextField.class);
        FxWait.until(10, () -> find.getParent().isVisible());
        assertEquals(before, gridPlace(robot), "the find bar moved the grid");
        robot.write(SampleData.ACME);
        WaitForAsyncUtils.waitForFxEvents();
        Label status = robot.lookup("#tabPane #findStatusLabel").queryAs(Label.class);
        assertTrue(status.getText().startsWith("1 of "), status.getText());
        robot.clickOn("#tabPane #findNextButton");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(status.getText().startsWith("2 of "), "the find bar takes its clicks");
    }

    /** The inner fill of a button's background (the first stop of a gradient). */
    private static Color face(Region button) {
        List<BackgroundFill> fills = button.getBackground().getFills();
        Paint inner = fills.get(fills.size() - 1).getFill();
        return inner instanceof LinearGradient gradient
                ? gradient.getStops().get(0).getColor()
                : (Color) inner;
    }

    @Test
    void moreShowsThatItIsOpenInBothThemes(FxRobot robot) throws Exception {
        app.start();
        ToggleButton more = robot.lookup("#tabPane #moreToggle").queryAs(ToggleButton.class);
        List<String> problems = new ArrayList<>();
        for (boolean dark : List.of(false, true)) {
            robot.interact(() -> app.apps().get(0).shell().darkThemeProperty().set(dark));
            robot.interact(() -> more.setSelected(false));
            robot.moveTo("#tabPane #grid");
            WaitForAsyncUtils.waitForFxEvents();
            Color closed = TestApp.onFx(() -> face(more));
            robot.interact(() -> more.setSelected(true));
            WaitForAsyncUtils.waitForFxEvents();
            Color open = TestApp.onFx(() -> face(more));
            double ratio = TextContrastTest.contrast(closed, open);
            // in the dark theme an open More looked like a closed one (a darker shade of a dark
            // grey)
            if (ratio < 1.5) {
                problems.add(
                        String.format(
                                "%s: More open %s against closed %s is %.2f:1",
                                dark ? "dark" : "light", open, closed, ratio));
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }
}

package io.dynoscope.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynoscope.testsupport.FxWait;
import io.dynoscope.ui.tabs.TableTab;
import java.util.List;
import java.util.stream.Stream;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The View menu's check marks and the tabs of the tool windows below the grid agree, whichever is
 * used: each open tool is a tab and a check mark, closing a tab clears its mark, and clearing a
 * mark closes its tab.
 */
@ExtendWith(ApplicationExtension.class)
class ToolWindowMenuUiTest {

    @RegisterExtension static final SaasWorkbench app = SaasWorkbench.started("tool-menu");

    private static final String BUILDER = "Expression builder";
    private static final String DRIFT = "Drift inspector";

    /** The titles of the tabs below the grid, in order; empty when none is shown. */
    private static List<String> toolTabs(FxRobot robot) throws Exception {
        return TestApp.onFx(
                () ->
                        robot.lookup(".tool-window").queryAllAs(TabPane.class).stream()
                                .filter(p -> p.getScene() != null && ofToolWindow(p))
                                .flatMap(p -> p.getTabs().stream())
                                .map(Tab::getText)
                                .toList());
    }

    /** Whether a tab's label is one of the tool windows' (not of a tab pane inside a tool). */
    private static boolean ofToolWindow(Node label) {
        Node n = label instanceof TabPane ? label : label.getParent();
        while (n != null && !(n instanceof TabPane)) {
            n = n.getParent();
        }
        return n != null && n.getStyleClass().contains("tool-window");
    }

    /** The tools the View menu checks. */
    private static List<String> checked(Scene scene) throws Exception {
        return TestApp.onFx(
                () ->
                        Stream.of("expressionBuilderItem", "driftInspectorItem")
                                .map(id -> item(scene, id))
                                .filter(i -> ((CheckMenuItem) i).isSelected())
                                .map(i -> i.getText())
                                .toList());
    }

    private static MenuItem item(Scene scene, String id) {
        MenuBar bar = (MenuBar) scene.getRoot().lookup(".menu-bar");
        return bar.getMenus().stream()
                .flatMap(ToolWindowMenuUiTest::items)
                .filter(i -> id.equals(i.getId()))
                .findFirst()
                .orElseThrow();
    }

    private static Stream<MenuItem> items(MenuItem item) {
        return item instanceof Menu menu
                ? Stream.concat(
                        Stream.of(item),
                        menu.getItems().stream().flatMap(ToolWindowMenuUiTest::items))
                : Stream.of(item);
    }

    @Test
    void theViewMenusCheckMarksFollowTheToolTabsAndTheTabsFollowTheMarks(FxRobot robot)
            throws Exception {
        TableTab tab = app.start();
        Scene scene = TestApp.onFx(() -> tab.content().getScene());
        robot.push(KeyCode.CONTROL, KeyCode.E);
        robot.push(KeyCode.CONTROL, KeyCode.D);
        FxWait.until(10, () -> robot.lookup("#detectButton").tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals(List.of(BUILDER, DRIFT), toolTabs(robot), "two tools open, two tabs");
        assertEquals(List.of(BUILDER, DRIFT), checked(scene), "two tabs, two check marks");

        Node driftClose =
                TestApp.onFx(
                        () ->
                                robot.lookup(".tool-window .tab").queryAll().stream()
                                        .filter(t -> ofToolWindow(t))
                                        .filter(
                                                t ->
                                                        ((Label) t.lookup(".tab-label"))
                                                                .getText()
                                                                .equals(DRIFT))
                                        .map(t -> t.lookup(".tab-close-button"))
                                        .findFirst()
                                        .orElseThrow());
        robot.clickOn(driftClose);
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals(List.of(BUILDER), toolTabs(robot), "the drift inspector's tab closed");
        assertEquals(List.of(BUILDER), checked(scene), "and its check mark went with it");

        TestApp.onFx(
                () -> {
                    item(scene, "driftInspectorItem").fire();
                    return null;
                });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(BUILDER, DRIFT), toolTabs(robot), "checked again: its tab is back");
        assertEquals(List.of(BUILDER, DRIFT), checked(scene));

        TestApp.onFx(
                () -> {
                    item(scene, "expressionBuilderItem").fire();
                    return null;
                });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(DRIFT), toolTabs(robot), "unchecked: the builder's tab closed");
        assertEquals(List.of(DRIFT), checked(scene));
    }
}

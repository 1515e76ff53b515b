package io.dynoscope.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.settings.RecentTable;
import io.dynoscope.settings.SettingsService;
import io.dynoscope.settings.SettingsStore;
import io.dynoscope.testsupport.FxWait;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.WorkbenchTab;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import javafx.scene.control.TreeCell;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * What comes back after Ctrl+Q and a start: the tabs that were open, the one that was selected; and
 * the Recent section leaves out a table its connection no longer has.
 */
@ExtendWith(ApplicationExtension.class)
class SessionRestoreUiTest {

    private static final String TABLE = TestEngine.freshTable("session");
    private static final String GONE = TestEngine.uniqueTableName("session-gone");

    @TempDir Path directory;
    private final List<AppContext> started = new ArrayList<>();

    @Start
    void start(Stage stage) {
        // each test starts its own apps on the settings of its directory
    }

    @AfterEach
    void stop() throws Exception {
        TestApp.stop(started);
        FxToolkit.cleanupStages();
    }

    @Test
    void theTabsOpenAtCtrlQAreOpenAfterTheNextStart(FxRobot robot) throws Exception {
        TestApp.start(directory, TABLE, started);
        AppContext first = started.get(0);
        TestApp.onFx(() -> first.shell().open(WorkbenchTab.Kind.SQL_CONSOLE, TABLE));
        TestApp.onFx(
                () -> {
                    first.shell().selectedTabProperty().set(first.shell().tabs().get(0));
                    return null;
                });
        List<Map.Entry<WorkbenchTab.Kind, String>> before = tabsOf(first);
        assertEquals(2, before.size());

        // Ctrl+Q as a person quits: the window goes, then the app stops as DynoscopeApp.stop does
        robot.clickOn("#tabPane").push(KeyCode.SHORTCUT, KeyCode.Q);
        FxWait.until(10, () -> Window.getWindows().stream().noneMatch(Window::isShowing));
        TestApp.stop(started);

        AppContext second = TestApp.connect(directory, started);
        FxWait.until(30, () -> second.shell().tabs().size() == 2);
        assertEquals(before, tabsOf(second), "the same tabs, in the same order");
        assertEquals(
                WorkbenchTab.Kind.TABLE,
                TestApp.onFx(() -> second.shell().selectedTabProperty().get().kind()),
                "the tab that was selected");
    }

    @Test
    void aRecentTableTheConnectionNoLongerHasIsNotOffered(FxRobot robot) throws Exception {
        SettingsService settings = SettingsService.open(new SettingsStore(directory));
        settings.update(
                s -> {
                    // tables opened earlier on another connection, not known gone
                    for (int i = 1; i <= 7; i++) {
                        s = s.withRecentTable(new RecentTable("Elsewhere", "older-" + i));
                    }
                    return s.withRecentTable(new RecentTable("Local sandbox", TABLE))
                            .withRecentTable(new RecentTable("Local sandbox", GONE));
                });
        settings.close();

        AppContext app = TestApp.connect(directory, started);
        // the Recent section is the tree's first, above the connections and their tables, where it
        // is seen without scrolling however many tables there are (it was the last, below them)
        FxWait.until(10, () -> recentLine(robot, TABLE));
        assertFalse(recentLine(robot, GONE), GONE + " is not on the connection: not offered");
        assertEquals(9, app.shell().recentTables().size(), "kept in the settings all the same");
        assertTrue(app.shell().isGone(app.shell().recentTables().get(0)));
        assertTrue(
                TestApp.onFx(() -> lineY(robot, "Recent") < lineY(robot, "Local sandbox")),
                "Recent comes before the connections");
        // the last five are shown, the three older folded under one line
        List<String> shown = TestApp.onFx(() -> recentLines(robot));
        assertEquals(5, shown.size(), shown.toString());
        assertTrue(shown.get(0).startsWith(TABLE + "  ·  "), shown.toString());
        assertTrue(TestApp.onFx(() -> lineY(robot, "3 more") > 0), "the older ones, folded");
    }

    /** Where the sidebar shows the line of this text (a section, a connection), in the scene. */
    private static double lineY(FxRobot robot, String text) {
        return robot.lookup("#tree .tree-cell")
                .match(
                        (TreeCell<?> c) ->
                                text.equals(c.getText())
                                        || c.getGraphic() != null
                                                && robot.from(c.getGraphic())
                                                        .lookup(text)
                                                        .tryQuery()
                                                        .isPresent())
                .tryQuery()
                .map(c -> c.localToScene(c.getBoundsInLocal()).getMinY())
                .orElse(Double.NaN);
    }

    private static List<String> recentLines(FxRobot robot) {
        return robot
                .lookup("#tree .tree-cell")
                .match((TreeCell<?> c) -> c.getText() != null && c.getText().contains("  ·  "))
                .queryAllAs(TreeCell.class)
                .stream()
                .sorted(
                        Comparator.comparingDouble(
                                c -> c.localToScene(c.getBoundsInLocal()).getMinY()))
                .map(c -> c.getText())
                .toList();
    }

    private static boolean recentLine(FxRobot robot, String table) {
        return robot.lookup("#tree .tree-cell")
                .match(
                        (TreeCell<?> c) ->
                                c.getText() != null && c.getText().startsWith(table + "  ·  "))
                .tryQuery()
                .isPresent();
    }

    private static List<Map.Entry<WorkbenchTab.Kind, String>> tabsOf(AppContext app)
            throws Exception {
        return TestApp.onFx(
                () ->
                        app.shell().tabs().stream()
                                .map(t -> Map.entry(t.kind(), t.table()))
                                .toList());
    }
}

package io.dynoscope.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.settings.SettingsService;
import io.dynoscope.settings.SettingsStore;
import io.dynoscope.testsupport.FxWait;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import io.dynoscope.ui.shell.ConnectionEntry;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.TreeCell;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Pane;
import javafx.stage.Modality;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The sidebar as a person uses it: the Recent section comes first, and nothing moves under the
 * pointer when a table joins it, its footer counts the tables there are, and the keyboard's focus
 * stays in the tab when the control it was on goes away.
 */
@ExtendWith(ApplicationExtension.class)
class SidebarUiTest {

    /** Two tables of this class, found together by the filter. */
    private static final String PREFIX = TestEngine.uniqueTableName("sidebar");

    private static final String FIRST = TestEngine.freshTable(PREFIX + "-a");
    private static final String SECOND = TestEngine.freshTable(PREFIX + "-b");

    @TempDir Path settings;
    private AppContext context;

    @Start
    void start(Stage stage) {
        // settings are kept, so opening a table puts it in the Recent section
        context =
                new AppContext(
                        new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.fx()),
                        (entry, cancellation) ->
                                SdkDynamoRepository.connect(TestEngine.connection()),
                        // two connections, as the app lists them: the tree shifted its
                        // selection by the count of connections when Recent came in
                        List.of(ConnectionEntry.sandbox(), ConnectionEntry.dynamoDbLocal()),
                        new SandboxHolder(),
                        SettingsService.open(new SettingsStore(settings)));
        stage.setScene(DynoscopeApp.createScene(context));
        stage.setWidth(1280);
        stage.setHeight(800);
        stage.show();
    }

    @AfterEach
    void close() throws Exception {
        TestWorkbench.close(context);
    }

    private static Optional<TreeCell<?>> cell(FxRobot robot, String text) {
        return robot.lookup("#tree .tree-cell")
                .match((TreeCell<?> c) -> text.equals(c.getText()))
                .tryQuery();
    }

    /**
     * Types the filter and waits until the field holds all of it: under load the keys are handled
     * after write() returns, and a line found under a half-typed filter moves when the rest comes.
     */
    private static void filter(FxRobot robot, String text) throws Exception {
        robot.clickOn("#tableFilter").write(text);
        TextField field = robot.lookup("#tableFilter").queryAs(TextField.class);
        FxWait.until(20, () -> text.equals(field.getText()));
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Where on the screen the sidebar shows a table's line (its top), or NaN when it does not. */
    private static double screenY(FxRobot robot, String table) throws Exception {
        return TestApp.onFx(
                () ->
                        cell(robot, table)
                                .map(c -> c.localToScreen(c.getBoundsInLocal()).getMinY())
                                .orElse(Double.NaN));
    }

    /** The text of the sidebar's line under the pointer ("" for an empty line). */
    private static String lineUnderPointer(FxRobot robot) {
        Point2D pointer = robot.robotContext().getBaseRobot().retrieveMouse();
        return robot.lookup("#tree .tree-cell").queryAll().stream()
                .filter(n -> n.localToScreen(n.getBoundsInLocal()).contains(pointer))
                .map(n -> String.valueOf(((TreeCell<?>) n).getText()))
                .findFirst()
                .orElse(null);
    }

    @Test
    void theRowUnderThePointerIsTheSameTableBeforeAndAfterRecentUpdates(FxRobot robot)
            throws Exception {
        TestWorkbench.connect(robot);
        filter(robot, PREFIX);
        FxWait.until(10, () -> cell(robot, SECOND).isPresent());
        robot.doubleClickOn(cell(robot, SECOND).orElseThrow());
        assertEquals(SECOND, lineUnderPointer(robot));

        // the table opens, and the settings put it in the Recent section
        FxWait.until(20, () -> !context.shell().recentTables().isEmpty());
        WaitForAsyncUtils.sleep(500, TimeUnit.MILLISECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(SECOND, lineUnderPointer(robot), "the line under the pointer did not move");
        assertTrue(recentLine(robot, SECOND).isEmpty(), "Recent waits while the pointer is there");

        // once the pointer has left the sidebar, Recent shows the table
        robot.moveTo("#tabPane");
        FxWait.until(10, () -> recentLine(robot, SECOND).isPresent());
        // the table opened stays the selected line (it had moved to the line below it)
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(SECOND), selectedLines(robot));
    }

    @Test
    void theRecentSectionIsAboveTheTablesFromTheStartAndTheFirstTableOpenedMovesNone(FxRobot robot)
            throws Exception {
        TestWorkbench.connect(robot);
        filter(robot, PREFIX);
        FxWait.until(10, () -> cell(robot, SECOND).isPresent());
        // before any table was opened, the section holds one line saying what will show there
        assertTrue(cell(robot, "Recent").isPresent(), "Recent is there from the start");
        assertTrue(cell(robot, "Tables you open show here").isPresent());
        double before = sceneY(cell(robot, SECOND).orElseThrow());
        assertTrue(sceneY(cell(robot, "Recent").orElseThrow()) < before, "Recent is first");

        robot.doubleClickOn(cell(robot, FIRST).orElseThrow());
        FxWait.until(20, () -> !context.shell().recentTables().isEmpty());
        robot.moveTo("#tabPane");
        FxWait.until(10, () -> recentLine(robot, FIRST).isPresent());
        WaitForAsyncUtils.waitForFxEvents();

        // the table took the placeholder's line: nothing below it moved
        assertEquals(before, sceneY(cell(robot, SECOND).orElseThrow()), SECOND + "'s line stayed");
        assertTrue(cell(robot, "Tables you open show here").isEmpty());
    }

    private static Optional<TreeCell<?>> recentLine(FxRobot robot, String table) {
        return robot.lookup("#tree .tree-cell")
                .match(
                        (TreeCell<?> c) ->
                                c.getText() != null && c.getText().startsWith(table + "  ·  "))
                .tryQuery();
    }

    private static double sceneY(Node node) {
        return node.localToScene(node.getBoundsInLocal()).getMinY();
    }

    @Test
    void theConnectionFormsShowInTheWorkbenchsTheme(FxRobot robot) throws Exception {
        robot.interact(() -> context.shell().darkThemeProperty().set(true));
        List<String> themed = robot.lookup("#tree").query().getScene().getStylesheets();
        assertTrue(themed.stream().anyMatch(s -> s.endsWith("dark.css")), themed.toString());
        robot.clickOn("#addEndpointButton");
        FxWait.until(20, () -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        DialogPane form = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        // it was light in the dark theme: its sheets were JavaFX's alone
        assertEquals(themed, form.getStylesheets(), "the form's theme");
        robot.interact(() -> form.getScene().getWindow().hide());
    }

    private static List<String> selectedLines(FxRobot robot) {
        return robot
                .lookup("#tree .tree-cell")
                .match((TreeCell<?> c) -> c.isSelected() && !c.isEmpty())
                .queryAllAs(TreeCell.class)
                .stream()
                .map(c -> c.getText())
                .toList();
    }

    @Test
    void tablesThatArriveWhileThePointerIsOnTheTreeWaitUntilItLeaves(FxRobot robot)
            throws Exception {
        // tables of this test alone: the others count what the filter of PREFIX shows
        String arriving = TestEngine.uniqueTableName("sidebar-arriving");
        String shown = TestEngine.freshTable(arriving + "-b");
        TestWorkbench.connect(robot);
        filter(robot, arriving);
        FxWait.until(10, () -> cell(robot, shown).isPresent());
        robot.moveTo(cell(robot, shown).orElseThrow());
        int tables = TestEngine.repository().listTables().size();
        Label footer = robot.lookup(".connection-message").queryAs(Label.class);

        // a table that sorts above the one under the pointer arrives, as the sandbox's do
        String earlier = TestEngine.freshTable(arriving + "-0");
        WaitForAsyncUtils.asyncFx(() -> context.shell().refreshTables());
        FxWait.until(20, () -> footer.getText().contains((tables + 1) + " tables"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(shown, lineUnderPointer(robot), "the line under the pointer did not move");
        assertTrue(
                cell(robot, earlier).isEmpty(), "the new table waits while the pointer is there");

        robot.moveTo("#tabPane");
        FxWait.until(10, () -> cell(robot, earlier).isPresent());
    }

    @Test
    void aTableCreatedWhileADialogCoveredThePointerWaitsUntilThePointerLeaves(FxRobot robot)
            throws Exception {
        String arriving = TestEngine.uniqueTableName("sidebar-created");
        String shown = TestEngine.freshTable(arriving + "-b");
        TestWorkbench.connect(robot);
        filter(robot, arriving);
        FxWait.until(10, () -> cell(robot, shown).isPresent());
        robot.moveTo(cell(robot, shown).orElseThrow());
        Node tree = robot.lookup("#tree").query();
        Point2D pointer = robot.robotContext().getBaseRobot().retrieveMouse();

        // a dialog opens over the pointer, as Create table's does, and the pointer moves in it:
        // the tree no longer knows the pointer is over one of its lines
        Stage dialog =
                TestApp.onFx(
                        () -> {
                            Stage over = new Stage();
                            over.initOwner(tree.getScene().getWindow());
                            over.initModality(Modality.WINDOW_MODAL);
                            over.setScene(new Scene(new Pane(), 240, 120));
                            over.setX(pointer.getX() - 120);
                            over.setY(pointer.getY() - 60);
                            over.show();
                            return over;
                        });
        robot.moveBy(4, 0).moveBy(-4, 0);
        FxWait.until(10, () -> !tree.isHover());
        int tables = TestEngine.repository().listTables().size();
        Label footer = robot.lookup(".connection-message").queryAs(Label.class);
        double shownY = screenY(robot, shown);

        // the table is created and the dialog closes (Enter): the pointer has not moved
        String created = TestEngine.freshTable(arriving + "-0");
        robot.interact(dialog::hide);
        WaitForAsyncUtils.asyncFx(() -> context.shell().refreshTables());
        FxWait.until(20, () -> footer.getText().contains((tables + 1) + " tables"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(shownY, screenY(robot, shown), "the line under the pointer did not move");
        assertTrue(cell(robot, created).isEmpty(), "the new table waits for the pointer to go");

        robot.moveTo("#tabPane");
        FxWait.until(10, () -> cell(robot, created).isPresent());
    }

    @Test
    void theFooterCountsEveryTableOfTheConnectionAndWhatTheFilterShows(FxRobot robot)
            throws Exception {
        TestWorkbench.connect(robot);
        int tables = TestEngine.repository().listTables().size();
        Label footer = robot.lookup(".connection-message").queryAs(Label.class);
        assertEquals("Connected to Local sandbox · " + tables + " tables", footer.getText());

        filter(robot, PREFIX);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(
                "Connected to Local sandbox · " + tables + " tables (2 shown)", footer.getText());

        // a table created elsewhere is counted once the list is read again (F5)
        TestEngine.freshTable(PREFIX + "-c");
        robot.clickOn(cell(robot, FIRST).orElseThrow()).type(KeyCode.F5);
        FxWait.until(
                10,
                () ->
                        footer.getText()
                                .equals(
                                        "Connected to Local sandbox · "
                                                + (tables + 1)
                                                + " tables (3 shown)"));
    }

    /** Whether the window's focus is inside the tabs, and not in the sidebar's find box. */
    private static void assertFocusStayedInTheTab(FxRobot robot, Node was) {
        Node focused = robot.lookup("#tabPane").query().getScene().getFocusOwner();
        TextField filter = robot.lookup("#tableFilter").queryAs(TextField.class);
        assertNotEquals(filter, focused, "the focus did not jump to the sidebar's find box");
        Node tabs = robot.lookup("#tabPane").query();
        boolean inTab = false;
        for (Node n = focused; n != null; n = n.getParent()) {
            inTab |= n == tabs;
        }
        assertTrue(inTab, "the focus stayed in the tab: " + focused + " (was " + was + ")");
    }

    @Test
    void whenTheFocusedControlGoesAwayTheFocusStaysInTheTab(FxRobot robot) throws Exception {
        TestWorkbench.connect(robot);
        filter(robot, PREFIX);
        FxWait.until(10, () -> cell(robot, FIRST).isPresent());
        robot.doubleClickOn(cell(robot, FIRST).orElseThrow());
        FxWait.until(20, () -> robot.lookup("#tabPane #runButton").tryQuery().isPresent());
        Button run = robot.lookup("#tabPane #runButton").queryButton();

        // as the edit form goes after a save: the focused control leaves the window
        robot.interact(run::requestFocus);
        assertTrue(run.isFocused());
        Pane bar = (Pane) run.getParent();
        int at = bar.getChildren().indexOf(run);
        robot.interact(() -> bar.getChildren().remove(run));
        WaitForAsyncUtils.sleep(200, TimeUnit.MILLISECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        assertFocusStayedInTheTab(robot, run);
        robot.interact(() -> bar.getChildren().add(at, run));

        // as Propagate is while it writes: the focused control is disabled
        robot.interact(run::requestFocus);
        robot.interact(() -> bar.setDisable(true));
        WaitForAsyncUtils.sleep(200, TimeUnit.MILLISECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        assertFocusStayedInTheTab(robot, run);
        robot.interact(() -> bar.setDisable(false));
    }
}

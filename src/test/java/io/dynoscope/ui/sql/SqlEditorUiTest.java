package io.dynoscope.ui.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.service.sql.SampleModels;
import io.dynoscope.service.sql.SqlCompletions;
import io.dynoscope.service.sql.SqlConsole;
import io.dynoscope.testsupport.FxWait;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.fxmisc.richtext.CodeArea;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The SQL editor as a person uses it: colours, an error underlined where it is with its message,
 * completion of views and columns, the schema list, history, running the selection, the cost in
 * words, and the keyboard staying in the editor.
 */
@ExtendWith(ApplicationExtension.class)
class SqlEditorUiTest {

    private static String table;
    private BackgroundWork work;
    private SqlConsoleViewModel viewModel;
    private CodeArea editor;

    @BeforeAll
    static void seed() {
        table = TestEngine.uniqueTableName("sql-editor");
        SampleTables.seed(TestEngine.repository(), Dataset.SAAS, table);
    }

    @Start
    void start(Stage stage) {
        work = new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.fx());
        viewModel =
                new SqlConsoleViewModel(
                        new SqlConsole(TestEngine.repository(), List.of(SampleModels.saas(table))),
                        work);
        stage.setScene(new Scene(SqlConsoleView.load(viewModel), 1280, 800));
        stage.show();
        editor = (CodeArea) stage.getScene().lookup("#editor");
    }

    @AfterEach
    void stopWork() throws Exception {
        work.shutdown();
        FxToolkit.cleanupStages();
    }

    private void type(FxRobot robot, String text) {
        robot.interact(
                () -> {
                    editor.replaceText(text);
                    editor.moveTo(text.length());
                    editor.requestFocus();
                });
    }

    private static void runKey(FxRobot robot) {
        robot.press(KeyCode.CONTROL, KeyCode.ENTER).release(KeyCode.ENTER, KeyCode.CONTROL);
    }

    @Test
    void aKeywordTypoIsUnderlinedWhereItIsWithItsMessageBelow(FxRobot robot)
            throws TimeoutException {
        String text = "SELECT projectId\nFORM project";
        type(robot, text);
        runKey(robot);

        Label error = robot.lookup("#errorLabel").queryAs(Label.class);
        waitFor(() -> !error.getText().isEmpty());
        assertEquals(
                "line 2, column 1: `FORM` is not a SQL keyword; did you mean FROM?",
                error.getText());
        assertFalse(error.getText().contains("Was expecting"));
        int form = text.indexOf("FORM");
        WaitForAsyncUtils.waitForFxEvents();
        for (int i = form; i < form + 4; i++) {
            assertTrue(editor.getStyleOfChar(i).contains("sql-error"), "char " + i);
        }
        assertFalse(editor.getStyleOfChar(form - 2).contains("sql-error"));
        assertTrue(editor.isFocused(), "the keyboard stays in the editor");
    }

    @Test
    void anUnknownColumnSaysTheNameItMeant(FxRobot robot) throws TimeoutException {
        type(robot, "SELECT stauts FROM project WHERE workspaceId = 'acme'");
        runKey(robot);

        Label error = robot.lookup("#errorLabel").queryAs(Label.class);
        waitFor(() -> !error.getText().isEmpty());
        assertEquals(
                "line 1, column 8: no column `stauts`; did you mean `status`?", error.getText());
        WaitForAsyncUtils.waitForFxEvents();
        for (int i = "SELECT ".length(); i < "SELECT stauts".length(); i++) {
            assertTrue(editor.getStyleOfChar(i).contains("sql-error"), "char " + i);
        }
    }

    @Test
    void keywordsStringsAndNumbersAreColoured(FxRobot robot) {
        type(robot, "SELECT budget FROM project WHERE status = 'ACTIVE' AND budget > 10");
        WaitForAsyncUtils.waitForFxEvents();

        assertTrue(editor.getStyleOfChar(0).contains("sql-keyword"));
        String text = editor.getText();
        assertTrue(editor.getStyleOfChar(text.indexOf("'ACTIVE'") + 1).contains("sql-string"));
        assertTrue(editor.getStyleOfChar(text.indexOf("10")).contains("sql-number"));
        assertTrue(editor.getStyleOfChar(text.indexOf("status")).contains("sql-identifier"));
    }

    @Test
    void ctrlSpaceCompletesViewsAndTheColumnsOfAnAlias(FxRobot robot) throws TimeoutException {
        type(robot, "SELECT * FROM proj");
        robot.press(KeyCode.CONTROL, KeyCode.SPACE).release(KeyCode.SPACE, KeyCode.CONTROL);
        waitFor(() -> robot.lookup(".sql-completions").tryQuery().isPresent());
        List<SqlCompletions.Completion> shown =
                robot.lookup(".sql-completions")
                        .<SqlCompletions.Completion>queryListView()
                        .getItems();
        assertEquals("project", shown.get(0).text());
        robot.press(KeyCode.ENTER).release(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("SELECT * FROM project", editor.getText());

        type(robot, "SELECT p.st FROM project p");
        robot.interact(() -> editor.moveTo("SELECT p.st".length()));
        robot.press(KeyCode.CONTROL, KeyCode.SPACE).release(KeyCode.SPACE, KeyCode.CONTROL);
        waitFor(
                () ->
                        robot
                                .lookup(".sql-completions")
                                .<SqlCompletions.Completion>queryListView()
                                .getItems()
                                .stream()
                                .anyMatch(c -> c.text().equals("status")));
        robot.press(KeyCode.ENTER).release(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("SELECT p.status FROM project p", editor.getText());
    }

    @Test
    void theCompletionsCloseWhenTheNameEndsAndWhenTheStatementRuns(FxRobot robot)
            throws TimeoutException {
        type(robot, "SELECT * FROM proj");
        robot.press(KeyCode.CONTROL, KeyCode.SPACE).release(KeyCode.SPACE, KeyCode.CONTROL);
        waitFor(() -> isShowing(robot));

        robot.write("ect ");
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(isShowing(robot), "a space ends the name: the list closes");

        robot.write("p WHERE p.");
        waitFor(() -> isShowing(robot));
        robot.write("work");
        waitFor(
                () ->
                        robot
                                .lookup(".sql-completions")
                                .<SqlCompletions.Completion>queryListView()
                                .getItems()
                                .stream()
                                .allMatch(c -> c.text().startsWith("work")));
        assertTrue(isShowing(robot), "the list follows the name being typed");
        runKey(robot);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(isShowing(robot), "running the statement closes the list");
    }

    private static boolean isShowing(FxRobot robot) {
        return robot.lookup(".sql-completions")
                .match(Node::isVisible)
                .tryQuery()
                .map(list -> list.getScene().getWindow().isShowing())
                .orElse(false);
    }

    @Test
    void theSchemaListAndTheHintNameTheEntityViews(FxRobot robot) throws TimeoutException {
        Label hint = robot.lookup(".sql-hint").queryAs(Label.class);
        waitFor(() -> hint.getText().contains("project"));
        assertTrue(
                hint.getText().startsWith("Entity views of the table's model: workspace, project"),
                hint.getText());
        TreeView<SchemaEntry> schema = robot.lookup("#schemaTree").queryAs(TreeView.class);
        List<String> names =
                schema.getRoot().getChildren().stream().map(i -> i.getValue().name()).toList();
        assertTrue(names.containsAll(List.of("workspace", "project")), names.toString());
    }

    @Test
    void runTheSelectionThenStepBackThroughTheHistoryAndExport(FxRobot robot, @TempDir Path dir)
            throws Exception {
        String first = "SELECT projectId FROM project WHERE workspaceId = 'beta'";
        type(robot, first + ";\nSELECT nothing FROM nowhere");
        robot.interact(() -> editor.selectRange(0, first.length()));
        robot.clickOn("#runButton");

        waitFor(() -> viewModel.statusDetailsProperty().get().startsWith("requests="));
        assertEquals(SampleData.BETA_PROJECTS, viewModel.rows().size());
        assertEquals("", viewModel.errorProperty().get());
        assertTrue(
                viewModel.statusProperty().get().startsWith("3 rows · 1 request · "),
                viewModel.statusProperty().get());
        assertTrue(editor.isFocused(), "after Run the keyboard is back in the editor");
        Bounds area = editor.localToScreen(editor.getBoundsInLocal());
        WaitForAsyncUtils.sleep(1500, TimeUnit.MILLISECONDS); // a tooltip's delay
        for (Window window : robot.listWindows()) {
            if (window instanceof Tooltip tip && tip.isShowing()) {
                assertFalse(
                        area.intersects(tip.getX(), tip.getY(), tip.getWidth(), tip.getHeight()),
                        "a tooltip covers the editor: " + tip.getText());
            }
        }

        type(robot, "SELECT 1 AS x1 FROM workspace WHERE workspaceId = 'acme'");
        runKey(robot);
        waitFor(() -> viewModel.rows().size() == 1);
        robot.press(KeyCode.CONTROL, KeyCode.UP).release(KeyCode.UP, KeyCode.CONTROL);
        robot.press(KeyCode.CONTROL, KeyCode.UP).release(KeyCode.UP, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(first, editor.getText());

        Path csv = dir.resolve("one.csv");
        viewModel.exportCsv(csv);
        waitFor(() -> viewModel.statusProperty().get().startsWith("Saved 1 row"));
        assertEquals("x1\r\n1\r\n", Files.readString(csv, StandardCharsets.UTF_8));
    }

    private static void waitFor(Callable<Boolean> condition) throws TimeoutException {
        // The first statement of a JVM plans for seconds, much longer on a loaded machine.
        FxWait.until(120, condition);
    }
}

package io.dynoscope.ui.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.service.ConnectionServices;
import io.dynoscope.testsupport.FxWait;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeoutException;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.input.KeyCode;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The Model tab as a person clicks through it at 1280x800: two entities and three access patterns
 * in their words, the proposed keys and index, the table loaded on the engine after its CreateTable
 * request was shown, and every pattern proved with its expected items; no column header is cut, and
 * the example items and the checks fit their table's width.
 */
@ExtendWith(ApplicationExtension.class)
class TableModelViewTest {

    private BackgroundWork work;

    @Start
    void start(Stage stage) {
        work = new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.fx());
        LoadTarget engine =
                new LoadTarget(
                        "test engine",
                        false,
                        cancellation -> new ConnectionServices(TestEngine.repository()));
        TableModelViewModel viewModel = new TableModelViewModel(List.of(engine), work, null);
        stage.setScene(new Scene(TableModelView.load(viewModel), 1280, 760));
        stage.show();
    }

    @AfterEach
    void stopWork() throws Exception {
        work.shutdown();
        FxToolkit.cleanupStages();
    }

    @Test
    void twoEntitiesAndThreePatternsAreProposedLoadedAndProved(FxRobot robot)
            throws TimeoutException {
        String table = TestEngine.uniqueTableName("planner-view");
        robot.doubleClickOn("#tableNameField").eraseText(20).write(table);
        robot.clickOn("#entityNameField").write("workspace");
        robot.clickOn("#entityAttributesField").write("name:S, plan:S");
        robot.clickOn("#addEntityButton");
        robot.clickOn("#entityNameField").write("project");
        robot.clickOn("#entityParentField").write("workspace");
        robot.clickOn("#entityAttributesField").write("name:S, status:S, createdAt:S");
        robot.clickOn("#addEntityButton");
        for (String words :
                List.of(
                        "get the settings of a workspace",
                        "load a workspace and its projects, newest first",
                        "all projects with status = ACTIVE across workspaces")) {
            robot.clickOn("#patternWordsField").write(words).type(KeyCode.ENTER);
        }
        TableView<PatternRow> patterns = robot.lookup("#patternsTable").queryTableView();
        assertEquals(3, patterns.getItems().size());
        assertEquals("status", patterns.getItems().get(2).givenProperty().get());
        assertEquals("workspace", patterns.getItems().get(1).entityProperty().get());
        assertEquals("project", patterns.getItems().get(1).alongProperty().get());

        robot.clickOn("#proposeButton");
        TableView<DesignViewModel.KeyRow> keys = robot.lookup("#keysTable").queryTableView();
        waitFor(() -> keys.getItems().size() == 2);
        assertEquals(
                new DesignViewModel.KeyRow(
                        "project",
                        "WORKSPACE#{workspaceId}",
                        "PROJECT#{projectId}",
                        "GSI1: STATUS#{status} / PROJECT#{workspaceId}#{projectId}"),
                keys.getItems().get(1));
        ListView<String> indexes = robot.lookup("#indexesList").queryListView();
        assertEquals(List.of("GSI GSI1: GSI1PK / GSI1SK (ALL)"), indexes.getItems());
        headersAreNotCut(robot, List.of("#entitiesTable", "#patternsTable", "#keysTable"));
        robot.clickOn("Example items");
        fitsItsWidth(robot, "#examplesTable");

        robot.clickOn("Load and check");
        robot.clickOn("#loadButton");
        TextArea request = robot.lookup("#requestArea").query();
        waitFor(() -> request.getText().contains("\"TableName\" : \"" + table + "\""));
        robot.clickOn("#confirmButton");
        Label status = robot.lookup("#statusLabel").queryAs(Label.class);
        waitFor(() -> status.getText().startsWith("Loaded " + table));
        robot.clickOn("#checkButton");
        TableView<LoadCheckViewModel.CheckRow> checks =
                robot.lookup("#checksTable").queryTableView();
        waitFor(() -> checks.getItems().size() == 3 && status.getText().startsWith("3 of 3"));
        for (LoadCheckViewModel.CheckRow row : checks.getItems()) {
            assertTrue(row.asDesigned(), row.toString());
            assertEquals(1, row.requests(), row.toString());
        }
        assertEquals("3 of 3 access patterns served as designed on " + table, status.getText());
        fitsItsWidth(robot, "#checksTable");
    }

    /**
     * At 1280 the table's columns share its width: none runs off to the right (no horizontal
     * scrolling to see the key or the verdict) and no header is cut.
     */
    private static void fitsItsWidth(FxRobot robot, String id) throws TimeoutException {
        TableView<?> table = robot.lookup(id).queryTableView();
        waitFor(() -> table.getWidth() > 0);
        waitFor(
                () ->
                        table.getColumns().stream().mapToDouble(TableColumn::getWidth).sum()
                                <= table.getWidth());
        headersAreNotCut(robot, List.of(id));
    }

    private static void headersAreNotCut(FxRobot robot, List<String> ids) {
        for (String id : ids) {
            TableView<?> table = robot.lookup(id).queryTableView();
            for (TableColumn<?, ?> column : table.getColumns()) {
                double text = new Text(column.getText()).getLayoutBounds().getWidth();
                assertTrue(
                        column.getWidth() >= text + 10,
                        id + " " + column.getText() + ": " + column.getWidth() + " < " + text);
            }
        }
    }

    private static void waitFor(Callable<Boolean> condition) throws TimeoutException {
        FxWait.until(30, condition);
    }
}

package io.dynoscope.ui.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The planner flow a person clicks through: two entities and three access patterns in their words,
 * the proposed keys and GSI, the table loaded on the engine after its CreateTable request was
 * shown, and every pattern checked with its figures.
 */
@ExtendWith(ApplicationExtension.class)
class ModelPlannerViewTest {

    private BackgroundWork work;

    @Start
    void start(Stage stage) {
        work = new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.fx());
        LoadTarget engine =
                new LoadTarget("test engine", false, cancellation -> TestEngine.repository());
        ModelPlannerViewModel viewModel = new ModelPlannerViewModel(List.of(engine), work, null);
        stage.setScene(new Scene(ModelPlannerView.load(viewModel), 1260, 790));
        stage.show();
    }

    @AfterEach
    void stopWork() throws Exception {
        work.shutdown();
        FxToolkit.cleanupStages();
    }

    @Test
    void twoEntitiesAndThreePatternsAreProposedLoadedAndChecked(FxRobot robot)
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

        robot.clickOn("#patternWordsField")
                .write("get the settings of a workspace")
                .type(KeyCode.ENTER);
        robot.clickOn("#patternWordsField")
                .write("load a workspace and its projects, newest first")
                .type(KeyCode.ENTER);
        robot.clickOn("#patternWordsField")
                .write("all projects with status = ACTIVE across workspaces")
                .type(KeyCode.ENTER);
        TableView<ModelPlannerViewModel.PatternRow> patterns =
                robot.lookup("#patternsTable").queryTableView();
        assertEquals(3, patterns.getItems().size());
        assertEquals("status", patterns.getItems().get(2).parametersProperty().get());

        robot.clickOn("#proposeButton");
        TableView<ModelPlannerViewModel.KeyRow> keys = robot.lookup("#keysTable").queryTableView();
        waitFor(() -> keys.getItems().size() == 2);
        assertEquals(
                new ModelPlannerViewModel.KeyRow(
                        "project",
                        "WORKSPACE#{workspaceId}",
                        "PROJECT#{projectId}",
                        "GSI1: PROJECT#{status} / {projectId}"),
                keys.getItems().get(1));
        ListView<String> indexes = robot.lookup("#indexesList").queryListView();
        assertEquals(List.of("GSI GSI1: GSI1PK / GSI1SK (ALL)"), indexes.getItems());
        TableView<ModelPlannerViewModel.ServedRow> served =
                robot.lookup("#servedTable").queryTableView();
        assertEquals(
                List.of(
                        "GetItem WORKSPACE#{workspaceId} / META",
                        "Query WORKSPACE#{workspaceId}, newest first",
                        "Query on GSI1 PROJECT#{status}"),
                served.getItems().stream().map(ModelPlannerViewModel.ServedRow::how).toList());
        assertTrue(robot.lookup("Query on GSI1 PROJECT#{status}").tryQuery().isPresent());

        robot.clickOn("Load and check");
        robot.clickOn("#loadButton");
        TextArea request = robot.lookup("#requestArea").query();
        waitFor(() -> request.getText().contains("\"TableName\" : \"" + table + "\""));
        assertTrue(request.getText().contains("\"IndexName\" : \"GSI1\""), request.getText());
        robot.clickOn("#confirmButton");
        Label loaded = robot.lookup("#loadedLabel").queryAs(Label.class);
        waitFor(() -> loaded.getText().equals("Loaded table: " + table));
        Label status = robot.lookup("#statusLabel").queryAs(Label.class);
        // the load's last word comes after its last progress report
        waitFor(() -> status.getText().contains(": 8 of 8 items"));

        robot.clickOn("#checkButton");
        TableView<ModelPlannerViewModel.CheckRow> checks =
                robot.lookup("#checksTable").queryTableView();
        waitFor(() -> checks.getItems().size() == 3 && status.getText().startsWith("3 of 3"));
        ModelPlannerViewModel.CheckRow settings = checks.getItems().get(0);
        assertEquals("GET_ITEM", settings.operation());
        assertEquals(1, settings.requests());
        assertEquals(1, settings.returned());
        ModelPlannerViewModel.CheckRow collection = checks.getItems().get(1);
        assertEquals(1, collection.requests());
        assertEquals(4, collection.returned(), "the workspace and its three projects");
        assertTrue(collection.capacity() > 0);
        ModelPlannerViewModel.CheckRow active = checks.getItems().get(2);
        assertEquals(1, active.requests());
        assertEquals(3, active.returned(), "the ACTIVE projects of both workspaces");
        assertEquals(3, active.scanned());
        for (ModelPlannerViewModel.CheckRow row : checks.getItems()) {
            assertTrue(row.asDesigned(), row.toString());
        }
        assertTrue(robot.lookup("one request").tryQuery().isPresent());
        assertEquals("3 of 3 access patterns served as designed on " + table, status.getText());
    }

    private static void waitFor(Callable<Boolean> condition) throws TimeoutException {
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, condition);
    }
}

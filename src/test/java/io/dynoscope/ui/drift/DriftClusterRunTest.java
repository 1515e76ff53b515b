package io.dynoscope.ui.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.drift.DenormalizationRule;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.access.ReadOnlyPolicy.Access;
import io.dynoscope.service.access.WriteAccess;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.service.store.ForwardingRepository;
import io.dynoscope.testsupport.FxWait;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import io.dynoscope.ui.common.job.LocalSparkCluster;
import java.nio.file.Files;
import java.util.List;
import java.util.concurrent.Executors;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextArea;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * Run on a cluster… in the drift inspector: the drift-fix job of the chosen rule, shown before it
 * runs, run with real Spark (local mode in a child JVM); its report's lines fill the Report tab as
 * a propagation's do. A read-only connection submits nothing.
 */
@ExtendWith(ApplicationExtension.class)
class DriftClusterRunTest {

    private String table;
    private BackgroundWork work;
    private Parent inspector;

    private void open(FxRobot robot, ConnectionServices services) throws Exception {
        work = new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.fx());
        DriftInspectorViewModel viewModel = new DriftInspectorViewModel(table, services, work);
        viewModel.setCluster(
                LocalSparkCluster.context(
                        Files.createTempDirectory("drift-cluster"), services.readOnlyReason()));
        robot.interact(
                () -> {
                    Stage stage = new Stage();
                    inspector = DriftInspectorView.load(viewModel);
                    stage.setScene(new Scene(inspector, 1100, 760));
                    stage.show();
                });
        robot.clickOn("Suggest rules");
        ComboBox<DenormalizationRule> rules = robot.lookup(".combo-box").queryComboBox();
        FxWait.until(60, () -> rules.getItems().size() == 2);
        DenormalizationRule authorName =
                rules.getItems().stream()
                        .filter(r -> r.copies().attribute().toString().equals("authorName"))
                        .findFirst()
                        .orElseThrow();
        robot.interact(() -> rules.getSelectionModel().select(authorName));
    }

    @AfterEach
    void stopWork() throws Exception {
        if (work != null) {
            work.shutdown();
        }
        FxToolkit.cleanupStages();
    }

    @Test
    void theJobFixesTheDriftAndItsReportOpensInTheReportTab(FxRobot robot) throws Exception {
        table = TestEngine.uniqueTableName("drift-cluster");
        SampleTables.seed(TestEngine.repository(), Dataset.BLOG, table);
        open(robot, new ConnectionServices(TestEngine.repository()));

        robot.clickOn("#clusterButton");
        TextArea shown = robot.lookup("#shownArea").query();
        FxWait.until(30, () -> shown.getText().contains(" drift-fix --table " + table));
        assertTrue(shown.getText().contains(" --read-write drift-fix "), shown.getText());
        robot.clickOn("#submitButton");

        Label state = robot.lookup("#stateLabel").query();
        FxWait.until(180, () -> state.getText().startsWith("State: Finished"));
        assertEquals("State: Finished (exit 0)", state.getText());
        FxWait.until(30, () -> robot.lookup("#reportList").tryQuery().isPresent());
        ListView<String> report = robot.lookup("#reportList").queryListView();
        FxWait.until(30, () -> report.getItems().size() == 3);
        List<String> lines = report.getItems();
        assertTrue(lines.get(0).startsWith("updated "), lines.toString());
        assertTrue(lines.get(1).startsWith("updated "), lines.toString());
        // the inspector's own progress line (the dialog has one too)
        String progress = robot.from(inspector).lookup("#progressLabel").queryLabeled().getText();
        assertEquals("Run on a cluster: " + lines.get(2), progress);
        assertEquals("Lio Tan", authorName("POST#c55"));
        assertEquals("Ana Ruiz", authorName("POST#e88"));
    }

    @Test
    void aReadOnlyConnectionSubmitsNothing(FxRobot robot) throws Exception {
        table = TestEngine.uniqueTableName("drift-cluster-ro");
        SampleTables.seed(TestEngine.repository(), Dataset.BLOG, table);
        open(
                robot,
                new ConnectionServices(
                        WriteAccess.guard(
                                new ForwardingRepository(TestEngine.repository()) {
                                    @Override
                                    public void close() {}
                                },
                                Access.readOnly("the connection is marked read-only"))));

        robot.clickOn("#clusterButton");
        TextArea shown = robot.lookup("#shownArea").query();
        FxWait.until(30, () -> shown.getText().contains(" --read-only drift-fix "));
        Button submit = robot.lookup("#submitButton").queryButton();
        assertTrue(submit.isDisable(), "Submit is off on a read-only connection");
        assertTrue(robot.lookup("#readOnlyLabel").queryLabeled().getText().contains("read-only"));
        assertEquals("State: Not submitted", robot.lookup("#stateLabel").queryLabeled().getText());
        assertEquals("Lionel Tan", authorName("POST#c55"), "nothing written");
    }

    private String authorName(String post) {
        return TestEngine.repository()
                .getItem(table, SampleData.blogKey(post, "META"), true)
                .item()
                .orElseThrow()
                .string("authorName")
                .orElseThrow();
    }
}

package io.dynoscope.ui.common.job;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.service.job.ClusterJobRun;
import io.dynoscope.service.job.JobLaunch.Engine;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The Run on a cluster… dialog: the engine chosen switches the fields and what is shown. */
@ExtendWith(ApplicationExtension.class)
class RunOnClusterDialogTest {

    private BackgroundWork work;

    @Start
    void start(Stage stage) {
        work = new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.fx());
        RunOnClusterViewModel vm =
                new RunOnClusterViewModel(
                        new RunOnClusterViewModel.Setup(
                                "migrate",
                                List.of("--table", "Orders", "--to", "/tmp/Orders.json"),
                                Optional.of(ConnectionSpec.Endpoint.of("http://127.0.0.1:8000")),
                                Optional.empty(),
                                "/opt/dynoscope/dynoscope-jobs.jar",
                                Optional.empty(),
                                () -> {},
                                Optional.empty()),
                        new RunOnClusterViewModel.Services(
                                new ClusterJobRun(50),
                                line -> {
                                    throw new AssertionError("nothing runs in this test");
                                },
                                (c, r) -> {
                                    throw new AssertionError("nothing is sent in this test");
                                }),
                        work,
                        report -> {});
        stage.setScene(new Scene(RunOnClusterDialog.content(vm), 1000, 700));
        stage.show();
    }

    @AfterEach
    void stop() throws Exception {
        work.shutdown();
        FxToolkit.cleanupStages();
    }

    @Test
    void theEngineSwitchesTheFieldsAndSparkSubmitShowsTheLine(FxRobot robot) {
        ChoiceBox<Engine> engine = robot.lookup("#engineChoice").query();
        TextArea shown = robot.lookup("#shownArea").query();
        TextField applicationId = robot.lookup("#applicationIdField").query();
        TextField master = robot.lookup("#masterField").query();
        Button submit = robot.lookup("#submitButton").queryButton();
        assertFalse(applicationId.isVisible(), "no EMR field with the local engine");
        assertTrue(master.isVisible());

        robot.interact(() -> engine.setValue(Engine.SPARK_SUBMIT));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(
                shown.getText()
                        .startsWith(
                                "spark-submit --class io.dynoscope.jobs.JobMain --master yarn"
                                        + " /opt/dynoscope/dynoscope-jobs.jar --endpoint"),
                shown.getText());
        assertTrue(shown.getText().endsWith("migrate --table Orders --to /tmp/Orders.json"));
        assertTrue(submit.isDisable(), "spark-submit runs nothing: copy the line");

        robot.interact(() -> engine.setValue(Engine.EMR_SERVERLESS));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(applicationId.isVisible());
        assertFalse(master.isVisible(), "no master on EMR Serverless");
        robot.clickOn(applicationId).write("00fabc");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(shown.getText().startsWith("EMR Serverless StartJobRun"), shown.getText());
        assertTrue(shown.getText().contains("applicationId: 00fabc"), shown.getText());
        assertFalse(submit.isDisable());
    }
}

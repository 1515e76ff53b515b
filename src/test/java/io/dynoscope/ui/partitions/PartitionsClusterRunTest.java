package io.dynoscope.ui.partitions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.snippet.SnippetOptions;
import io.dynoscope.core.partitions.PartitionReport;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.service.partitions.PartitionReporter;
import io.dynoscope.testsupport.FxWait;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import io.dynoscope.ui.common.job.LocalSparkCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Executors;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Run on a cluster… in the partitions tab: the dialog shows the partitions job's line, Submit runs
 * it with real Spark (local mode in a child JVM), and the report it wrote fills the tab as the
 * tab's own read does.
 */
@ExtendWith(ApplicationExtension.class)
class PartitionsClusterRunTest {

    private String table;
    private BackgroundWork work;

    @Start
    void start(Stage stage) throws Exception {
        table = PartitionsFixture.table("partitions-cluster");
        work = new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.fx());
        PartitionsViewModel viewModel =
                new PartitionsViewModel(
                        table,
                        new PartitionReporter(TestEngine.repository()),
                        SnippetOptions.aws(),
                        work);
        Path folder = Files.createTempDirectory("partitions-cluster");
        viewModel.setCluster(LocalSparkCluster.context(folder, Optional.empty()));
        stage.setScene(new Scene(PartitionsView.load(viewModel), 1200, 760));
        stage.show();
    }

    @AfterEach
    void stopWork() throws Exception {
        work.shutdown();
        FxToolkit.cleanupStages();
    }

    @Test
    void theJobsReportFillsTheTabAsItsOwnReadDoes(FxRobot robot) throws Exception {
        PartitionReport desktop =
                new PartitionReporter(TestEngine.repository())
                        .report(
                                table,
                                PartitionReporter.Options.full(),
                                null,
                                p -> {},
                                Cancellation.none())
                        .report();

        robot.clickOn("#clusterButton");
        TextArea shown = robot.lookup("#shownArea").query();
        FxWait.until(30, () -> shown.getText().contains(" partitions --table " + table));
        assertTrue(shown.getText().contains(" --read-write partitions"), shown.getText());
        robot.clickOn("#submitButton");

        Label state = robot.lookup("#stateLabel").query();
        FxWait.until(180, () -> state.getText().startsWith("State: Finished"));
        assertEquals("State: Finished (exit 0)", state.getText());
        // the dialog's progress is the job's last counts: every segment, every item
        Parent dialog = robot.lookup("#runOnClusterRoot").queryAs(Parent.class);
        String counts = robot.from(dialog).lookup("#progressLabel").queryLabeled().getText();
        assertTrue(
                counts.matches(
                        "partitions: (\\d+) of \\1 segments · "
                                + String.format(Locale.ROOT, "%,d", desktop.items())
                                + " items read · 0 written · .*"),
                counts);
        TableView<PartitionsViewModel.PartitionRow> partitions =
                robot.lookup("#partitionsTable").queryTableView();
        FxWait.until(30, () -> !partitions.getItems().isEmpty());
        assertEquals("WS#huge", partitions.getItems().get(0).key());
        assertEquals(
                desktop.top(25),
                partitions.getItems().stream()
                        .map(PartitionsViewModel.PartitionRow::partition)
                        .toList(),
                "the job's partitions are the desktop read's");
        assertEquals(
                PartitionsText.summary(desktop),
                robot.lookup("#summaryLabel").queryLabeled().getText());
        assertEquals(
                desktop.shardGroups().size(),
                robot.lookup("#shardGroupsTable").queryTableView().getItems().size());
    }
}

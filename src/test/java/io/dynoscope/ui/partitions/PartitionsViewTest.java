package io.dynoscope.ui.partitions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.snippet.SnippetOptions;
import io.dynoscope.service.partitions.PartitionReporter;
import io.dynoscope.testsupport.FxWait;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeoutException;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
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

/** The report tab as a person uses it: read the table, see the top partitions and the chart. */
@ExtendWith(ApplicationExtension.class)
class PartitionsViewTest {

    private BackgroundWork work;

    @Start
    void start(Stage stage) {
        String table = PartitionsFixture.table("partitions-view");
        work = new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.fx());
        PartitionsViewModel viewModel =
                new PartitionsViewModel(
                        table,
                        new PartitionReporter(TestEngine.repository()),
                        SnippetOptions.aws(),
                        work);
        stage.setScene(new Scene(PartitionsView.load(viewModel), 1200, 760));
        stage.show();
    }

    @AfterEach
    void stopWork() throws Exception {
        work.shutdown();
        FxToolkit.cleanupStages();
    }

    @Test
    void theReportShowsTheTopPartitionsAndTheDistributionChart(FxRobot robot)
            throws TimeoutException {
        robot.clickOn("Read table");

        TableView<PartitionsViewModel.PartitionRow> partitions =
                robot.lookup("#partitionsTable").queryTableView();
        FxWait.until(30, () -> !partitions.getItems().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("WS#huge", partitions.getItems().get(0).key());
        assertTrue(
                robot.lookup(".table-cell").queryAll().stream()
                        .anyMatch(
                                cell -> cell instanceof Labeled l && "WS#huge".equals(l.getText())),
                "the row is on screen");

        // the hot partition is the first and tallest bar of the Pareto chart
        BarChart<String, Number> chart = robot.lookup("#paretoBars").query();
        List<XYChart.Data<String, Number>> bars = chart.getData().get(0).getData();
        assertEquals("WS#huge", bars.get(0).getXValue());
        double tallest =
                bars.stream().mapToDouble(d -> d.getYValue().doubleValue()).max().orElse(0);
        assertEquals(tallest, bars.get(0).getYValue().doubleValue());
        for (XYChart.Data<String, Number> bar : bars) {
            Node node = bar.getNode();
            assertTrue(node != null && node.isVisible(), bar.getXValue() + " is drawn");
        }
        LineChart<String, Number> line = robot.lookup("#paretoLine").query();
        List<XYChart.Data<String, Number>> running = line.getData().get(0).getData();
        for (int i = 1; i < running.size(); i++) {
            assertTrue(
                    running.get(i).getYValue().doubleValue()
                            >= running.get(i - 1).getYValue().doubleValue(),
                    "the running share only grows");
        }
        assertTrue(
                robot.lookup(".partitions-summary")
                        .queryAs(Label.class)
                        .getText()
                        .contains("530 items"));

        advise(robot, "WS#huge", "2500");
        TextArea code = robot.lookup("#writeCodeArea").queryAs(TextArea.class);
        Label advice = robot.lookup(".partitions-advice").queryAs(Label.class);
        try {
            FxWait.until(30, () -> code.getText().contains("WS#huge#"));
        } catch (TimeoutException e) {
            throw new AssertionError(
                    "no code: "
                            + code.getText()
                            + " / "
                            + advice.getText()
                            + " / "
                            + robot.lookup("#writeUnitsField").queryTextInputControl().getText(),
                    e);
        }
        assertTrue(
                robot.lookup(".partitions-advice")
                        .queryAs(Label.class)
                        .getText()
                        .contains("New key: WS#huge#{01..04}"));
    }

    @Test
    void aShardIsAdvisedOnAsItsGroupWithTheLoadPerShard(FxRobot robot) throws TimeoutException {
        robot.clickOn("Read table");
        TableView<PartitionsViewModel.PartitionRow> partitions =
                robot.lookup("#partitionsTable").queryTableView();
        FxWait.until(30, () -> !partitions.getItems().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();

        advise(robot, "WS#big#07", "2500");
        Label advice = robot.lookup(".partitions-advice").queryAs(Label.class);
        FxWait.until(30, () -> advice.getText().contains("2,500"));
        String text = advice.getText();
        assertTrue(text.startsWith("WS#big is already sharded: 10 shards (WS#big#{01..10})"), text);
        assertTrue(text.contains("writes: 2,500 units/s combined; 250 per shard"), text);
        assertTrue(text.contains("No more shards needed"), text);
        assertTrue(!text.contains("WS#big#07#"), "never shards a shard: " + text);
        assertTrue(!text.contains("WS#big#{01..04}"), "no colliding key: " + text);

        // 12,000 writes: 1,200 a shard, over 80% of 1,000: more shards, and how to move
        robot.clickOn("#writeUnitsField")
                .push(KeyCode.SHORTCUT, KeyCode.A)
                .write("12000")
                .type(KeyCode.ENTER);
        FxWait.until(30, () -> advice.getText().contains("12,000"));
        text = advice.getText();
        assertTrue(text.contains("More shards needed: 15 (now 10)"), text);
        assertTrue(text.contains("To move to WS#big#{01..15}"), text);
        TextArea code = robot.lookup("#writeCodeArea").queryAs(TextArea.class);
        FxWait.until(30, () -> code.getText().contains("WS#big#"));
    }

    @Test
    void enterInAFieldNeverStartsAWholeTableRead(FxRobot robot) {
        // the view is a tab of the main window: a default button there fires on Enter in any
        // field of the window, and "Read table" reads (and pays for) the whole table
        assertTrue(
                robot.lookup(".button").queryAllAs(Button.class).stream()
                        .noneMatch(Button::isDefaultButton),
                "no default button in the partitions view");
    }

    /** Selects a partition, opens the advisor and types the peak writes. */
    private static void advise(FxRobot robot, String partition, String writes) {
        robot.clickOn(partition);
        robot.clickOn("Sharding advisor");
        robot.clickOn("#writeUnitsField")
                .push(KeyCode.SHORTCUT, KeyCode.A)
                .write(writes)
                .type(KeyCode.ENTER);
    }
}

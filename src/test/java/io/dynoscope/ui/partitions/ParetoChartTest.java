package io.dynoscope.ui.partitions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.testsupport.FxWait;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.chart.XYChart;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.text.Text;
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
 * The Pareto chart as drawn: each point of the running-share line stands over its partition's bar,
 * left to right in the order given (also for a second report in another order), and the line's
 * chart lets the bars through.
 */
@ExtendWith(ApplicationExtension.class)
class ParetoChartTest {

    private ParetoChart chart;

    @Start
    void start(Stage stage) {
        chart = new ParetoChart();
        Scene scene = new Scene(chart, 640, 480);
        scene.getStylesheets()
                .add(PartitionsView.class.getResource("Partitions.css").toExternalForm());
        chart.getStyleClass().add("partitions");
        stage.setScene(scene);
        stage.show();
    }

    @AfterEach
    void close() throws Exception {
        FxToolkit.cleanupStages();
    }

    @Test
    void eachPointOfTheLineStandsOverItsBarInTheOrderGiven(FxRobot robot) throws Exception {
        show(robot, List.of("a", "b", "c", "d"), new long[] {400, 300, 200, 100});
        assertDrawnInOrder(robot, List.of("a", "b", "c", "d"));

        // the next report holds the same keys in another order
        show(robot, List.of("d", "b", "a", "c"), new long[] {500, 300, 200, 100});
        assertDrawnInOrder(robot, List.of("d", "b", "a", "c"));

        Region plot = robot.lookup("#paretoLine .chart-plot-background").query();
        assertTrue(
                plot.getBackground() == null
                        || plot.getBackground().getFills().stream()
                                .allMatch(f -> Color.TRANSPARENT.equals(f.getFill())),
                "the line's plot area lets the bars through: " + plot.getBackground());
    }

    @Test
    void eachBarIsNamedUnderItByItsKeyShortenedWhenLongAndNoNamesOverlap(FxRobot robot)
            throws Exception {
        List<String> keys = new ArrayList<>();
        long[] bytes = new long[14];
        for (int shard = 1; shard < bytes.length; shard++) {
            keys.add(String.format("WS#big#%02d", shard));
            bytes[shard - 1] = 60_000 - shard;
        }
        String longKey = "TENANT#0123456789abcdef0123456789abcdef";
        keys.add(longKey);
        bytes[bytes.length - 1] = 1_000;
        show(robot, keys, bytes);

        List<Text> names =
                WaitForAsyncUtils.asyncFx(() -> tickLabels(robot)).get(30, TimeUnit.SECONDS);
        List<String> shown = names.stream().map(Text::getText).toList();
        assertEquals(keys.size(), shown.size(), "every bar is named: " + shown);
        int last = keys.size() - 1;
        assertEquals(keys.subList(0, last), shown.subList(0, last));
        String shortened = shown.get(last);
        int cut = shortened.indexOf('…');
        assertTrue(
                cut > 0
                        && longKey.startsWith(shortened.substring(0, cut))
                        && longKey.endsWith(shortened.substring(cut + 1)),
                "a long key is shortened in the middle: " + shortened);
        for (int i = 1; i < names.size(); i++) {
            Bounds before = names.get(i - 1).localToScene(names.get(i - 1).getBoundsInLocal());
            Bounds after = names.get(i).localToScene(names.get(i).getBoundsInLocal());
            assertTrue(
                    before.getMaxX() <= after.getMinX(),
                    shown.get(i - 1) + " " + before + " overlaps " + shown.get(i) + " " + after);
        }
    }

    /** The bar chart's category names as drawn, left to right. */
    private static List<Text> tickLabels(FxRobot robot) {
        XYChart<String, Number> bars = robot.lookup("#paretoBars").query();
        return bars.getXAxis().getChildrenUnmodifiable().stream()
                .filter(n -> n instanceof Text && n.isVisible())
                .map(Text.class::cast)
                .sorted(
                        Comparator.comparingDouble(
                                t -> t.localToScene(t.getBoundsInLocal()).getMinX()))
                .toList();
    }

    private void show(FxRobot robot, List<String> keys, long[] bytes) throws Exception {
        long total = 0;
        for (long b : bytes) {
            total += b;
        }
        List<PartitionsViewModel.ParetoBar> bars = new ArrayList<>();
        long running = 0;
        for (int i = 0; i < keys.size(); i++) {
            running += bytes[i];
            bars.add(
                    new PartitionsViewModel.ParetoBar(
                            keys.get(i),
                            bytes[i],
                            (double) bytes[i] / total,
                            (double) running / total));
        }
        robot.interact(() -> chart.show(bars));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> chart.layout());
        FxWait.until(30, () -> centreX(robot, "#paretoBars", keys.get(0)) > 0);
    }

    private void assertDrawnInOrder(FxRobot robot, List<String> keys) {
        double previous = Double.NEGATIVE_INFINITY;
        for (String key : keys) {
            Bounds bar = bounds(robot, "#paretoBars", key);
            Bounds point = bounds(robot, "#paretoLine", key);
            double pointX = (point.getMinX() + point.getMaxX()) / 2;
            assertTrue(bar.getMinX() > previous, key + " stands right of the bar before it");
            assertTrue(
                    bar.getMinX() < pointX && pointX < bar.getMaxX(),
                    key + ": the line's point (x " + pointX + ") stands over its bar " + bar);
            previous = bar.getMaxX();
        }
    }

    private static double centreX(FxRobot robot, String chartId, String key) {
        Bounds bounds = bounds(robot, chartId, key);
        return bounds == null ? -1 : (bounds.getMinX() + bounds.getMaxX()) / 2;
    }

    /** Where the node drawn for {@code key} in the chart is, in scene coordinates; null if none. */
    @SuppressWarnings("unchecked")
    private static Bounds bounds(FxRobot robot, String chartId, String key) {
        XYChart<String, Number> xy = robot.lookup(chartId).query();
        for (XYChart.Data<String, Number> data : xy.getData().get(0).getData()) {
            if (data.getXValue().equals(key)) {
                Node node = data.getNode();
                if (node == null || node.getScene() == null) {
                    return null;
                }
                return node.localToScene(node.getBoundsInLocal());
            }
        }
        throw new AssertionError(key + " is not in " + chartId);
    }
}

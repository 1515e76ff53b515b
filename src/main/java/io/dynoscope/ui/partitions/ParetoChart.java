package io.dynoscope.ui.partitions;

import static io.dynoscope.ui.common.ViewBindings.shownAs;

import io.dynoscope.core.item.ValueText;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import javafx.geometry.Insets;
import javafx.geometry.Side;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.StackPane;

/**
 * The bytes of each partition, largest first, as bars, with the running share of the table as a
 * line over them (a Pareto chart): the hot partition is the first and tallest bar, and the line
 * shows how few partitions hold most of the table. Two JavaFX charts, one over the other, whose
 * plot areas are made to coincide: the same categories, and axes of the same width on either side.
 */
final class ParetoChart extends StackPane {

    /** The width of each chart's value axis; the other chart leaves the same room. */
    private static final double AXIS_WIDTH = 64;

    /** The most characters of a key written under its bar, and how many of its start. */
    private static final int LABEL_CHARS = 18;

    private static final int LABEL_START = 8;

    private final CategoryAxis barKeys = new CategoryAxis();
    private final NumberAxis bytes = new NumberAxis();
    private final BarChart<String, Number> bars = new BarChart<>(barKeys, bytes);
    private final CategoryAxis lineKeys = new CategoryAxis();
    private final NumberAxis share = new NumberAxis(0, 100, 20);
    private final LineChart<String, Number> cumulative = new LineChart<>(lineKeys, share);

    ParetoChart() {
        getStyleClass().add("pareto-chart");
        bars.setId("paretoBars");
        cumulative.setId("paretoLine");
        bars.setTitle("Bytes per partition, largest first");
        bars.setLegendVisible(false);
        bars.setAnimated(false);
        bars.setCategoryGap(4);
        barKeys.setLabel("partition key");
        // the keys stand under their bars upright: side by side they would not fit a bar's width
        // (the axis then hid them all)
        barKeys.setTickLabelRotation(90);
        // no axis label: the title says bytes, and a label beside tick labels such as "976.6 KB"
        // would not fit the axis' fixed width (it was drawn over them)
        bytes.setTickLabelFormatter(shownAs(value -> ValueText.bytes(value.longValue())));
        cumulative.setTitle(" ");
        cumulative.setLegendVisible(false);
        cumulative.setAnimated(false);
        cumulative.setCreateSymbols(true);
        cumulative.setHorizontalGridLinesVisible(false);
        cumulative.setVerticalGridLinesVisible(false);
        cumulative.setAlternativeRowFillVisible(false);
        cumulative.setMouseTransparent(true);
        share.setSide(Side.RIGHT);
        share.setLabel("% of the table, running");
        // laid out as the bars' axis (same labels, same rotation, same height) so that the plot
        // areas coincide; it is there only to place the line's points, so it is not seen
        lineKeys.setLabel(barKeys.getLabel());
        lineKeys.setTickLabelRotation(barKeys.getTickLabelRotation());
        lineKeys.setOpacity(0);
        // the categories are set in the partitions' order on each show: an auto-ranging category
        // axis keeps the order of the categories it has seen, so a second report drew its line
        // in the first report's order (a zigzag) and its bars under the wrong keys
        for (CategoryAxis axis : List.of(barKeys, lineKeys)) {
            axis.setAutoRanging(false);
        }
        // the plot areas coincide: each chart keeps room for the other's value axis
        for (NumberAxis axis : List.of(bytes, share)) {
            axis.setMinWidth(AXIS_WIDTH);
            axis.setPrefWidth(AXIS_WIDTH);
            axis.setMaxWidth(AXIS_WIDTH);
        }
        bars.setPadding(new Insets(8, 8 + AXIS_WIDTH, 8, 8));
        cumulative.setPadding(new Insets(8, 8, 8, 8 + AXIS_WIDTH));
        getChildren().setAll(bars, cumulative);
    }

    /**
     * Shows the partitions' bars, largest first, and their running share. Each bar is named by its
     * key, a long one shortened in the middle ("TENANT#…89abcdef"); its tooltip has it whole.
     */
    void show(List<PartitionsViewModel.ParetoBar> partitions) {
        List<String> keys =
                labels(partitions.stream().map(PartitionsViewModel.ParetoBar::key).toList());
        XYChart.Series<String, Number> bySize = new XYChart.Series<>();
        bySize.setName("bytes");
        XYChart.Series<String, Number> running = new XYChart.Series<>();
        running.setName("running share");
        for (int i = 0; i < partitions.size(); i++) {
            PartitionsViewModel.ParetoBar bar = partitions.get(i);
            bySize.getData().add(new XYChart.Data<>(keys.get(i), bar.bytes()));
            running.getData().add(new XYChart.Data<>(keys.get(i), 100 * bar.cumulativeShare()));
        }
        bars.getData().clear();
        cumulative.getData().clear();
        // changed in place: a new list given to a fixed category axis keeps the old tick marks
        // (JavaFX rebuilds them only on a change to its list), so no key was written under a bar
        barKeys.getCategories().setAll(keys);
        lineKeys.getCategories().setAll(keys);
        bars.getData().setAll(List.of(bySize));
        cumulative.getData().setAll(List.of(running));
        for (int i = 0; i < partitions.size(); i++) {
            PartitionsViewModel.ParetoBar bar = partitions.get(i);
            Tooltip.install(
                    bySize.getData().get(i).getNode(),
                    new Tooltip(
                            String.format(
                                    Locale.ROOT,
                                    "%s: %s, %.1f%% of the table (%.1f%% with the larger ones)",
                                    bar.key(),
                                    ValueText.bytes(bar.bytes()),
                                    100 * bar.share(),
                                    100 * bar.cumulativeShare())));
        }
    }

    /**
     * The bars' names: the keys, each longer than {@value #LABEL_CHARS} characters shortened to its
     * start and end (shards and ids differ at the end); the keys whole if two would look alike.
     */
    static List<String> labels(List<String> keys) {
        List<String> labels =
                keys.stream()
                        .map(
                                key ->
                                        key.length() <= LABEL_CHARS
                                                ? key
                                                : key.substring(0, LABEL_START)
                                                        + "…"
                                                        + key.substring(
                                                                key.length()
                                                                        - (LABEL_CHARS
                                                                                - LABEL_START
                                                                                - 1)))
                        .toList();
        return new HashSet<>(labels).size() == labels.size() ? labels : keys;
    }
}

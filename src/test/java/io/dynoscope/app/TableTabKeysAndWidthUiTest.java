package io.dynoscope.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.collection.CollectionRow;
import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.service.read.ReadMode;
import io.dynoscope.testsupport.FxWait;
import io.dynoscope.testsupport.UiChecks;
import io.dynoscope.ui.grid.ReadBarViewModel;
import io.dynoscope.ui.tabs.TableTab;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import javafx.geometry.Bounds;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Border;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.text.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A table tab at 1280×800, by keyboard and by width: Ctrl/Cmd+Enter runs the read from every field
 * of the read bar (those behind More too) and from a selected row, Enter on a row still edits it;
 * the key columns stay in view while the others scroll, sized to their values; the read bar shows
 * the sort-key operator and a shard range whole; View → Compact rows fits more rows.
 */
@ExtendWith(ApplicationExtension.class)
class TableTabKeysAndWidthUiTest {

    @RegisterExtension static final SaasWorkbench app = SaasWorkbench.started("tab-keys");

    private static <T> T onFx(Callable<T> work) throws Exception {
        return TestApp.onFx(work);
    }

    @SuppressWarnings("unchecked")
    private static TableView<CollectionRow> grid(TableTab tab) throws Exception {
        return onFx(() -> (TableView<CollectionRow>) tab.content().lookup("#grid"));
    }

    @Test
    void ctrlEnterRunsTheReadFromEveryFieldAndFromASelectedRowAndEnterOnARowEdits(FxRobot robot)
            throws Exception {
        TableTab tab = app.start();
        AtomicInteger reads = new AtomicInteger();
        onFx(
                () -> {
                    tab.grid().onReadFinished(g -> reads.incrementAndGet());
                    var bar = tab.grid().readBar();
                    bar.modeProperty().set(ReadMode.QUERY);
                    bar.partitionKeyValueProperty().set(SampleData.ACME);
                    bar.sortKeyOperatorProperty().set(SortKeyCondition.Operator.BEGINS_WITH);
                    bar.sortKeyValueProperty().set(SampleData.PROJECT_PREFIX);
                    ((ToggleButton) tab.content().lookup("#moreToggle")).setSelected(true);
                    return null;
                });
        List<String> fields =
                List.of(
                        "#modeChoice",
                        "#partitionKeyField",
                        "#sortKeyOperatorChoice",
                        "#sortKeyField",
                        "#newestFirstCheck",
                        "#filterField",
                        "#projectionField",
                        "#namesField",
                        "#valuesField",
                        "#limitSpinner",
                        "#consistentCheck",
                        "#parentMarkerField");
        for (String field : fields) {
            Node node = onFx(() -> tab.content().lookup(field));
            onFx(
                    () -> {
                        node.requestFocus();
                        return null;
                    });
            int before = reads.get();
            robot.press(KeyCode.SHORTCUT, KeyCode.ENTER).release(KeyCode.ENTER, KeyCode.SHORTCUT);
            FxWait.until(10, () -> reads.get() > before);
            assertEquals(
                    SampleData.ACME_PROJECTS,
                    onFx(() -> tab.grid().collections().itemCount()),
                    "the read bar's read ran from " + field);
        }

        TableView<CollectionRow> grid = grid(tab);
        onFx(
                () -> {
                    grid.getSelectionModel().clearAndSelect(1);
                    grid.requestFocus();
                    return null;
                });
        int before = reads.get();
        robot.press(KeyCode.SHORTCUT, KeyCode.ENTER).release(KeyCode.ENTER, KeyCode.SHORTCUT);
        FxWait.until(10, () -> reads.get() > before);
        assertFalse(
                tab.inspector().editor().editingProperty().get(),
                "Ctrl/Cmd+Enter on a row runs the read, it does not open the editor");

        onFx(
                () -> {
                    grid.getSelectionModel().clearAndSelect(1);
                    grid.requestFocus();
                    return null;
                });
        robot.press(KeyCode.ENTER).release(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(tab.inspector().editor().editingProperty().get(), "Enter alone edits the row");
    }

    @Test
    void theKeyColumnsStayInViewSizedToTheirValuesWhileTheOthersScroll(FxRobot robot)
            throws Exception {
        TableTab tab = app.start();
        TableView<CollectionRow> grid = grid(tab);
        Bounds gridBounds = onFx(() -> grid.localToScene(grid.getLayoutBounds()));
        List<String> keys = List.of(SampleData.SAAS_PARTITION_KEY, SampleData.SAAS_SORT_KEY);
        List<Double> keysBefore = onFx(() -> cellLefts(grid, keys));
        String scrolled = onFx(() -> (String) grid.getColumns().get(2).getUserData());
        double scrolledBefore = onFx(() -> cellLefts(grid, List.of(scrolled)).get(0));

        onFx(
                () -> {
                    ScrollBar bar = horizontalBar(grid);
                    bar.setValue(bar.getMax());
                    return null;
                });
        WaitForAsyncUtils.waitForFxEvents();

        assertTrue(onFx(() -> horizontalBar(grid).getMax()) > 0, "the attributes need a scroll");
        assertEquals(keysBefore, onFx(() -> cellLefts(grid, keys)), "the keys stay in view");
        assertTrue(
                keysBefore.stream().allMatch(x -> x >= gridBounds.getMinX()),
                keysBefore + " in " + gridBounds);
        List<Double> after = onFx(() -> cellLefts(grid, List.of(scrolled)));
        assertTrue(
                after.isEmpty() || after.get(0) < scrolledBefore,
                "the other attributes scroll: " + scrolledBefore + " -> " + after);
        List<String> cut = onFx(() -> cutKeyCells(grid, keys));
        assertEquals(List.of(), cut, "a key column is as wide as its values");
    }

    @Test
    void theReadBarShowsTheOperatorAndAShardRangeWholeAndCompactRowsFitMore(FxRobot robot)
            throws Exception {
        TableTab tab = app.start();
        String range = SampleData.BIG + "#{01..10}";
        onFx(
                () -> {
                    var bar = tab.grid().readBar();
                    bar.modeProperty().set(ReadMode.QUERY);
                    bar.partitionKeyValueProperty().set(range);
                    bar.sortKeyOperatorProperty().set(SortKeyCondition.Operator.BEGINS_WITH);
                    bar.sortKeyValueProperty().set(SampleData.PROJECT_PREFIX);
                    return null;
                });
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(
                onFx(() -> operatorDrawn(tab, "begins_with")),
                "the operator is drawn whole, not cut to 'be…'");
        TextField key = onFx(() -> (TextField) tab.content().lookup("#partitionKeyField"));
        double needed = onFx(() -> textWidth(key, range) + 12);
        assertTrue(
                onFx(key::getWidth) >= needed,
                "the key field shows " + range + ": " + key.getWidth() + " < " + needed);
        // and the bar still fits the window: Run is not pushed past its right edge
        Node run = onFx(() -> tab.content().lookup("#runButton"));
        double runRight = onFx(() -> run.localToScene(run.getLayoutBounds()).getMaxX());
        double windowWidth = onFx(() -> run.getScene().getWidth());
        assertTrue(runRight <= windowWidth, "Run ends at " + runRight + " of " + windowWidth);

        TableView<CollectionRow> grid = grid(tab);
        int rowsBefore = onFx(() -> visibleRows(grid));
        onFx(
                () -> {
                    app.apps().get(0).shell().toolWindows().compactRowsProperty().set(true);
                    return null;
                });
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(
                onFx(() -> visibleRows(grid)) > rowsBefore, "compact rows fit more: " + rowsBefore);
    }

    @Test
    void withBetweenEveryControlOfTheReadBarFitsTheWindowAndRunIsWhole(FxRobot robot)
            throws Exception {
        TableTab tab = app.start();
        onFx(
                () -> {
                    var bar = queryShards(tab);
                    bar.sortKeyOperatorProperty().set(SortKeyCondition.Operator.BETWEEN);
                    bar.sortKeyValueProperty().set(SampleData.PROJECT_PREFIX + "0001");
                    bar.sortKeyUpperProperty().set(SampleData.PROJECT_PREFIX + "0009");
                    return null;
                });
        WaitForAsyncUtils.waitForFxEvents();
        Pane readBar = onFx(() -> (Pane) tab.content().lookup("#readBar"));
        double windowWidth = onFx(() -> readBar.getScene().getWidth());
        List<String> shown = new ArrayList<>();
        List<String> problems =
                onFx(
                        () -> {
                            List<String> found = new ArrayList<>();
                            for (Node control : readBar.getChildrenUnmodifiable()) {
                                if (!control.isVisible() || !control.isManaged()) {
                                    continue;
                                }
                                Bounds bounds = control.localToScene(control.getLayoutBounds());
                                shown.add(control.getId());
                                if (bounds.getMinX() < 0 || bounds.getMaxX() > windowWidth) {
                                    found.add(control.getId() + " at " + bounds);
                                }
                            }
                            UiChecks.cutTexts(readBar).forEach(cut -> found.add("cut: " + cut));
                            return found;
                        });
        assertTrue(
                shown.containsAll(List.of("sortKeyField", "andLabel", "sortKeyUpperField")),
                "the two values of between are shown: " + shown);
        assertTrue(
                shown.contains("newestFirstCheck"),
                "Newest first is on the read bar, not behind More, as the README says: " + shown);
        assertEquals(List.of(), problems, "in a window " + windowWidth + " wide");
        Button run = onFx(() -> (Button) tab.content().lookup("#runButton"));
        Bounds runBounds = onFx(() -> run.localToScene(run.getLayoutBounds()));
        assertTrue(onFx(run::isVisible), "Run is shown");
        assertTrue(runBounds.getMaxX() <= windowWidth, "Run ends at " + runBounds);
        assertEquals("Run", onFx(() -> shownText(run)), "Run's text is whole");
        assertTrue(onFx(() -> operatorDrawn(tab, "between")), "the operator is drawn whole");
        Labeled index = onFx(() -> (Labeled) readBar.lookup("#indexChoice .list-cell"));
        assertEquals(onFx(index::getText), onFx(() -> shownText(index)), "the index is whole");
    }

    @Test
    void afterAFanOutTheStatusBarShowsTheConnectionWholeAndSaysWhatItsFiguresAre(FxRobot robot)
            throws Exception {
        TableTab tab = app.start();
        onFx(
                () -> {
                    var bar = queryShards(tab);
                    bar.limitProperty().set(12);
                    tab.grid().run();
                    return null;
                });
        TestApp.awaitRead(tab);
        Parent statusBar = onFx(() -> (Parent) tab.content().getScene().lookup("#statusBar"));
        Label connection = onFx(() -> (Label) statusBar.lookup("#connectionLabel"));
        Label totals = onFx(() -> (Label) statusBar.lookup("#totalsLabel"));
        Label line = onFx(() -> (Label) statusBar.lookup("#statusLine"));
        assertTrue(
                onFx(line::getText).contains(" for Load more)"),
                "a fan-out read: " + onFx(line::getText));
        assertEquals(
                List.of(),
                onFx(() -> UiChecks.cutTexts(connection.getParent())).stream()
                        .filter(cut -> cut.startsWith(connection.getText()))
                        .toList(),
                "the connection is shown whole");
        assertFalse(onFx(connection::getText).isEmpty());
        // the tab's totals and the last read say what they count, and each tooltip has it whole
        assertTrue(onFx(totals::getText).startsWith("Loaded: "), onFx(totals::getText));
        assertTrue(onFx(line::getText).startsWith("Last read: "), onFx(line::getText));
        for (Label label : List.of(totals, line)) {
            String tip = onFx(() -> label.getTooltip().getText());
            assertTrue(tip.startsWith(onFx(label::getText) + "\n"), tip);
        }
        Label footer = onFx(() -> (Label) tab.content().lookup("#loadMoreLabel"));
        assertEquals(onFx(totals::getText), onFx(footer::getText), "the grid's footer");
        assertTrue(onFx(() -> footer.getTooltip().getText()).contains("Last read"));
        // at 1280 nothing of the status bar is cut
        assertEquals(List.of(), onFx(() -> UiChecks.cutTexts(statusBar)), "the status bar");
        // no column line crosses the shard header's text
        assertEquals(List.of(), onFx(() -> headerCellBorders(grid(tab))), "header cells' borders");
    }

    /**
     * The cells of a collection header row that draw a border: the header's text runs on over the
     * other columns' cells, and their column lines would cross it ("13.|4 KB").
     */
    private static List<String> headerCellBorders(TableView<CollectionRow> grid) {
        List<String> lined = new ArrayList<>();
        for (Node row : grid.lookupAll(".collection-header")) {
            for (Node node : row.lookupAll(".table-cell")) {
                Border border = ((TableCell<?, ?>) node).getBorder();
                if (border != null
                        && border.getStrokes().stream()
                                .flatMap(
                                        s ->
                                                Stream.of(
                                                        s.getTopStroke(),
                                                        s.getRightStroke(),
                                                        s.getBottomStroke(),
                                                        s.getLeftStroke()))
                                .anyMatch(p -> !(p instanceof Color c) || c.getOpacity() > 0)) {
                    lined.add(((TableCell<?, ?>) node).getTableColumn().getText());
                }
            }
        }
        return lined;
    }

    /** Sets the read bar to a Query of every shard of the sharded tenant; call on the FX thread. */
    private static ReadBarViewModel queryShards(TableTab tab) {
        var bar = tab.grid().readBar();
        bar.modeProperty().set(ReadMode.QUERY);
        bar.partitionKeyValueProperty().set(SampleData.BIG + "#{01..10}");
        return bar;
    }

    /** Whether the sort-key operator's box draws {@code operator} whole. */
    private static boolean operatorDrawn(TableTab tab, String operator) {
        return tab.content().lookup("#sortKeyOperatorChoice").lookupAll(".text").stream()
                .anyMatch(t -> operator.equals(((Text) t).getText()));
    }

    private static ScrollBar horizontalBar(TableView<?> grid) {
        return grid.lookupAll(".scroll-bar").stream()
                .filter(
                        n ->
                                n instanceof ScrollBar bar
                                        && bar.getOrientation() == Orientation.HORIZONTAL)
                .map(ScrollBar.class::cast)
                .findFirst()
                .orElseThrow();
    }

    /** The scene x of the first shown item cell of each column, in the columns' order. */
    private static List<Double> cellLefts(TableView<CollectionRow> grid, List<String> columns) {
        List<Double> lefts = new ArrayList<>();
        for (String column : columns) {
            grid.lookupAll(".table-cell").stream()
                    .filter(
                            n ->
                                    n instanceof TableCell<?, ?> cell
                                            && cell.getTableColumn() != null
                                            && column.equals(cell.getTableColumn().getUserData())
                                            && cell.getTableRow() != null
                                            && cell.getTableRow().getItem()
                                                    instanceof CollectionRow.ItemRow
                                            && cell.getParent() != null
                                            && cell.isVisible())
                    .findFirst()
                    .ifPresent(n -> lefts.add(n.localToScene(n.getLayoutBounds()).getMinX()));
        }
        return lefts;
    }

    /** The key cells whose text is shown cut ("WS#ac…"). */
    private static List<String> cutKeyCells(TableView<CollectionRow> grid, List<String> columns) {
        List<String> cut = new ArrayList<>();
        for (Node node : grid.lookupAll(".table-cell")) {
            if (node instanceof TableCell<?, ?> cell
                    && cell.getTableColumn() != null
                    && columns.contains(cell.getTableColumn().getUserData())
                    && cell.getText() != null
                    && !cell.getText().isEmpty()) {
                String shown = shownText(cell);
                if (!cell.getText().equals(shown)) {
                    cut.add(cell.getText() + " shown as " + shown);
                }
            }
        }
        return cut;
    }

    /** The text a labeled control's skin draws (cut with "…" when it does not fit). */
    private static String shownText(Node labeled) {
        return labeled.lookupAll(".text").stream()
                .filter(Text.class::isInstance)
                .map(t -> ((Text) t).getText())
                .filter(text -> !text.isEmpty())
                .findFirst()
                .orElse(labeled instanceof Labeled l ? l.getText() : "");
    }

    private static double textWidth(TextField field, String text) {
        Text probe = new Text(text);
        probe.setFont(field.getFont());
        return probe.getLayoutBounds().getWidth();
    }

    private static int visibleRows(TableView<?> grid) {
        return (int)
                grid.lookupAll(".table-row-cell").stream()
                        .filter(
                                n ->
                                        n.isVisible()
                                                && n.localToScene(n.getLayoutBounds()).getMaxY()
                                                        <= grid.localToScene(grid.getLayoutBounds())
                                                                .getMaxY())
                        .count();
    }
}

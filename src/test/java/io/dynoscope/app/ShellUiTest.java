package io.dynoscope.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.collection.CollectionRow;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.service.read.ReadMode;
import io.dynoscope.testsupport.FxWait;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.shell.ConnectionEntry;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.Spinner;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.TreeView;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Clicks through the window as a person would: connect to the sandbox, open the saas table, type a
 * workspace, run, and read the grid and the status bar.
 */
@ExtendWith(ApplicationExtension.class)
class ShellUiTest {

    @RegisterExtension static final SaasWorkbench app = SaasWorkbench.shown("ui-saas");

    private static final String TABLE = app.table();

    @BeforeAll
    static void another() {
        TestEngine.freshTable("ui-other"); // so the table filter has something to leave out
    }

    /** The tables the sidebar lists under the active connection. */
    private static List<String> tablesShown(FxRobot robot) {
        @SuppressWarnings("unchecked")
        TreeView<Object> tree = robot.lookup("#tree").queryAs(TreeView.class);
        return tree.getRoot().getChildren().stream()
                .filter(line -> line.getValue() instanceof ConnectionEntry)
                .flatMap(connection -> connection.getChildren().stream())
                .map(item -> item.getValue().toString())
                .toList();
    }

    @Test
    void aWorkspaceAndItsProjectsShowAsOneBlockParentFirstInOneRequest(FxRobot robot)
            throws Exception {
        robot.doubleClickOn(app.connectAndFind(robot));
        FxWait.until(30, () -> robot.lookup(SampleData.SAAS_PARTITION_KEY).tryQuery().isPresent());

        // the table opens with its first page, and the read bar says it was a Scan
        Label status = robot.lookup(".status-line").queryAs(Label.class);
        FxWait.until(20, () -> status.getText().contains("returned"));
        @SuppressWarnings("unchecked")
        TableView<CollectionRow> grid = robot.lookup("#grid").queryAs(TableView.class);
        assertTrue(grid.getItems().size() > 10, "rows at once: " + grid.getItems().size());
        @SuppressWarnings("unchecked")
        ChoiceBox<ReadMode> mode = robot.lookup("#modeChoice").queryAs(ChoiceBox.class);
        assertEquals(ReadMode.SCAN, mode.getValue());

        robot.interact(() -> mode.setValue(ReadMode.QUERY));
        robot.clickOn("#partitionKeyField");
        robot.write(SampleData.ACME);
        robot.press(KeyCode.CONTROL, KeyCode.ENTER).release(KeyCode.ENTER, KeyCode.CONTROL);

        FxWait.until(
                20,
                () ->
                        grid.getItems().size() == SampleData.ACME_PROJECTS + 2
                                && status.getText().contains("returned"));
        assertTrue(status.getText().startsWith("Last read: 1 request · "), status.getText());
        List<String> sortKeys = new ArrayList<>();
        CollectionRow.Header header =
                assertInstanceOf(CollectionRow.Header.class, grid.getItems().get(0));
        for (CollectionRow row : grid.getItems().subList(1, grid.getItems().size())) {
            CollectionRow.ItemRow item =
                    assertInstanceOf(CollectionRow.ItemRow.class, row, "one contiguous block");
            assertEquals(
                    AttributeValue.s(SampleData.ACME),
                    item.item().attributes().get(SampleData.SAAS_PARTITION_KEY));
            sortKeys.add(item.item().string(SampleData.SAAS_SORT_KEY).orElseThrow());
        }
        assertEquals(header.collection().itemCount(), sortKeys.size());
        assertEquals(SampleData.ACME_PROJECTS + 1, sortKeys.size());
        assertEquals(SampleData.WORKSPACE_DETAIL, sortKeys.get(0), "the parent comes first");
        List<String> projects = new ArrayList<>(sortKeys.subList(1, sortKeys.size()));
        List<String> sorted = new ArrayList<>(projects);
        sorted.sort(null);
        assertEquals(sorted, projects);
        // what a person reads in the header row's first cell
        List<String> headerTexts =
                robot.lookup(".collection-header .label").queryAll().stream()
                        .map(node -> ((Labeled) node).getText())
                        .toList();
        assertTrue(
                headerTexts.contains("▼"), "the fold arrow shows the open state: " + headerTexts);
        assertTrue(
                headerTexts.stream()
                        .anyMatch(text -> text.startsWith(SampleData.ACME + "   21 items")),
                headerTexts.toString());
    }

    @Test
    void theTableFilterNarrowsTheTableList(FxRobot robot) throws Exception {
        robot.doubleClickOn("Local sandbox");
        Label message = robot.lookup(".connection-message").queryAs(Label.class);
        FxWait.until(90, () -> message.getText().startsWith("Connected to"));
        int all = tablesShown(robot).size();

        robot.press(KeyCode.CONTROL, KeyCode.K).release(KeyCode.K, KeyCode.CONTROL);
        robot.write(TABLE);

        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(TABLE), tablesShown(robot));
        assertTrue(all > 1, "the filter narrowed a longer list");
    }

    @Test
    void aScanStreamingManyPagesShowsEveryVisibleRowAtItsPlace(FxRobot robot) throws Exception {
        robot.doubleClickOn(app.connectAndFind(robot));
        FxWait.until(10, () -> robot.lookup(SampleData.SAAS_PARTITION_KEY).tryQuery().isPresent());
        Label status = robot.lookup(".status-line").queryAs(Label.class);
        FxWait.until(30, () -> status.getText().contains("returned"));
        // a Scan with no limit, so it streams many pages
        robot.interact(
                () -> robot.lookup("#moreToggle").queryAs(ToggleButton.class).setSelected(true));
        @SuppressWarnings("unchecked")
        Spinner<Integer> limit = robot.lookup("#limitSpinner").queryAs(Spinner.class);
        robot.interact(() -> limit.getValueFactory().setValue(0));
        robot.clickOn("#runButton");
        FxWait.until(
                30,
                () ->
                        status.getText().contains("returned")
                                && !status.getText().startsWith("Last read: 1 request"));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(
                status.getText().matches("Last read: ([2-9]|\\d\\d+) requests · .*"),
                "several pages: " + status.getText());

        @SuppressWarnings("unchecked")
        TableView<CollectionRow> grid = robot.lookup("#grid").queryAs(TableView.class);
        List<TableRow<?>> shown =
                robot.lookup(".table-row-cell").queryAll().stream()
                        .<TableRow<?>>map(node -> (TableRow<?>) node)
                        .filter(
                                row ->
                                        row.getIndex() >= 0
                                                && row.getIndex() < grid.getItems().size()
                                                && row.isVisible())
                        .toList();
        assertTrue(shown.size() > 5, "rows are shown");
        for (TableRow<?> row : shown) {
            assertEquals(
                    grid.getItems().get(row.getIndex()),
                    row.getItem(),
                    "row " + row.getIndex() + " shows what is there");
        }
    }
}

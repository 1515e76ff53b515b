package io.dynoscope.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.collection.CollectionRow;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.service.model.ModelStore;
import io.dynoscope.service.read.ReadMode;
import io.dynoscope.service.sandbox.SampleModels;
import io.dynoscope.settings.SettingsService;
import io.dynoscope.settings.SettingsStore;
import io.dynoscope.testsupport.FxWait;
import io.dynoscope.ui.grid.SavedReadsViewModel;
import io.dynoscope.ui.tabs.TableTab;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import javafx.beans.property.BooleanProperty;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.service.query.NodeQuery;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A table tab with the user's settings, clicked through: a read saved under a name and run again
 * from the history (Ctrl/Cmd+Y, Enter), a find in the loaded rows (Ctrl/Cmd+F, Enter), a column
 * header ordering the items inside a collection, and the Query-not-Scan hint.
 */
@ExtendWith(ApplicationExtension.class)
class TableTabReadsUiTest {

    @RegisterExtension static final SaasWorkbench app = SaasWorkbench.started("tab-reads");

    private static final String TABLE = app.table();

    private TableTab start() throws Exception {
        return app.start();
    }

    private static void awaitRead(TableTab tab) throws Exception {
        TestApp.awaitRead(tab);
    }

    private static <T> T onFx(Callable<T> work) throws Exception {
        return TestApp.onFx(work);
    }

    /** The partition keys and sort keys of the item rows the grid shows. */
    private static List<String> rowsShown(TableTab tab) throws Exception {
        return onFx(
                () ->
                        tab.grid().rows().stream()
                                .filter(CollectionRow.ItemRow.class::isInstance)
                                .map(r -> ((CollectionRow.ItemRow) r).item())
                                .map(
                                        i ->
                                                i.string(SampleData.SAAS_PARTITION_KEY)
                                                                .orElseThrow()
                                                        + " "
                                                        + i.string(SampleData.SAAS_SORT_KEY)
                                                                .orElseThrow())
                                .toList());
    }

    /** A node of the saved-reads window. */
    private static NodeQuery inSavedReads(FxRobot robot, String query) {
        return robot.from(robot.lookup(".saved-reads").<Node>query()).lookup(query);
    }

    /** The read bar's Run (the expression builder has one too). */
    private static Node readBarRun(TableTab tab) throws Exception {
        return onFx(() -> tab.content().lookup("#runButton"));
    }

    /** Describes a Query of one collection in the read bar and clicks Run. */
    private static void query(FxRobot robot, TableTab tab, String partitionKey) throws Exception {
        onFx(
                () -> {
                    tab.grid().readBar().modeProperty().set(ReadMode.QUERY);
                    tab.grid().readBar().partitionKeyValueProperty().set(partitionKey);
                    return null;
                });
        robot.clickOn(readBarRun(tab));
        awaitRead(tab);
    }

    @Test
    void aSavedReadIsRunAgainFromTheHistoryWithEnter(FxRobot robot) throws Exception {
        TableTab tab = start();
        query(robot, tab, SampleData.BETA);
        List<String> beta = rowsShown(tab);
        assertEquals(SampleData.BETA_PROJECTS + 1, beta.size());
        assertTrue(
                beta.stream().allMatch(r -> r.startsWith(SampleData.BETA + " ")), beta.toString());

        // save it under a name from the saved-reads window (Ctrl/Cmd+Y in the tab)
        robot.clickOn("#grid");
        robot.press(KeyCode.SHORTCUT, KeyCode.Y).release(KeyCode.Y, KeyCode.SHORTCUT);
        WaitForAsyncUtils.waitForFxEvents();
        ListView<?> history = inSavedReads(robot, "#historyList").queryAs(ListView.class);
        assertEquals(
                List.of(true, false),
                history.getItems().stream()
                        .map(e -> ((SavedReadsViewModel.Entry) e).description())
                        .map(d -> d.contains(SampleData.BETA))
                        .toList(),
                "the read the person ran, then the first page the tab read when it opened");
        TextField name = inSavedReads(robot, "#nameField").queryAs(TextField.class);
        robot.clickOn(name).write("beta workspace");
        FxWait.until(5, () -> "beta workspace".equals(name.getText()));
        // the inspector has a #saveButton too: this one is the saved-reads window's
        robot.clickOn(inSavedReads(robot, "#saveButton").<Node>query());
        WaitForAsyncUtils.waitForFxEvents();
        ListView<?> saved = inSavedReads(robot, "#savedList").queryAs(ListView.class);
        assertEquals(1, saved.getItems().size());
        assertEquals(
                "beta workspace", ((SavedReadsViewModel.Entry) saved.getItems().get(0)).name());
        assertEquals(
                "Saved 'beta workspace'.",
                robot.lookup(".saved-reads .connection-message").queryAs(Label.class).getText());
        robot.press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();

        // another read replaces the rows
        query(robot, tab, SampleData.ACME);
        assertEquals(SampleData.ACME_PROJECTS + 1, rowsShown(tab).size());

        // the history lists both, newest first; Enter on the older runs it again
        robot.clickOn("#grid");
        robot.press(KeyCode.SHORTCUT, KeyCode.Y).release(KeyCode.Y, KeyCode.SHORTCUT);
        WaitForAsyncUtils.waitForFxEvents();
        ListView<?> again = inSavedReads(robot, "#historyList").queryAs(ListView.class);
        assertEquals(3, again.getItems().size(), "ACME, BETA, and the first page");
        SavedReadsViewModel.Entry older = (SavedReadsViewModel.Entry) again.getItems().get(1);
        assertTrue(older.description().contains(SampleData.BETA), older.description());
        assertTrue(older.figures().startsWith("1 request · "), older.figures());
        assertTrue(older.figures().contains("4 items"), older.figures());
        onFx(
                () -> {
                    again.getSelectionModel().select(1);
                    again.requestFocus();
                    return null;
                });
        robot.press(KeyCode.ENTER).release(KeyCode.ENTER);
        awaitRead(tab);

        assertEquals(beta, rowsShown(tab), "the rows of the first read again");
        assertEquals(SampleData.BETA, tab.grid().readBar().partitionKeyValueProperty().get());
        assertEquals(1, tab.grid().lastStatisticsProperty().get().requests(), "one request again");
    }

    @Test
    void findInTheLoadedRowsCountsAndWalksTheMatches(FxRobot robot) throws Exception {
        TableTab tab = start();
        query(robot, tab, SampleData.ACME);
        long requests = tab.grid().lastStatisticsProperty().get().requests();
        // a collection's header is not cut at the first column: its cell is not clipped
        List<Node> headerCells =
                robot
                        .lookup(".collection-header .table-cell")
                        .match((TableCell<?, ?> cell) -> cell.getGraphic() != null)
                        .queryAll()
                        .stream()
                        .toList();
        assertFalse(headerCells.isEmpty());
        headerCells.forEach(cell -> assertNull(cell.getClip()));

        robot.clickOn("#grid");
        robot.press(KeyCode.SHORTCUT, KeyCode.F).release(KeyCode.F, KeyCode.SHORTCUT);
        WaitForAsyncUtils.waitForFxEvents();
        robot.write("archived");
        WaitForAsyncUtils.waitForFxEvents();
        Label status = robot.lookup("#findStatusLabel").queryAs(Label.class);
        assertEquals("1 of 4", status.getText());
        robot.press(KeyCode.ENTER).release(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("2 of 4", status.getText());
        robot.press(KeyCode.SHIFT, KeyCode.ENTER).release(KeyCode.ENTER, KeyCode.SHIFT);
        robot.press(KeyCode.SHIFT, KeyCode.ENTER).release(KeyCode.ENTER, KeyCode.SHIFT);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("4 of 4", status.getText());
        assertEquals(
                SampleData.ACME + " " + SampleData.projectDetail(39),
                onFx(
                        () -> {
                            var item = tab.grid().loaded().selectedItemProperty().get();
                            return item.string(SampleData.SAAS_PARTITION_KEY).orElseThrow()
                                    + " "
                                    + item.string(SampleData.SAAS_SORT_KEY).orElseThrow();
                        }));
        assertEquals(requests, tab.grid().lastStatisticsProperty().get().requests());
        assertEquals(
                "",
                app.apps().get(0).shell().tableFilterProperty().get(),
                "the shell's find-a-table did not take the key");

        // Esc closes the find; the Edit menu opens it again, on the same text
        robot.press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        Node findBar = status.getParent();
        assertFalse(findBar.isVisible());
        MenuBar bar = robot.lookup(".menu-bar").queryAs(MenuBar.class);
        MenuItem findInRows =
                bar.getMenus().stream()
                        .flatMap(menu -> menu.getItems().stream())
                        .filter(item -> "findInRowsItem".equals(item.getId()))
                        .findFirst()
                        .orElseThrow();
        robot.interact(findInRows::fire);
        assertTrue(findBar.isVisible());
        assertEquals("1 of 4", status.getText());
    }

    @Test
    void aScanOfOneCollectionOffersTheQueryAndOneClickRunsIt(FxRobot robot) throws Exception {
        TableTab tab = start();
        Node hintBar = onFx(() -> tab.content().lookup(".hint-bar"));
        assertFalse(hintBar.isVisible(), "no hint for the first page's plain Scan");
        onFx(
                () -> {
                    var bar = tab.grid().readBar();
                    bar.modeProperty().set(ReadMode.SCAN);
                    bar.filterProperty().set("#er = :er");
                    bar.namesProperty().set("{\"#er\": \"EntityRef\"}");
                    bar.valuesProperty().set("{\":er\": {\"S\": \"WS#beta\"}}");
                    return null;
                });
        robot.clickOn(readBarRun(tab));
        awaitRead(tab);
        assertTrue(hintBar.isVisible(), "the hint shows after the Scan");
        assertTrue(
                robot.lookup(".hint-bar .label")
                        .queryAs(Label.class)
                        .getText()
                        .startsWith(
                                "This Scan reads the whole table to keep EntityRef = WS#beta."));

        robot.clickOn("Query instead");
        awaitRead(tab);

        assertEquals(ReadMode.QUERY, tab.grid().readBar().modeProperty().get());
        assertEquals(SampleData.BETA, tab.grid().readBar().partitionKeyValueProperty().get());
        assertEquals(SampleData.BETA_PROJECTS + 1, rowsShown(tab).size());
        assertEquals(1, tab.grid().lastStatisticsProperty().get().requests());
        assertFalse(hintBar.isVisible(), "a Query needs no hint");
    }

    @Test
    void aClickOnAColumnHeaderOrdersTheItemsInsideTheCollectionParentFirst(FxRobot robot)
            throws Exception {
        TableTab tab = start();
        query(robot, tab, SampleData.ACME);
        long requests = tab.grid().lastStatisticsProperty().get().requests();

        onFx(
                () -> {
                    @SuppressWarnings("unchecked")
                    TableView<CollectionRow> grid =
                            (TableView<CollectionRow>) tab.content().lookup("#grid");
                    // the key columns stay in view over the others: scroll the status column to
                    // just right of them, where a person would see and click its header
                    double left = 0;
                    double frozen = 0;
                    for (TableColumn<CollectionRow, ?> column : grid.getVisibleLeafColumns()) {
                        if ("status".equals(column.getText())) {
                            break;
                        }
                        left += column.getWidth();
                        Object flag = column.getProperties().get("dynoscope.frozen");
                        if (flag instanceof BooleanProperty p && p.get()) {
                            frozen += column.getWidth();
                        }
                    }
                    for (Node node : grid.lookupAll(".scroll-bar")) {
                        if (node instanceof ScrollBar bar
                                && bar.getOrientation() == Orientation.HORIZONTAL) {
                            bar.setValue(Math.min(bar.getMax(), Math.max(0, left - frozen)));
                        }
                    }
                    return null;
                });
        // the header moves into view on a later layout pass: click it where it is then
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn(
                robot.lookup(".column-header .label")
                        .match((Label label) -> "status".equals(label.getText()))
                        .<Node>query());
        FxWait.until(
                10,
                () ->
                        tab.content().lookup("#grid") instanceof TableView<?> t
                                && !t.getSortOrder().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();

        List<String> statuses =
                onFx(
                        () ->
                                tab.grid().rows().stream()
                                        .filter(CollectionRow.ItemRow.class::isInstance)
                                        .map(r -> ((CollectionRow.ItemRow) r).item())
                                        .map(i -> i.string("status").orElse("(parent)"))
                                        .toList());
        assertEquals("(parent)", statuses.get(0), "the workspace stays first");
        List<String> projects = statuses.subList(1, statuses.size());
        List<String> sorted = new ArrayList<>(projects);
        sorted.sort(null);
        assertEquals(sorted, projects, "the projects by status, ascending");
        assertEquals("ACTIVE", projects.get(0));
        assertEquals(SampleData.ACME_PROJECTS + 1, statuses.size(), "no row came or went");
        assertEquals(requests, tab.grid().lastStatisticsProperty().get().requests(), "no read");
    }

    @Test
    void withTheTablesModelTheGridShowsEachRowsEntity(FxRobot robot) throws Exception {
        TableDesign saas =
                SampleModels.designs().stream()
                        .filter(d -> d.table().equals("saas"))
                        .findFirst()
                        .orElseThrow();
        try (SettingsService settings = SettingsService.open(new SettingsStore(app.directory()))) {
            new ModelStore(settings).save(saas.withModel(saas.model().with(b -> b.table(TABLE))));
        }
        TableTab tab = start();
        query(robot, tab, SampleData.ACME);

        @SuppressWarnings("unchecked")
        TableView<CollectionRow> grid =
                onFx(() -> (TableView<CollectionRow>) tab.content().lookup("#grid"));
        assertEquals("entity", grid.getColumns().get(1).getText(), "after the partition key");
        Set<String> chips =
                onFx(
                        () ->
                                grid.lookupAll(".entity-chip").stream()
                                        .filter(Node::isVisible)
                                        .map(n -> ((Label) n).getText())
                                        .collect(Collectors.toSet()));
        assertEquals(Set.of("workspace", "project"), chips);
        long coloured =
                onFx(
                        () ->
                                grid.lookupAll(".table-row-cell").stream()
                                        .filter(
                                                n ->
                                                        n.getStyleClass().stream()
                                                                .anyMatch(
                                                                        c ->
                                                                                c.startsWith(
                                                                                        "entity-row-")))
                                        .count());
        assertTrue(coloured >= 10, "rows carry their entity's colour: " + coloured);
    }
}

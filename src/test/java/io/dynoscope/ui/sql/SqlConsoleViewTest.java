package io.dynoscope.ui.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.Operation;
import io.dynoscope.core.expression.snippet.SnippetRequest;
import io.dynoscope.core.item.AttributeValue.Type;
import io.dynoscope.core.model.AttributeModel;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.PageListener;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.service.sql.SqlConsole;
import io.dynoscope.service.store.ForwardingRepository;
import io.dynoscope.service.store.ScanSpec;
import io.dynoscope.testsupport.FxWait;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.geometry.Bounds;
import javafx.scene.Scene;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.fxmisc.richtext.CodeArea;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The console as a person uses it: type, run, see rows and the plan; cancel a long Scan. */
@ExtendWith(ApplicationExtension.class)
class SqlConsoleViewTest {

    private static final int SCAN_PAGE = 10;

    private static String table;
    private BackgroundWork work;
    private SqlConsoleViewModel viewModel;
    private final AtomicInteger scanPages = new AtomicInteger();
    private final List<SnippetRequest> opened = new ArrayList<>();

    // Seeded before the window, so a loaded machine does not run out TestFX's setup time.
    @BeforeAll
    static void seed() {
        table = TestEngine.uniqueTableName("sql-view");
        SampleTables.seed(TestEngine.repository(), Dataset.SAAS, table);
    }

    @Start
    void start(Stage stage) {
        // Scans read small, slow pages here, so a person has time to cancel one.
        ForwardingRepository slowScans =
                new ForwardingRepository(TestEngine.repository()) {
                    @Override
                    public ReadResult scan(
                            ScanSpec spec, PageListener listener, Cancellation cancellation) {
                        if (spec.limit() > 0) {
                            return delegate.scan(spec, listener, cancellation);
                        }
                        return delegate.scan(
                                spec.withPageSize(SCAN_PAGE),
                                page -> {
                                    scanPages.incrementAndGet();
                                    WaitForAsyncUtils.sleep(100, TimeUnit.MILLISECONDS);
                                    return listener.onPage(page);
                                },
                                cancellation);
                    }
                };
        Entity project =
                new Entity(
                        "project",
                        KeyTemplates.of("WS#{workspaceId}", "PROJ#{projectId}"),
                        List.of(new AttributeModel("status", Type.S)),
                        Map.of());
        TableModel model =
                new TableModel(
                        table,
                        SampleData.SAAS_KEYS,
                        Map.of("EntityRef", "S", "Detail", "S"),
                        List.of(),
                        List.of(project),
                        List.of(),
                        List.of(),
                        List.of(),
                        List.of());
        work = new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.fx());
        viewModel = new SqlConsoleViewModel(new SqlConsole(slowScans, List.of(model)), work);
        viewModel.setOnOpenRequest(opened::add);
        stage.setScene(new Scene(SqlConsoleView.load(viewModel), 1200, 760));
        stage.show();
    }

    @AfterEach
    void stopWork() throws Exception {
        work.shutdown();
        FxToolkit.cleanupStages();
    }

    @Test
    void typeRunAndSeeTheRowsAndTheOneQueryOfThePlan(FxRobot robot) throws TimeoutException {
        robot.clickOn("#editor")
                .write("SELECT projectId, status FROM project WHERE workspaceId = 'acme'");
        robot.press(KeyCode.CONTROL, KeyCode.ENTER).release(KeyCode.ENTER, KeyCode.CONTROL);

        TableView<List<Object>> rows = robot.lookup("#resultTable").queryTableView();
        try {
            waitFor(() -> viewModel.statusDetailsProperty().get().startsWith("requests="));
        } catch (TimeoutException e) {
            throw new AssertionError(
                    "status '"
                            + viewModel.statusProperty().get()
                            + "' error '"
                            + viewModel.errorProperty().get()
                            + "' statement '"
                            + viewModel.statementProperty().get()
                            + "'",
                    e);
        }
        assertEquals(SampleData.ACME_PROJECTS, rows.getItems().size());
        assertEquals("projectId", rows.getColumns().get(0).getText());
        assertTrue(
                robot.lookup("2026-0042").tryQuery().isPresent() || rows.getItems().size() == 20);
        assertTrue(
                viewModel.statusDetailsProperty().get().startsWith("requests=1 "),
                viewModel.statusDetailsProperty().get());
        assertTrue(
                viewModel.statusProperty().get().startsWith("20 rows · 1 request · "),
                viewModel.statusProperty().get());

        ListView<SqlConsoleViewModel.PlanEntry> plan = robot.lookup("#planList").queryListView();
        assertTrue(
                plan.getItems().get(0).text().startsWith("1. Query " + table),
                plan.getItems().toString());
        WaitForAsyncUtils.waitForFxEvents();
        Bounds pane = plan.localToScene(plan.getLayoutBounds());
        List<String> cut =
                robot.lookup("#planList .list-cell").queryAllAs(ListCell.class).stream()
                        .filter(c -> c.getText() != null && !c.getText().isEmpty())
                        .flatMap(
                                c ->
                                        c.getChildrenUnmodifiable().stream()
                                                .filter(n -> n instanceof Text)
                                                .map(n -> (Text) n)
                                                .filter(
                                                        t ->
                                                                !t.getText().equals(c.getText())
                                                                        || t.localToScene(
                                                                                                t
                                                                                                        .getLayoutBounds())
                                                                                        .getMaxX()
                                                                                > pane.getMaxX()))
                        .map(Text::getText)
                        .toList();
        assertEquals(
                List.of(), cut, "every request of the plan is shown whole, not cut at the right");
        robot.interact(() -> plan.getSelectionModel().select(0));
        robot.clickOn("Open in builder");
        assertEquals(1, opened.size());
        assertEquals(Operation.QUERY, opened.get(0).operation());
        assertEquals(
                "#er = :er AND begins_with(#d, :d)",
                opened.get(0).expressions().values().iterator().next());
    }

    @Test
    void aLongScanAsksFirstAndEscStopsItsReads(FxRobot robot) throws TimeoutException {
        CodeArea editor = robot.lookup("#editor").queryAs(CodeArea.class);
        robot.interact(
                () ->
                        editor.getScene()
                                .getStylesheets()
                                .add(
                                        SqlConsoleView.class
                                                .getResource("SqlConsole.css")
                                                .toString()));
        robot.interact(
                () ->
                        editor.replaceText(
                                "SELECT Detail, status FROM project WHERE status = 'ACTIVE'"));
        robot.clickOn("#editor");
        robot.press(KeyCode.CONTROL, KeyCode.ENTER).release(KeyCode.ENTER, KeyCode.CONTROL);

        waitFor(
                () ->
                        robot.lookup(".dialog-pane")
                                .tryQuery()
                                .map(
                                        n ->
                                                n.getScene() != null
                                                        && n.getScene().getWindow().isShowing())
                                .orElse(false));
        WaitForAsyncUtils.waitForFxEvents();
        DialogPane dialog = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        assertTrue(dialog.getContentText().contains("Scan of " + table), dialog.getContentText());
        // in the console's theme (it had JavaFX's sheets alone: light in the dark theme)
        assertEquals(editor.getScene().getStylesheets(), dialog.getStylesheets());
        robot.clickOn(dialog.lookupButton(ButtonType.OK));
        TableView<List<Object>> rows = robot.lookup("#resultTable").queryTableView();
        waitFor(() -> rows.getItems().size() > 0);
        // The closed dialog leaves the window unfocused under Monocle: give it focus back, then
        // Esc.
        robot.interact(
                () -> {
                    editor.getScene().getWindow().requestFocus();
                    editor.requestFocus();
                });
        robot.press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);

        try {
            waitFor(() -> viewModel.statusDetailsProperty().get().contains("(cancelled)"));
        } catch (TimeoutException e) {
            throw new AssertionError(
                    "status '"
                            + viewModel.statusProperty().get()
                            + "' error '"
                            + viewModel.errorProperty().get()
                            + "' pages "
                            + scanPages.get()
                            + " rows "
                            + rows.getItems().size(),
                    e);
        }
        int pagesAtCancel = scanPages.get();
        WaitForAsyncUtils.sleep(500, TimeUnit.MILLISECONDS);
        int total = SampleData.items(Dataset.SAAS).size() / SCAN_PAGE;
        assertTrue(scanPages.get() <= pagesAtCancel + 1, "the Scan kept reading after Esc");
        // How far it got before Esc depends on the machine's speed; that it stopped does not.
        assertTrue(scanPages.get() < total, "pages read " + scanPages.get() + " of " + total);
        assertTrue(
                viewModel.plan().stream().anyMatch(e -> e.text().startsWith("WARNING Scan of")),
                viewModel.plan().toString());
    }

    private static void waitFor(Callable<Boolean> condition) throws TimeoutException {
        // The first statement of a JVM plans for seconds, much longer on a loaded machine.
        FxWait.until(120, condition);
    }
}

package io.dynoscope.ui.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.drift.DenormalizationRule;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.testsupport.FxWait;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeoutException;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Labeled;
import javafx.scene.control.ListView;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The panel flow a person clicks through: suggest, detect, see the drift, preview, propagate, read
 * the report.
 */
@ExtendWith(ApplicationExtension.class)
class DriftInspectorViewTest {

    private String table;
    private BackgroundWork work;

    @Start
    void start(Stage stage) {
        table = TestEngine.uniqueTableName("drift-view");
        SampleTables.seed(TestEngine.repository(), Dataset.BLOG, table);
        work = new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.fx());
        DriftInspectorViewModel viewModel =
                new DriftInspectorViewModel(
                        table, new ConnectionServices(TestEngine.repository()), work);
        stage.setScene(new Scene(DriftInspectorView.load(viewModel), 1100, 760));
        stage.show();
    }

    @AfterEach
    void stopWork() throws Exception {
        work.shutdown();
        // headless windows share one screen: close this test's so the next test's clicks reach its
        // own
        FxToolkit.cleanupStages();
    }

    @Test
    void suggestDetectPreviewAndPropagate(FxRobot robot) throws TimeoutException {
        robot.clickOn("Suggest rules");
        ComboBox<DenormalizationRule> rules = robot.lookup(".combo-box").queryComboBox();
        waitFor(() -> rules.getItems().size() == 2);
        DenormalizationRule authorName =
                rules.getItems().stream()
                        .filter(r -> r.copies().attribute().toString().equals("authorName"))
                        .findFirst()
                        .orElseThrow();
        robot.interact(() -> rules.getSelectionModel().select(authorName));
        assertTrue(robot.lookup(".drift-cost").queryLabeled().getText().contains("index byAuthor"));

        robot.clickOn("Detect drift");
        TableView<DriftInspectorViewModel.CopyRow> copies =
                robot.lookup("#copiesTable").queryTableView();
        waitFor(() -> copies.getItems().size() == 2);
        List<String> stale =
                copies.getItems().stream()
                        .map(r -> r.copyKey() + " " + r.copyValue() + " -> " + r.sourceValue())
                        .sorted()
                        .toList();
        assertEquals(
                List.of(
                        "POST#c55 / META Lionel Tan -> Lio Tan",
                        "POST#e88 / META Ana R. -> Ana Ruiz"),
                stale);
        // The stale value and the source's value are on screen side by side.
        waitFor(
                () ->
                        robot.lookup("Lionel Tan").tryQuery().isPresent()
                                && robot.lookup("Ana Ruiz").tryQuery().isPresent());
        TableView<DriftInspectorViewModel.SourceRow> sources =
                robot.lookup("#sourcesTable").queryTableView();
        assertEquals(2, sources.getItems().size());

        robot.clickOn("Preview writes");
        ListView<String> preview = robot.lookup("#previewList").queryListView();
        waitFor(() -> preview.getItems().size() == 2);

        robot.clickOn("Propagate");
        // the report's tab shows once the propagation has written
        waitFor(() -> robot.lookup("#reportList").tryQuery().isPresent());
        ListView<String> report = robot.lookup("#reportList").queryListView();
        waitFor(() -> report.getItems().size() == 2);
        assertTrue(
                report.getItems().stream()
                        .allMatch(line -> line.startsWith("Updated ") && !line.contains("{\"S\"")),
                report.getItems().toString());
        Labeled summary = robot.lookup("#progressLabel").queryLabeled();
        waitFor(() -> summary.getText().equals("Fixed 2 copies."));
        assertTrue(
                summary.getTooltip().getText().startsWith("2 updated · 0 already current"),
                summary.getTooltip().getText());
        // the fixed copies leave the list, and the guard is said in the panel itself
        waitFor(() -> copies.getItems().isEmpty() && sources.getItems().isEmpty());
        assertTrue(
                robot.lookup("#guardLabel").queryLabeled().getText().contains("still holds"),
                robot.lookup("#guardLabel").queryLabeled().getText());
        assertEquals(
                "Lio Tan",
                TestEngine.repository()
                        .getItem(table, SampleData.blogKey("POST#c55", "META"), true)
                        .item()
                        .orElseThrow()
                        .string("authorName")
                        .orElseThrow());
    }

    private static void waitFor(Callable<Boolean> condition) throws TimeoutException {
        FxWait.until(30, condition);
    }
}

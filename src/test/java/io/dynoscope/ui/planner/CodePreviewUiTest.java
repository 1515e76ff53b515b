package io.dynoscope.ui.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.codegen.CodeFormat;
import io.dynoscope.core.codegen.GeneratedCode;
import io.dynoscope.testsupport.FxWait;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executors;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextArea;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The Model tab's Export menu offers every code format and previews the generated files before
 * anything is saved: the file list, the chosen file's text and what the format cannot express.
 */
@ExtendWith(ApplicationExtension.class)
class CodePreviewUiTest {

    private static final Path ORDERS =
            Path.of("src/test/resources/io/dynoscope/core/codegen/orders-model.json");

    @TempDir Path tempDir;
    private BackgroundWork work;
    private TableModelViewModel viewModel;

    @Start
    void start(Stage stage) {
        work = new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.fx());
        viewModel = new TableModelViewModel(List.of(), work, null);
        stage.setScene(new Scene(TableModelView.load(viewModel), 1280, 800));
        stage.show();
    }

    @AfterEach
    void stopWork() throws Exception {
        work.shutdown();
        FxToolkit.cleanupStages();
    }

    @Test
    void theExportMenuPreviewsTheCloudFormationOfTheDesign(FxRobot robot) throws Exception {
        String model =
                Files.readString(ORDERS)
                        .replace(
                                "\"writeCapacityUnits\": 3",
                                "\"writeCapacityUnits\": 3, \"autoScalingWrite\":"
                                        + " {\"minCapacity\": 3, \"maxCapacity\": 30,"
                                        + " \"targetValue\": 70}");
        robot.interact(() -> viewModel.design().importModel(model));
        robot.clickOn("#exportButton");
        robot.clickOn(CodeFormat.CLOUDFORMATION_YAML.title() + "…");
        FxWait.until(10, () -> robot.lookup("#codeText").tryQuery().isPresent());
        TextArea text = robot.lookup("#codeText").query();
        assertTrue(text.getText().contains("Type: AWS::DynamoDB::Table"), text.getText());
        assertTrue(text.getText().contains("IndexName: GSI1"), text.getText());
        ListView<GeneratedCode.File> files = robot.lookup("#codeFiles").queryListView();
        assertEquals("orders.template.yaml", files.getItems().get(0).path());
        Label summary = robot.lookup("#codeSummary").queryAs(Label.class);
        assertTrue(summary.getText().contains("Not expressed"), summary.getText());
        assertTrue(summary.getText().contains("auto scaling"), summary.getText());
    }

    @Test
    void theElectroDbPreviewSaysWhatItLeavesOutAndTheTabKeepsItsWidth(FxRobot robot)
            throws Exception {
        String model = Files.readString(ORDERS);
        robot.interact(() -> viewModel.design().importModel(model));
        robot.clickOn("#exportButton");
        robot.clickOn(CodeFormat.ELECTRODB.title() + "…");
        FxWait.until(10, () -> robot.lookup("#codeText").tryQuery().isPresent());
        TextArea text = robot.lookup("#codeText").query();
        assertTrue(text.getText().contains("export function ordersElectroDb("), text.getText());
        Label summary = robot.lookup("#codeSummary").queryAs(Label.class);
        assertTrue(summary.getText().contains("ElectroDB has no sharded key"), summary.getText());
        robot.clickOn("Close");
        // the status repeats the long list of what is left out; it is cut, not widening the tab
        Label status = robot.lookup("#statusLabel").queryAs(Label.class);
        FxWait.until(10, () -> status.getText().contains("ElectroDB has no sharded key"));
        robot.interact(() -> {});
        assertTrue(
                status.getScene().getRoot().getLayoutBounds().getWidth() <= 1280,
                "root " + status.getScene().getRoot().getLayoutBounds());
        assertTrue(
                status.localToScene(status.getLayoutBounds()).getMaxX() <= 1280,
                "status " + status.localToScene(status.getLayoutBounds()));
        assertEquals(status.getText(), status.getTooltip().getText());
    }

    @Test
    void savingWritesEveryFileAndSaysWhere() throws Exception {
        GeneratedCode code =
                new GeneratedCode(
                        List.of(
                                new GeneratedCode.File("a/One.java", "class One {}\n"),
                                new GeneratedCode.File("Two.java", "class Two {}\n")),
                        List.of());
        assertEquals("Saved 2 files in " + tempDir, CodePreview.save(code, tempDir));
        assertEquals("class One {}\n", Files.readString(tempDir.resolve("a/One.java")));
        GeneratedCode escaping =
                new GeneratedCode(
                        List.of(new GeneratedCode.File("../outside.txt", "no")), List.of());
        assertTrue(CodePreview.save(escaping, tempDir).startsWith("Nothing saved: "));
        assertTrue(Files.notExists(tempDir.resolveSibling("outside.txt")));
    }
}

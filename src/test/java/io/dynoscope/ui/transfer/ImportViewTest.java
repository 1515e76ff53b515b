package io.dynoscope.ui.transfer;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.service.transfer.ImportService;
import io.dynoscope.service.transfer.NewTableImport;
import io.dynoscope.testsupport.FxWait;
import io.dynoscope.testsupport.GeneratedItems;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import javafx.scene.Node;
import javafx.scene.Scene;
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
import org.testfx.util.WaitForAsyncUtils;

/** The import dialog at 1280x800, importing into a new table. */
@ExtendWith(ApplicationExtension.class)
class ImportViewTest {

    private BackgroundWork work;
    private ImportViewModel viewModel;

    @Start
    void start(Stage stage) {
        work = new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.fx());
        String opened = TestEngine.freshTable(GeneratedItems.table("import-view"));
        viewModel =
                new ImportViewModel(
                        opened,
                        new ImportService(TestEngine.repository()),
                        new NewTableImport(TestEngine.repository()),
                        1,
                        work);
        stage.setScene(new Scene(ImportView.load(viewModel), 1280, 800));
        stage.show();
    }

    @AfterEach
    void stopWork() throws Exception {
        work.shutdown();
        FxToolkit.cleanupStages();
    }

    @Test
    void theCreateTableRequestHasRoomToBeRead(FxRobot robot, @TempDir Path folder)
            throws Exception {
        Path file = folder.resolve("items.jsonl");
        Files.writeString(
                file,
                "{\"ws\": {\"S\": \"WS#acme\"}, \"seq\": {\"N\": \"1\"}, \"name\": {\"S\": \"a\"}}\n");
        robot.interact(() -> viewModel.chooseFile(file));
        FxWait.until(60, () -> viewModel.newTable().attributes().size() == 3);
        TextArea request = robot.lookup("#createRequestArea").queryAs(TextArea.class);
        Node box = robot.lookup("#createRequestBox").query();
        assertFalse(box.isVisible(), "no request while the file goes into the table opened");

        robot.clickOn("#newTableRadio");
        robot.clickOn("#newTableName").write("import-view-new");
        FxWait.until(30, () -> request.getText().contains("import-view-new"));
        WaitForAsyncUtils.waitForFxEvents();

        // the request of a table with a sort key is about thirty lines: five were shown
        double line = request.getFont().getSize() * 1.3;
        assertTrue(
                request.getHeight() >= 12 * line,
                "the request shows " + Math.floor(request.getHeight() / line) + " lines");
    }
}

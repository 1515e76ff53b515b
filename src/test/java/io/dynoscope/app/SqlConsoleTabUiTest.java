package io.dynoscope.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.testsupport.FxWait;
import io.dynoscope.ui.common.WorkbenchTab;
import javafx.event.Event;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.input.ContextMenuEvent;
import javafx.scene.input.KeyCode;
import org.fxmisc.richtext.CodeArea;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/** A SQL console opened from a table's menu takes the keyboard: Ctrl/Cmd+Enter runs it. */
@ExtendWith(ApplicationExtension.class)
class SqlConsoleTabUiTest {

    @RegisterExtension static final SaasWorkbench app = SaasWorkbench.shown("ui-sql");

    @Test
    void aConsoleOpensFromTheTablesMenuReadyToRunWithTheKeyboard(FxRobot robot) throws Exception {
        app.connectAndFind(robot);

        // the table stays selected in the sidebar, where Enter would open it; its menu comes as
        // the context-menu key (or Shift+F10) brings it
        robot.clickOn(app.tableCell(robot));
        Node tree = robot.lookup("#tree").query();
        robot.interact(
                () ->
                        Event.fireEvent(
                                tree,
                                new ContextMenuEvent(
                                        ContextMenuEvent.CONTEXT_MENU_REQUESTED,
                                        0,
                                        0,
                                        0,
                                        0,
                                        true,
                                        null)));
        FxWait.until(5, () -> robot.lookup("SQL console…").tryQuery().isPresent());
        robot.clickOn("SQL console…");
        WaitForAsyncUtils.waitForFxEvents();

        CodeArea editor = robot.lookup("#editor").queryAs(CodeArea.class);
        FxWait.until(5, editor::isFocused);
        robot.press(KeyCode.CONTROL, KeyCode.ENTER).release(KeyCode.ENTER, KeyCode.CONTROL);

        TableView<?> results = robot.lookup("#resultTable").queryAs(TableView.class);
        Label error = robot.lookup("#errorLabel").queryAs(Label.class);
        // the first statement of a JVM waits for Calcite to start (seconds on a busy machine)
        // no key condition: the console asks before it scans
        FxWait.until(60, () -> okButton(robot) != null);
        Button ok = okButton(robot);
        robot.interact(ok::fire);
        FxWait.until(
                30,
                () ->
                        !app.context().shell().selectedTabProperty().get().busyProperty().get()
                                || !error.getText().isBlank());
        assertEquals("", error.getText());
        WorkbenchTab selected = app.context().shell().selectedTabProperty().get();
        assertEquals(WorkbenchTab.Kind.SQL_CONSOLE, selected.kind(), "the console stays in front");
        // SELECT * FROM "table" LIMIT 100 over the saas sample (more than 100 items)
        assertEquals(100, results.getItems().size());
        assertTrue(
                app.context().shell().tabs().stream()
                        .noneMatch(t -> t.kind() == WorkbenchTab.Kind.TABLE),
                "Ctrl+Enter did not open the table selected in the sidebar");
    }

    /** The OK button of the console's "This statement must Scan" question, once it shows. */
    private static Button okButton(FxRobot robot) {
        if (robot.lookup("This statement must Scan").tryQuery().isEmpty()) {
            return null;
        }
        return robot.lookup(".button")
                .match((Button b) -> "OK".equals(b.getText()))
                .tryQuery()
                .map(Button.class::cast)
                .orElse(null);
    }
}

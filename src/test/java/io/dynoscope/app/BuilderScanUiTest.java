package io.dynoscope.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.service.read.ReadMode;
import io.dynoscope.testsupport.FxWait;
import io.dynoscope.ui.common.ToolWindows;
import io.dynoscope.ui.tabs.TableTab;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The expression builder's Run never turns the tab's Query into a Scan without a word: it says what
 * will run and what it costs, and Cancel leaves the Query in place.
 */
@ExtendWith(ApplicationExtension.class)
class BuilderScanUiTest {

    @RegisterExtension static final SaasWorkbench app = SaasWorkbench.started("builder-scan");

    private static final String TABLE = app.table();

    @Test
    void aFilterRunWhereAQueryWasShownAsksFirstWithTheScansCost(FxRobot robot) throws Exception {
        TableTab tab = app.start();
        TestApp.onFx(
                () -> {
                    tab.grid().readBar().modeProperty().set(ReadMode.QUERY);
                    tab.grid().readBar().partitionKeyValueProperty().set(SampleData.BETA);
                    tab.grid().run();
                    return null;
                });
        TestApp.awaitRead(tab);
        long requests = tab.grid().lastStatisticsProperty().get().requests();
        int rows = tab.grid().rows().size();

        TestApp.onFx(
                () -> {
                    app.apps()
                            .get(0)
                            .shell()
                            .toolWindows()
                            .bottomProperty()
                            .set(ToolWindows.Bottom.EXPRESSION_BUILDER);
                    return null;
                });
        FxWait.until(
                20, () -> robot.lookup("#expressionBuilder #kindChoice").tryQuery().isPresent());
        @SuppressWarnings("unchecked")
        ChoiceBox<ExpressionKind> kind =
                robot.lookup("#expressionBuilder #kindChoice").queryAs(ChoiceBox.class);
        robot.interact(() -> kind.setValue(ExpressionKind.FILTER));
        robot.clickOn("#expressionBuilder #row-0-attribute").write("status");
        robot.clickOn("#expressionBuilder #row-0-value").write("archived");
        WaitForAsyncUtils.waitForFxEvents();

        robot.clickOn("#expressionBuilder #runButton");
        FxWait.until(10, () -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        DialogPane question = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        assertTrue(
                question.getHeaderText().contains("instead of the Query"),
                question.getHeaderText());
        String body = ((Label) question.getContent()).getText();
        assertTrue(body.contains("Query of " + SampleData.BETA), body);
        assertTrue(body.contains("Will run: Scan " + TABLE), body);
        assertTrue(body.contains("RCU"), body);
        assertFalse(tab.grid().runningProperty().get(), "nothing runs before the answer");

        robot.clickOn("Cancel");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(ReadMode.QUERY, tab.grid().readBar().modeProperty().get(), "the Query stays");
        assertEquals(requests, tab.grid().lastStatisticsProperty().get().requests());
        assertEquals(rows, tab.grid().rows().size());

        robot.clickOn("#expressionBuilder #runButton");
        FxWait.until(10, () -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        robot.clickOn("Run the Scan");
        FxWait.until(20, () -> tab.grid().readBar().modeProperty().get() == ReadMode.SCAN);
        TestApp.awaitRead(tab);
    }
}

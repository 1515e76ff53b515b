package io.dynoscope.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.testsupport.FxWait;
import io.dynoscope.ui.common.WorkbenchTab;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * File → New model opens the Model tab on a blank page, about no live table: nothing to migrate,
 * and nothing to reopen at the next start.
 */
@ExtendWith(ApplicationExtension.class)
class NewModelUiTest {

    private AppContext context;

    @Start
    void start(Stage stage) {
        context = TestWorkbench.show(stage);
    }

    @AfterEach
    void close() throws Exception {
        TestWorkbench.close(context);
    }

    @Test
    void fileNewModelOpensABlankModelTab(FxRobot robot) throws Exception {
        MenuItem newModel =
                robot.lookup(".menu-bar").queryAs(MenuBar.class).getMenus().stream()
                        .flatMap(menu -> menu.getItems().stream())
                        .filter(item -> "newModelItem".equals(item.getId()))
                        .findFirst()
                        .orElseThrow();
        assertTrue(newModel.isDisable(), "no connection yet: no new model");
        TestWorkbench.connect(robot);
        FxWait.until(10, () -> !newModel.isDisable());
        robot.interact(newModel::fire);
        FxWait.until(
                10,
                () ->
                        robot.lookup("#tableNameField")
                                .tryQuery()
                                .map(f -> ((TextField) f).getText().equals("my-table"))
                                .orElse(false));
        WorkbenchTab tab = context.shell().selectedTabProperty().get();
        assertEquals(WorkbenchTab.Kind.TABLE_MODEL, tab.kind());
        assertTrue(robot.lookup("#entitiesTable").queryTableView().getItems().isEmpty());
        assertTrue(robot.lookup("#keysTable").queryTableView().getItems().isEmpty());
        assertFalse(robot.lookup("#migrateButton").query().isVisible(), "no live table");
        assertTrue(
                context.shell().openTabs().stream().noneMatch(t -> t.getValue().isEmpty()),
                "a blank model is not reopened at the next start");
    }
}

package io.dynoscope.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.testsupport.FxWait;
import io.dynoscope.ui.common.WorkbenchTab;
import java.util.List;
import javafx.scene.control.Button;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TextArea;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * The Model tab's Migrate… opens from the keyboard over the workbench, on the tab's table; a table
 * tab does not offer it.
 */
@ExtendWith(ApplicationExtension.class)
class ModelMigrateUiTest {

    @RegisterExtension static final SaasWorkbench app = SaasWorkbench.shown("ui-migrate");

    private static final String TABLE = app.table();

    @Test
    void migrateIsOfferedOnTheModelTabAndNotOnTheTableTab(FxRobot robot) throws Exception {
        TestWorkbench.connect(robot);
        MenuItem migrate =
                robot.lookup(".menu-bar").queryAs(MenuBar.class).getMenus().stream()
                        .flatMap(menu -> menu.getItems().stream())
                        .filter(item -> "migrateItem".equals(item.getId()))
                        .findFirst()
                        .orElseThrow();
        robot.interact(() -> app.context().shell().open(WorkbenchTab.Kind.TABLE, TABLE));
        // Table > Migrate… did nothing on a table tab, and was offered there
        FxWait.until(10, migrate::isDisable);
        robot.interact(() -> app.context().shell().open(WorkbenchTab.Kind.TABLE_MODEL, TABLE));
        FxWait.until(10, () -> !migrate.isDisable());
    }

    @Test
    void ctrlShiftMOpensTheMigrationOfTheTableAndPlanShowsThePlan(FxRobot robot) throws Exception {
        TestWorkbench.connect(robot);
        robot.interact(() -> app.context().shell().open(WorkbenchTab.Kind.TABLE_MODEL, TABLE));
        // the tab infers the table's model from a sample; Migrate… waits for a design
        FxWait.until(
                90,
                () ->
                        robot.lookup("#migrateButton")
                                .tryQuery()
                                .map(b -> b.isVisible() && !b.isDisabled())
                                .orElse(false));
        Window workbench = robot.lookup("#migrateButton").queryButton().getScene().getWindow();

        robot.press(KeyCode.SHORTCUT, KeyCode.SHIFT, KeyCode.M)
                .release(KeyCode.M, KeyCode.SHIFT, KeyCode.SHORTCUT);
        FxWait.until(10, () -> robot.lookup("#planButton").tryQuery().isPresent());
        Button plan = robot.lookup("#planButton").queryButton();
        Stage migration = (Stage) plan.getScene().getWindow();
        assertTrue(migration.getTitle().equals("Migrate " + TABLE), migration.getTitle());
        assertTrue(migration.getOwner() == workbench, "it opens over the workbench");
        // a theme switch made while it is open restyles it as it does the workbench
        boolean dark = app.context().shell().darkThemeProperty().get();
        robot.interact(() -> app.context().shell().darkThemeProperty().set(!dark));
        List<String> themed = workbench.getScene().getStylesheets();
        assertTrue(themed.stream().anyMatch(s -> s.endsWith(dark ? "light.css" : "dark.css")));
        assertEquals(themed, migration.getScene().getStylesheets(), "the window's theme");
        robot.clickOn(plan);
        TextArea text = robot.lookup("#planArea").query();
        FxWait.until(60, () -> text.getText().contains("Entities"));

        assertTrue(
                text.getText().startsWith("Migration of table '" + TABLE + "' from "),
                text.getText());
        assertFalse(robot.lookup("#applyButton").queryButton().isDisabled(), text.getText());
    }
}

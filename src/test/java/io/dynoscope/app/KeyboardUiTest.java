package io.dynoscope.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.testsupport.FxWait;
import io.dynoscope.ui.shell.Shortcut;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.input.KeyCombination;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The keyboard: each menu accelerator means one thing, comes from the shortcut list, and Help →
 * Keyboard shortcuts shows that same list; every menu is reachable by its mnemonic.
 */
@ExtendWith(ApplicationExtension.class)
class KeyboardUiTest {

    private AppContext context;

    @Start
    void start(Stage stage) {
        context = TestWorkbench.show(stage);
    }

    @AfterEach
    void close() throws Exception {
        TestWorkbench.close(context);
    }

    private static List<MenuItem> items(FxRobot robot) {
        MenuBar bar = robot.lookup("#menuBar").queryAs(MenuBar.class);
        return bar.getMenus().stream().flatMap(KeyboardUiTest::itemsOf).toList();
    }

    private static Stream<MenuItem> itemsOf(Menu menu) {
        return menu.getItems().stream()
                .flatMap(i -> i instanceof Menu m ? itemsOf(m) : Stream.of(i));
    }

    @Test
    void everyAcceleratorHasOneMeaningAndIsTheOneTheListGives(FxRobot robot) {
        Map<KeyCombination, String> seen = new HashMap<>();
        for (MenuItem item : items(robot)) {
            if (item.getAccelerator() != null) {
                String before = seen.put(item.getAccelerator(), item.getText());
                assertEquals(
                        null,
                        before,
                        item.getAccelerator().getName() + " is on two menu items: " + before);
            }
        }
        for (Shortcut shortcut : Shortcut.values()) {
            shortcut.menuItemId()
                    .ifPresent(
                            id -> {
                                MenuItem item =
                                        items(robot).stream()
                                                .filter(i -> id.equals(i.getId()))
                                                .findFirst()
                                                .orElseThrow(() -> new AssertionError(id));
                                assertEquals(shortcut.keys(), item.getAccelerator(), id);
                            });
        }
        // and no shortcut of the list is taken twice, by a menu or by a key where the focus is
        assertEquals(
                Shortcut.values().length,
                Stream.of(Shortcut.values()).map(Shortcut::keys).distinct().count());
    }

    @Test
    void everyMenuOpensFromTheKeyboard(FxRobot robot) {
        MenuBar bar = robot.lookup("#menuBar").queryAs(MenuBar.class);
        for (Menu menu : bar.getMenus()) {
            assertTrue(menu.isMnemonicParsing() && menu.getText().contains("_"), menu.getText());
        }
    }

    @Test
    void helpListsEveryShortcut(FxRobot robot) throws Exception {
        MenuItem help =
                items(robot).stream()
                        .filter(i -> "shortcutsItem".equals(i.getId()))
                        .findFirst()
                        .orElseThrow();
        robot.interact(help::fire);
        FxWait.until(10, () -> robot.lookup("#shortcutList").tryQuery().isPresent());
        String list = robot.lookup("#shortcutList").queryAs(Label.class).getText();
        for (Shortcut shortcut : Shortcut.values()) {
            assertTrue(
                    list.contains(shortcut.keysText(false)) && list.contains(shortcut.meaning()),
                    shortcut + " is listed: " + list);
        }
        assertTrue(list.contains("Ctrl+K") && list.contains("find a table in the sidebar"));
    }
}

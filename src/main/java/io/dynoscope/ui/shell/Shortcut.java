package io.dynoscope.ui.shell;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;

/**
 * Every keyboard shortcut of the window, each with one meaning wherever the focus is: the menu
 * bar's accelerators come from here, and Help → Keyboard shortcuts lists them. A shortcut with a
 * menu item names it by its id; the keys that act where the focus is (Enter on a row, Space on a
 * collection) have none.
 */
public enum Shortcut {
    RUN("runItem", shortcut(KeyCode.ENTER), "run the tab's read, statement or report"),
    CANCEL("cancelItem", key(KeyCode.ESCAPE), "cancel what is running, or the edit"),
    LOAD_MORE("loadMoreItem", shortcut(KeyCode.M), "load more"),
    FOCUS_READ_BAR("focusReadBarItem", shortcut(KeyCode.L), "go to the read bar"),
    FIND_IN_ROWS(
            "findInRowsItem",
            shortcut(KeyCode.F),
            "find in the loaded rows (Enter / Shift+Enter next / previous)"),
    FIND_TABLE("findTableItem", shortcut(KeyCode.K), "find a table in the sidebar"),
    SAVED_READS("savedReadsItem", shortcut(KeyCode.Y), "saved reads and history"),
    EDIT_ITEM("editItemItem", key(KeyCode.F2), "edit the selected item (Ctrl/Cmd+S saves)"),
    NEW_ITEM("newItemItem", shortcut(KeyCode.N), "new item"),
    DUPLICATE_ITEM("duplicateItemItem", shortcutShift(KeyCode.N), "duplicate the selected item"),
    DESCRIBE("describeItem", shortcutShift(KeyCode.D), "describe the table"),
    MIGRATE(
            "migrateItem",
            shortcutShift(KeyCode.M),
            "in the Model tab: migrate the table to the edited model"),
    EXPORT_ALL("exportAllItem", shortcutShift(KeyCode.S), "export the loaded items"),
    FOLD_ALL("collapseAllItem", shortcutShift(KeyCode.MINUS), "fold all collections"),
    UNFOLD_ALL("expandAllItem", shortcutShift(KeyCode.EQUALS), "unfold all collections"),
    CLOSE_TAB("closeTabItem", shortcut(KeyCode.W), "close the tab"),
    SIDEBAR("sidebarItem", shortcut(KeyCode.B), "show or hide the sidebar"),
    INSPECTOR("inspectorItem", shortcut(KeyCode.I), "show or hide the item inspector"),
    EXPRESSION_BUILDER("expressionBuilderItem", shortcut(KeyCode.E), "expression builder"),
    DRIFT_INSPECTOR("driftInspectorItem", shortcut(KeyCode.D), "drift inspector"),
    REFRESH_TABLES("refreshTablesItem", key(KeyCode.F5), "refresh the table list"),
    QUIT("quitItem", shortcut(KeyCode.Q), "quit"),
    EDIT_ROW(null, key(KeyCode.ENTER), "on a row: edit it; on a table in the sidebar: open it"),
    COPY_ROW(null, shortcut(KeyCode.C), "on a row: copy it as JSON"),
    COPY_KEY(null, shortcutShift(KeyCode.C), "on a row: copy its key"),
    NEXT_COLLECTION(null, shortcut(KeyCode.DOWN), "next item collection (Up: previous)"),
    FOLD(null, key(KeyCode.SPACE), "on a collection: fold or unfold it"),
    DELETE(null, key(KeyCode.DELETE), "on rows: delete the selected items (after confirmation)"),
    MENU(null, shift(KeyCode.F10), "the menu of the selected row, table or connection");

    private final String menuItemId;
    private final KeyCodeCombination keys;
    private final String meaning;

    Shortcut(String menuItemId, KeyCodeCombination keys, String meaning) {
        this.menuItemId = menuItemId;
        this.keys = keys;
        this.meaning = meaning;
    }

    /** The id of the menu item that carries this shortcut as its accelerator, if one does. */
    public Optional<String> menuItemId() {
        return Optional.ofNullable(menuItemId);
    }

    public KeyCombination keys() {
        return keys;
    }

    public String meaning() {
        return meaning;
    }

    /** The keys as people write them: Cmd on macOS, Ctrl elsewhere. */
    public String keysText(boolean mac) {
        StringBuilder text = new StringBuilder();
        if (keys.getShortcut() == KeyCombination.ModifierValue.DOWN) {
            text.append(mac ? "Cmd+" : "Ctrl+");
        }
        if (keys.getShift() == KeyCombination.ModifierValue.DOWN) {
            text.append("Shift+");
        }
        return text.append(
                        switch (keys.getCode()) {
                            case MINUS -> "-";
                            case EQUALS -> "=";
                            case ESCAPE -> "Esc";
                            default -> keys.getCode().getName();
                        })
                .toString();
    }

    /** The shortcuts with a menu item, for the menu bar. */
    public static List<Shortcut> ofMenus() {
        return Arrays.stream(values()).filter(s -> s.menuItemId != null).toList();
    }

    /** The list Help → Keyboard shortcuts shows, one line each. */
    public static String describeAll(boolean mac) {
        int width = Arrays.stream(values()).mapToInt(s -> s.keysText(mac).length()).max().orElse(0);
        StringBuilder text = new StringBuilder();
        for (Shortcut shortcut : values()) {
            String keys = shortcut.keysText(mac);
            text.append(keys)
                    .append(" ".repeat(width - keys.length() + 3))
                    .append(shortcut.meaning)
                    .append('\n');
        }
        return text.toString().stripTrailing();
    }

    static boolean isMac() {
        return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("mac");
    }

    private static KeyCodeCombination key(KeyCode code) {
        return new KeyCodeCombination(code);
    }

    private static KeyCodeCombination shift(KeyCode code) {
        return new KeyCodeCombination(code, KeyCombination.SHIFT_DOWN);
    }

    private static KeyCodeCombination shortcut(KeyCode code) {
        return new KeyCodeCombination(code, KeyCombination.SHORTCUT_DOWN);
    }

    private static KeyCodeCombination shortcutShift(KeyCode code) {
        return new KeyCodeCombination(
                code, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN);
    }
}

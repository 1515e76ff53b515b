package io.dynoscope.ui.common;

import javafx.scene.Parent;

/**
 * A dialog of the workbench about a table or a connection — create a table, its time to live, its
 * indexes, delete it, import into it, clone it. The shell shows its content in a window of its own
 * over the workbench (the content closes that window itself when it is done), and calls {@link
 * #close()} when the window closes.
 */
public interface WorkbenchDialog {

    /** What a dialog does. */
    enum Kind {
        CREATE_TABLE("Create table…", true),
        TIME_TO_LIVE("Time to live…", true),
        INDEXES("Indexes…", true),
        DELETE_TABLE("Delete table…", true),
        IMPORT("Import into table…", true),
        /** Reads the table; writes only to the target, which has its own read-only setting. */
        CLONE("Clone table…", false);

        private final String title;
        private final boolean writes;

        Kind(String title, boolean writes) {
            this.title = title;
            this.writes = writes;
        }

        /** What the menus call it. */
        public String title() {
            return title;
        }

        /** Whether it writes through the connection it was opened on (refused when read-only). */
        public boolean writes() {
            return writes;
        }

        /** Whether it is about one table (all but creating one). */
        public boolean aboutTable() {
            return this != CREATE_TABLE;
        }
    }

    /** The window's title. */
    String title();

    Parent content();

    /**
     * Whether what the dialog did may have added or removed tables (the table list is read again).
     */
    boolean tablesChanged();

    /** Stops the dialog's work; called when its window closes. */
    void close();
}

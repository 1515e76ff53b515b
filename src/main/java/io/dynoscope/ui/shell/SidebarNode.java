package io.dynoscope.ui.shell;

import io.dynoscope.core.table.SecondaryIndex;

/** What a line of the sidebar's tree is, besides a connection (a {@link ConnectionEntry}). */
sealed interface SidebarNode {

    /** The title of the sidebar's section of recently opened tables. */
    String RECENT = "Recent";

    /**
     * The Recent section's one line before any table was opened: the section is there from the
     * start, so the first table opened takes this line's place instead of pushing the tree down.
     */
    String NO_RECENT = "Tables you open show here";

    /** The line under which the Recent section folds the tables opened before the last few. */
    record OlderRecent(int count) implements SidebarNode {
        @Override
        public String toString() {
            return count + " more";
        }
    }

    /** A table of the active connection. */
    record Table(String table) implements SidebarNode {
        @Override
        public String toString() {
            return table;
        }
    }

    /** An index of a table. */
    record Index(String table, SecondaryIndex index) implements SidebarNode {}

    /** A recently opened table, under the Recent section. */
    record Recent(ShellViewModel.RecentTable recent) implements SidebarNode {}
}

package io.dynoscope.ui.shell;

import io.dynoscope.core.table.SecondaryIndex;

/** What a line of the sidebar's tree is, besides a connection (a {@link ConnectionEntry}). */
sealed interface SidebarNode {

    /** The title of the sidebar's section of recently opened tables. */
    String RECENT = "Recent";

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

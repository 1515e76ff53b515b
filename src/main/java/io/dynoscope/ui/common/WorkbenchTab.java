package io.dynoscope.ui.common;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.Node;

/**
 * One tab of the workbench's main area — a table, a SQL console, a table model, a partitions
 * report. The shell shows its content, forwards the menu bar's and the keyboard's actions to the
 * active tab, shows its figures in the status bar, and reopens it on the next start.
 */
public interface WorkbenchTab {

    /** What a tab is, so the shell can reopen it. */
    enum Kind {
        TABLE,
        SQL_CONSOLE,
        TABLE_MODEL,
        PARTITIONS
    }

    /** What the menu bar and the keyboard ask of the active tab. */
    enum Action {
        RUN,
        CANCEL,
        LOAD_MORE,
        FOCUS_INPUT,
        DESCRIBE,
        COLLAPSE_ALL,
        EXPAND_ALL,
        EXPORT_ALL,
        EXPORT_SELECTION,
        REFRESH,
        /** Show a Scan's item collections by partition key value. */
        ORDER_BY_PARTITION_KEY,
        /** Show the item collections in the order the read met them. */
        ORDER_AS_READ,
        /** Edit the selected item. */
        EDIT_ITEM,
        /** Start a new item (in the selected item's collection). */
        NEW_ITEM,
        /** Start a copy of the selected item under a new key. */
        DUPLICATE_ITEM,
        /** Delete the selected items, after confirming which. */
        DELETE_SELECTION,
        /** Find text in the loaded rows, without a read. */
        FIND_IN_ROWS,
        /** Show the saved reads and the history of reads. */
        SAVED_READS,
        /** Migrate the table from its current model to the edited one (the Model tab). */
        MIGRATE
    }

    Kind kind();

    /** The tab's title: the table's name, or what the tab shows. */
    String title();

    /** The title as it changes (a tab whose title never changes keeps the default). */
    default ReadOnlyStringProperty titleProperty() {
        return new ReadOnlyStringWrapper(title()).getReadOnlyProperty();
    }

    /** The table the tab is about, or null. */
    String table();

    Node content();

    boolean supports(Action action);

    void perform(Action action);

    /** What the last request of this tab did, for the status bar. */
    ReadOnlyStringProperty lastReadProperty();

    /** The exact figures of the last request (the status bar line's tooltip), or empty. */
    default ReadOnlyStringProperty lastReadFiguresProperty() {
        return NO_FIGURES;
    }

    /** The figures of a tab that has none to show. */
    ReadOnlyStringProperty NO_FIGURES = new ReadOnlyStringWrapper("").getReadOnlyProperty();

    /** What the tab holds and cost in all, for the status bar. */
    ReadOnlyStringProperty totalsProperty();

    /** Whether work of the tab is running (the status bar shows progress and cancel). */
    ReadOnlyBooleanProperty busyProperty();

    /** Stops the tab's work; called when it closes. */
    void close();
}

package io.dynoscope.ui.grid;

import io.dynoscope.core.table.ReadStatistics;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.StringProperty;

/**
 * A table tab's two texts in the status bar: what the last read (or write) did, and what the tab
 * holds and what all its reads cost, the drift inspector's included.
 */
final class StatusLine {

    private final ReadOnlyStringWrapper lastRead = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper totals = new ReadOnlyStringWrapper("");
    private ReadStatistics tabTotals = ReadStatistics.NONE;
    // the words of the last read, and of a write shown over them
    private String lastReadWords = "";
    private String writeWords;

    /** Says what is under way ({@code reading saas…}), or nothing. */
    void say(String words) {
        lastRead.set(words);
    }

    /** A read ended: its words, and its cost counted in the tab's total. */
    void read(String words, ReadStatistics cost, long itemsLoaded) {
        tabTotals = tabTotals.plus(cost);
        lastReadWords = words;
        lastRead.set(words);
        totals.set(StatusText.loaded(itemsLoaded, tabTotals));
    }

    /** What a write cost: {@code Saved WS#acme / META · 1 WCU}. */
    void write(String what, double consumedCapacity) {
        writeWords = StatusText.write(what, consumedCapacity);
        lastRead.set(writeWords);
    }

    /** The last read's words again, in place of a write they no longer describe. */
    void forgetWrite() {
        if (lastRead.get().equals(writeWords)) {
            lastRead.set(lastReadWords);
        }
    }

    /** The last read's text, for work that reports into it (an export). */
    StringProperty lastReadText() {
        return lastRead;
    }

    ReadOnlyStringProperty lastReadProperty() {
        return lastRead.getReadOnlyProperty();
    }

    ReadOnlyStringProperty totalsProperty() {
        return totals.getReadOnlyProperty();
    }
}

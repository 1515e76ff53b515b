package io.dynoscope.core.table;

/**
 * Receives pages as they are read. Called on the reading thread; for a parallel Scan, calls are
 * serialised so the listener never sees two pages at once.
 */
@FunctionalInterface
public interface PageListener {
    /**
     * @return true to keep reading, false to stop after this page
     */
    boolean onPage(Page page);
}

package io.dynoscope.ui.grid;

import io.dynoscope.core.collection.CollectionRow;
import io.dynoscope.core.collection.ItemCollection;
import io.dynoscope.core.collection.ItemCollections;
import java.util.AbstractList;
import java.util.List;
import javafx.collections.ObservableListBase;

/**
 * A read-only observable view of the grouped rows for a virtualised TableView. Rows are computed on
 * demand from {@link ItemCollections}, so a million loaded items cost no list of a million rows.
 */
final class CollectionRowList extends ObservableListBase<CollectionRow> {

    private ItemCollections collections;
    private int size;

    void show(ItemCollections newCollections) {
        collections = newCollections;
        int oldSize = size;
        size = collections == null ? 0 : collections.rowCount();
        beginChange();
        if (oldSize > 0) {
            nextRemove(0, new Placeholders(oldSize));
        }
        if (size > 0) {
            nextAdd(0, size);
        }
        endChange();
    }

    /**
     * Tells listeners the rows changed after a page arrived or collections folded. Reported as rows
     * added or removed at the end, never as a full replacement: a full replacement costs listeners
     * time in proportion to all rows on every page (seconds at a million rows). The table re-reads
     * the rows it shows whenever the row count changes, so shifted rows are displayed correctly.
     */
    void refresh() {
        int oldSize = size;
        size = collections == null ? 0 : collections.rowCount();
        if (size == oldSize) {
            return;
        }
        beginChange();
        if (size > oldSize) {
            nextAdd(oldSize, size);
        } else {
            nextRemove(size, new Placeholders(oldSize - size));
        }
        endChange();
    }

    /**
     * The header row of the collection after (or before) the one containing {@code fromRow}, or -1.
     */
    int neighbourHeader(int fromRow, boolean forward) {
        if (collections == null || collections.collectionCount() == 0) {
            return -1;
        }
        List<ItemCollection> all = collections.collections();
        int current = -1;
        if (fromRow >= 0 && fromRow < size) {
            ItemCollection here = get(fromRow).collection();
            current = all.indexOf(here);
        }
        int next = forward ? current + 1 : (current <= 0 ? 0 : current - 1);
        if (!forward && current >= 0 && fromRow != collections.headerRow(all.get(current))) {
            next = current; // from inside a block, "previous" goes to its own header first
        }
        if (next < 0 || next >= all.size()) {
            return -1;
        }
        return collections.headerRow(all.get(next));
    }

    @Override
    public CollectionRow get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException(index);
        }
        return collections.row(index);
    }

    @Override
    public int size() {
        return size;
    }

    /** Stands for the removed rows without materialising them; listeners here only use its size. */
    private static final class Placeholders extends AbstractList<CollectionRow> {
        private final int size;

        Placeholders(int size) {
            this.size = size;
        }

        @Override
        public CollectionRow get(int index) {
            return null;
        }

        @Override
        public int size() {
            return size;
        }
    }
}

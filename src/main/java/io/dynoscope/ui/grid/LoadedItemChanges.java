package io.dynoscope.ui.grid;

import io.dynoscope.core.collection.CollectionRow;
import io.dynoscope.core.collection.ItemCollections;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.read.ReadMode;
import io.dynoscope.service.read.ReadRequest;
import io.dynoscope.service.write.ItemChange;
import java.util.List;
import java.util.Map.Entry;

/**
 * What a write made elsewhere (the inspector, the expression builder) changes in the loaded rows:
 * the saved item in place of the loaded one, or added to a read it belongs to; a deleted one gone.
 * No item is copied, so a million rows stay cheap.
 */
final class LoadedItemChanges {

    /** What this needs of its grid. */
    interface Grid {
        TableInfo tableInfo();

        /** The loaded collections, or null before the first page. */
        ItemCollections collections();

        /** The read that loaded them, or null. */
        ReadRequest lastRead();

        Item selectedItem();

        /** Shows the rows anew (the view's selection goes; {@link #selectRow} brings it back). */
        void showRows();

        void selectRow(int row);

        List<CollectionRow> rows();
    }

    private final Grid grid;

    LoadedItemChanges(Grid grid) {
        this.grid = grid;
    }

    /**
     * @param selectSaved whether the saved item becomes the selection (the person is looking at
     *     it); otherwise the row the person selected stays selected
     */
    void apply(ItemChange change, boolean selectSaved) {
        if (change instanceof ItemChange.Saved saved) {
            saved(saved.item(), selectSaved);
        } else if (change instanceof ItemChange.Deleted deleted) {
            deleted(deleted.key());
        }
    }

    void saved(Item item, boolean selectIt) {
        TableInfo info = grid.tableInfo();
        ItemCollections collections = grid.collections();
        if (info == null || collections == null) {
            return;
        }
        Key key = info.keySchema().keyOf(item);
        Item selected = grid.selectedItem();
        Key selectedKey = selected == null ? null : info.keySchema().keyOf(selected);
        boolean removed = removeLoaded(collections, key, item);
        // an index view shows the item only while it still has the index's key attributes
        KeySchema view = collections.options().keySchema();
        boolean inView =
                item.attributes().containsKey(view.partitionKey())
                        && view.sortKey().map(item.attributes()::containsKey).orElse(true);
        if (inView && (removed || belongsToLastRead(item))) {
            collections.addPage(List.of(item));
        }
        if (removed || inView) {
            grid.showRows();
        }
        Key toSelect = selectIt ? key : selectedKey;
        if (toSelect != null) {
            select(toSelect);
        }
    }

    void deleted(Key key) {
        ItemCollections collections = grid.collections();
        if (grid.tableInfo() != null
                && collections != null
                && removeLoaded(collections, key, null)) {
            grid.showRows();
        }
    }

    /**
     * Removes the loaded item with this table key, looking first in the collection the saved item
     * belongs to (its partition in the current view).
     */
    private static boolean removeLoaded(ItemCollections collections, Key key, Item saved) {
        String viewPartitionKey = collections.options().keySchema().partitionKey();
        AttributeValue likely = saved == null ? null : saved.attributes().get(viewPartitionKey);
        return collections.remove(likely, loaded -> hasKey(loaded, key));
    }

    private static boolean hasKey(Item item, Key key) {
        for (Entry<String, AttributeValue> part : key.attributes().entrySet()) {
            if (!part.getValue().equals(item.attributes().get(part.getKey()))) {
                return false;
            }
        }
        return true;
    }

    private boolean belongsToLastRead(Item item) {
        ReadRequest last = grid.lastRead();
        if (last == null) {
            return false;
        }
        if (last.mode() == ReadMode.SCAN) {
            return last.filter() == null;
        }
        return last.keyCondition().sortKey().isEmpty()
                && last.filter() == null
                && last.keyCondition()
                        .partitionValue()
                        .equals(item.attributes().get(last.keyCondition().keys().partitionKey()));
    }

    private void select(Key key) {
        KeySchema keys = grid.tableInfo().keySchema();
        List<CollectionRow> rows = grid.rows();
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i) instanceof CollectionRow.ItemRow row
                    && keys.keyOf(row.item()).equals(key)) {
                grid.selectRow(i);
                return;
            }
        }
    }
}

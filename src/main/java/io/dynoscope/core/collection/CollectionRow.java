package io.dynoscope.core.collection;

import io.dynoscope.core.item.Item;

/** One row of the item-collection grid: a collection's header, or one of its items. */
public sealed interface CollectionRow permits CollectionRow.Header, CollectionRow.ItemRow {

    /** The collection this row belongs to. */
    ItemCollection collection();

    /** The header of a collection: its partition key value, item count, size and warnings. */
    record Header(ItemCollection collection) implements CollectionRow {}

    /**
     * One item of a collection.
     *
     * @param indexInCollection the item's position in its collection's display order
     * @param parent whether this is the collection's parent item
     */
    record ItemRow(ItemCollection collection, int indexInCollection, Item item, boolean parent)
            implements CollectionRow {}
}

package io.dynoscope.service.write;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;

/**
 * What a write changed in a table, so that every view showing the item (the grid, the inspector)
 * can update it.
 */
public sealed interface ItemChange {

    String table();

    /**
     * The item was written (edited, created, duplicated, or found changed by someone else); {@code
     * item} is it now.
     */
    record Saved(String table, Item item) implements ItemChange {}

    /** The item with this key no longer exists. */
    record Deleted(String table, Key key) implements ItemChange {}
}

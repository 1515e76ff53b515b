package io.dynoscope.ui.item;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;

/**
 * What the inspector changed in a table, so that views showing the item (the grid) can update their
 * row.
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

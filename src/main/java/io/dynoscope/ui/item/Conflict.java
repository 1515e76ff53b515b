package io.dynoscope.ui.item;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemDiff;

/**
 * A save that was refused because the item changed after the user saw it.
 *
 * @param seen the version the edit started from, or null when creating
 * @param mine the user's version, not written
 * @param current the version in the table now, or null when the item no longer exists
 */
public record Conflict(Item seen, Item mine, Item current) {

    /** What someone else changed between what the user saw and now. */
    public ItemDiff theirChanges() {
        return ItemDiff.between(seen, current);
    }

    /** What writing the user's version over the current one would change. */
    public ItemDiff mineOverCurrent() {
        return ItemDiff.between(current, mine);
    }
}

package io.dynoscope.ui.grid;

import io.dynoscope.core.collection.ItemCollection;
import io.dynoscope.core.collection.ItemCollections;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ValueText;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * Finding text in a grid's loaded rows: the items with a value that contains it (any case), in grid
 * order, the match the grid is on ({@code 3 of 12}), and moving between matches. No request is
 * sent.
 */
public final class RowFinder {

    /** What the finder needs of its grid. */
    interface Grid {
        /** The loaded collections, or null before the first page. */
        ItemCollections collections();

        /** Unfolds a collection so that a match in it can be shown. */
        void unfold(ItemCollection collection);

        /** Asks the rows to show the matches again. */
        void restyle();

        /** Selects a grid row and brings it into view. */
        void selectRow(int row);
    }

    /** One item that matches, and the collection it is in. */
    private record Match(ItemCollection collection, Item item) {}

    private final Grid grid;
    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private int position = -1;
    private List<Match> matches = List.of();
    private Set<Item> matched = Collections.newSetFromMap(new IdentityHashMap<>());

    RowFinder(Grid grid) {
        this.grid = grid;
    }

    /**
     * Finds the loaded items with a value containing {@code wanted} (any case) and selects the
     * first; an empty text ends the find.
     */
    public void find(String wanted) {
        text.set(wanted == null ? "" : wanted);
        refreshMatches();
        position = -1;
        if (!matches.isEmpty()) {
            goTo(0);
        } else {
            updateStatus();
        }
        grid.restyle();
    }

    /** Selects the next match (after the last, the first). */
    public void next() {
        if (!matches.isEmpty()) {
            goTo((position + 1) % matches.size());
        }
    }

    /** Selects the previous match (before the first, the last). */
    public void previous() {
        if (!matches.isEmpty()) {
            goTo(position <= 0 ? matches.size() - 1 : position - 1);
        }
    }

    /** Whether an item is one the find matched. */
    public boolean isMatch(Item item) {
        return matched.contains(item);
    }

    /** Whether an item is the match the find is on. */
    public boolean isCurrent(Item item) {
        return position >= 0 && position < matches.size() && matches.get(position).item() == item;
    }

    /** Whether a value contains what the find looks for (any case). */
    public boolean valueMatches(AttributeValue value) {
        String wanted = text.get();
        return !wanted.isEmpty()
                && value != null
                && ValueText.of(value)
                        .toLowerCase(Locale.ROOT)
                        .contains(wanted.toLowerCase(Locale.ROOT));
    }

    /** Finds again after the loaded rows changed (a page came, the order changed). */
    void refresh() {
        if (!text.get().isEmpty()) {
            refreshMatches();
        }
    }

    private void refreshMatches() {
        Item current =
                position >= 0 && position < matches.size() ? matches.get(position).item() : null;
        List<Match> found = new ArrayList<>();
        Set<Item> items = Collections.newSetFromMap(new IdentityHashMap<>());
        ItemCollections collections = grid.collections();
        if (!text.get().isEmpty() && collections != null) {
            for (ItemCollection collection : collections.collections()) {
                for (Item item : collection.items()) {
                    if (item.attributes().values().stream().anyMatch(this::valueMatches)) {
                        found.add(new Match(collection, item));
                        items.add(item);
                    }
                }
            }
        }
        matches = found;
        matched = items;
        position = -1;
        for (int i = 0; current != null && i < found.size(); i++) {
            if (found.get(i).item() == current) {
                position = i;
            }
        }
        updateStatus();
    }

    private void goTo(int at) {
        position = at;
        Match match = matches.get(at);
        if (match.collection().isCollapsed()) {
            grid.unfold(match.collection());
        }
        int row = grid.collections().headerRow(match.collection()) + 1;
        List<Item> items = match.collection().items();
        for (int i = 0; i < items.size(); i++) {
            if (items.get(i) == match.item()) {
                row += i;
                break;
            }
        }
        updateStatus();
        grid.restyle();
        grid.selectRow(row);
    }

    private void updateStatus() {
        if (text.get().isEmpty()) {
            status.set("");
        } else if (matches.isEmpty()) {
            status.set("no match in the loaded rows");
        } else {
            status.set(
                    String.format(
                            Locale.ROOT, "%,d of %,d", Math.max(1, position + 1), matches.size()));
        }
    }

    /** What the find looks for; empty when no find is on. */
    public ReadOnlyStringProperty textProperty() {
        return text.getReadOnlyProperty();
    }

    /** {@code 3 of 12}, or that nothing matched; empty when no find is on. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }
}

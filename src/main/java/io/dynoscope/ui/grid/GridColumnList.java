package io.dynoscope.ui.grid;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.ObservableSet;

/**
 * The attributes a grid has columns for: those of what was read, key attributes first and the
 * others as they arrived, in the order the person dragged them to, without those the person hid.
 */
final class GridColumnList {

    private final ObservableList<String> columns = FXCollections.observableArrayList();
    private final Set<String> known = new LinkedHashSet<>();
    private final ObservableList<String> order = FXCollections.observableArrayList();
    private final ObservableSet<String> hidden = FXCollections.observableSet();

    /** A new read's columns: the keys of what it reads, then the table's own keys. */
    void startWith(KeySchema view, KeySchema table) {
        known.clear();
        known.addAll(view.attributes());
        known.addAll(table.attributes());
        columns.setAll(known);
    }

    /** Adds the attributes of these items not seen yet, in one change (the view adds once). */
    void addFrom(List<Item> items) {
        List<String> fresh = new ArrayList<>();
        for (Item item : items) {
            for (String name : item.attributes().keySet()) {
                if (known.add(name)) {
                    fresh.add(name);
                }
            }
        }
        if (!fresh.isEmpty()) {
            columns.addAll(fresh);
        }
    }

    ObservableList<String> columns() {
        return columns;
    }

    ObservableList<String> order() {
        return order;
    }

    ObservableSet<String> hidden() {
        return hidden;
    }

    /** Those the person placed, in that order, then the others as they arrived. */
    List<String> arranged() {
        List<String> arranged = new ArrayList<>(order.stream().filter(columns::contains).toList());
        columns.stream().filter(name -> !arranged.contains(name)).forEach(arranged::add);
        return arranged;
    }

    /** Records the order the person dragged the shown columns into. */
    void moved(List<String> shownOrder) {
        List<String> moved = new ArrayList<>(shownOrder);
        order.stream().filter(name -> !moved.contains(name)).forEach(moved::add);
        if (!moved.equals(order)) {
            order.setAll(moved);
        }
    }
}

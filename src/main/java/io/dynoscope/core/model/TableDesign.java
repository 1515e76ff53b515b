package io.dynoscope.core.model;

import io.dynoscope.core.item.Item;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One table as a model document holds it: its model, how it is billed, and its example items (the
 * planner's examples, NoSQL Workbench's {@code TableData}, or items sampled from a live table).
 */
public record TableDesign(TableModel model, Capacity capacity, List<Item> items) {

    public TableDesign {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(capacity, "capacity");
        items = List.copyOf(items);
    }

    /** A design billed on demand. */
    public static TableDesign of(TableModel model, List<Item> items) {
        return new TableDesign(model, Capacity.ON_DEMAND, items);
    }

    public String table() {
        return model.table();
    }

    /** The items that are of {@code entity} (the first entity whose templates they match). */
    public List<Item> itemsOf(String entity) {
        return items.stream()
                .filter(i -> model.entityOf(i).map(e -> e.name().equals(entity)).orElse(false))
                .toList();
    }

    /** The items that match no entity. */
    public List<Item> unassignedItems() {
        return items.stream().filter(i -> model.entityOf(i).isEmpty()).toList();
    }

    public TableDesign withModel(TableModel value) {
        return new TableDesign(value, capacity, items);
    }

    public TableDesign withItems(List<Item> value) {
        return new TableDesign(model, capacity, value);
    }

    public TableDesign withCapacity(Capacity value) {
        return new TableDesign(model, value, items);
    }

    /** The entity an item belongs to, if any. */
    public Optional<Entity> entityOf(Item item) {
        return model.entityOf(item);
    }
}

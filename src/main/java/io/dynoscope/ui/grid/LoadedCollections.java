package io.dynoscope.ui.grid;

import io.dynoscope.core.collection.CollectionOrder;
import io.dynoscope.core.collection.CollectionRow;
import io.dynoscope.core.collection.ItemCollection;
import io.dynoscope.core.collection.ItemCollections;
import io.dynoscope.core.collection.ItemOrder;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.EpochTime;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.model.EntityLabels;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.read.ReadRequest;
import io.dynoscope.service.write.ItemChange;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ObservableList;

/**
 * The item collections a grid has loaded and how they show: their rows (computed on demand, so a
 * million items cost no list of a million rows), folds, the collections' order and the items' order
 * inside them, the selection, finding in them, each row's entity, what a value means as a time, and
 * what writes made elsewhere change in them. No request is sent from here.
 */
public final class LoadedCollections implements RowFinder.Grid, LoadedItemChanges.Grid {

    private final Supplier<TableInfo> tableInfo;
    private final Supplier<ReadRequest> lastRead;
    private final CollectionRowList rows = new CollectionRowList();
    private final ReadOnlyIntegerWrapper rowsRestyled = new ReadOnlyIntegerWrapper();
    private final ReadOnlyObjectWrapper<Item> selectedItem = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyIntegerWrapper rowToSelect = new ReadOnlyIntegerWrapper(-1);
    private final ReadOnlyObjectWrapper<CollectionOrder> collectionOrder =
            new ReadOnlyObjectWrapper<>(CollectionOrder.ARRIVAL);
    private final ReadOnlyObjectWrapper<ItemOrder> itemOrder = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<EntityLabels> entityLabels = new ReadOnlyObjectWrapper<>();
    private final RowFinder finder = new RowFinder(this);
    private final LoadedItemChanges changes = new LoadedItemChanges(this);
    private ItemCollections collections;

    /**
     * @param tableInfo the table's description, once read
     * @param lastRead the read that loaded the collections, or null
     */
    LoadedCollections(Supplier<TableInfo> tableInfo, Supplier<ReadRequest> lastRead) {
        this.tableInfo = tableInfo;
        this.lastRead = lastRead;
    }

    /** Shows a new read's collections, in the orders the person chose. */
    void show(ItemCollections next) {
        collections = next;
        // the person may have ordered the collections since this read started
        next.setCollectionOrder(collectionOrder.get());
        next.setItemOrder(itemOrder.get());
        rows.show(next);
    }

    /** The rows grew or shrank: a page arrived. */
    void refreshRows() {
        rows.refresh();
    }

    /** The collections as read, or null before the first page. */
    @Override
    public ItemCollections collections() {
        return collections;
    }

    public ObservableList<CollectionRow> rows() {
        return rows;
    }

    /** Every loaded item, in grid order (collapsed collections included). */
    public List<Item> items() {
        List<Item> all = new ArrayList<>();
        if (collections != null) {
            for (ItemCollection c : collections.collections()) {
                all.addAll(c.items());
            }
        }
        return all;
    }

    // ---- folds and orders ----------------------------------------------------------------------

    public void toggleCollapsed(ItemCollection collection) {
        if (collections != null) {
            collections.toggleCollapsed(collection);
            restyle();
        }
    }

    public void collapseAll() {
        if (collections != null) {
            collections.collapseAll();
            restyle();
        }
    }

    public void expandAll() {
        if (collections != null) {
            collections.expandAll();
            restyle();
        }
    }

    @Override
    public void unfold(ItemCollection collection) {
        collections.setCollapsed(collection, false);
        rows.refresh();
    }

    /** Orders the collections by arrival (a Scan's hash order) or by partition key. */
    public void orderCollections(CollectionOrder order) {
        collectionOrder.set(order);
        if (collections != null) {
            collections.setCollectionOrder(order);
            rows.show(collections);
            restyle();
        }
    }

    public ReadOnlyObjectProperty<CollectionOrder> collectionOrderProperty() {
        return collectionOrder.getReadOnlyProperty();
    }

    /**
     * Orders each collection's items by an attribute (the collection stays one block, its parent
     * first), or by the sort key again with null. No request is sent; later reads keep the order.
     */
    public void orderItems(ItemOrder order) {
        itemOrder.set(order);
        if (collections != null) {
            collections.setItemOrder(order);
            finder.refresh();
            restyle();
        }
    }

    /** The order of the items inside the collections, or null for the sort key's. */
    public ReadOnlyObjectProperty<ItemOrder> itemOrderProperty() {
        return itemOrder.getReadOnlyProperty();
    }

    /**
     * The header row of the collection after (or before) the one containing {@code fromRow}, or -1.
     */
    public int neighbourCollectionRow(int fromRow, boolean forward) {
        return rows.neighbourHeader(fromRow, forward);
    }

    /**
     * Counts the times the rows changed how they look without rows coming or going — a fold, the
     * collections' order, a header's figures once a read ends — so that the view redraws the rows
     * it shows.
     */
    public ReadOnlyIntegerProperty rowsRestyledProperty() {
        return rowsRestyled.getReadOnlyProperty();
    }

    @Override
    public void restyle() {
        rows.refresh();
        rowsRestyled.set(rowsRestyled.get() + 1);
    }

    // ---- the selection and finding -------------------------------------------------------------

    public void select(CollectionRow row) {
        selectedItem.set(row instanceof CollectionRow.ItemRow itemRow ? itemRow.item() : null);
    }

    public ReadOnlyObjectProperty<Item> selectedItemProperty() {
        return selectedItem.getReadOnlyProperty();
    }

    @Override
    public Item selectedItem() {
        return selectedItem.get();
    }

    @Override
    public void selectRow(int row) {
        rowToSelect.set(-1);
        rowToSelect.set(row);
    }

    /** A row the view should select (after an edit put the saved item in place), or -1. */
    public ReadOnlyIntegerProperty rowToSelectProperty() {
        return rowToSelect.getReadOnlyProperty();
    }

    /** Finds text in the loaded rows, without a read. */
    public RowFinder finder() {
        return finder;
    }

    // ---- what rows and values mean -------------------------------------------------------------

    /** Labels rows with the entities of the table's model (none with null). */
    void labelWith(TableModel model) {
        entityLabels.set(model == null ? null : new EntityLabels(model));
        restyle();
    }

    /** The entity labels of the table's model, or null without one. */
    public ReadOnlyObjectProperty<EntityLabels> entityLabelsProperty() {
        return entityLabels.getReadOnlyProperty();
    }

    /** The entity of a row's item, when the table has a model and the item matches an entity. */
    public Optional<EntityLabels.Label> entityOf(Item item) {
        EntityLabels labels = entityLabels.get();
        return labels == null ? Optional.empty() : labels.labelOf(item);
    }

    /**
     * What a value means as a time, for its tooltip: the date of an epoch number, and for the
     * table's TTL attribute the time left ({@link EpochTime#note}).
     */
    public Optional<String> valueNote(String attribute, AttributeValue value) {
        TableInfo info = tableInfo.get();
        boolean ttl = info != null && info.ttlAttribute().map(attribute::equals).orElse(false);
        return EpochTime.note(value, ttl, Instant.now());
    }

    // ---- changes made elsewhere (the inspector, a write built in the expression builder) -------

    /**
     * Shows what a write changed: the item in place of the loaded one, or gone.
     *
     * @param selectSaved whether the saved item becomes the selection (the person is looking at
     *     it); otherwise the row the person selected meanwhile stays selected
     */
    public void itemChanged(ItemChange change, boolean selectSaved) {
        changes.apply(change, selectSaved);
    }

    @Override
    public TableInfo tableInfo() {
        return tableInfo.get();
    }

    @Override
    public ReadRequest lastRead() {
        return lastRead.get();
    }

    @Override
    public void showRows() {
        rows.show(collections);
    }
}

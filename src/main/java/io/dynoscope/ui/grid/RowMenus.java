package io.dynoscope.ui.grid;

import static io.dynoscope.ui.common.ViewBindings.copy;

import io.dynoscope.core.collection.CollectionOrder;
import io.dynoscope.core.collection.CollectionRow;
import io.dynoscope.core.collection.ItemCollection;
import io.dynoscope.core.collection.ItemOrder;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.ValueText;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;

/**
 * The grid's row menus — an item's (copy, filter by the value under the pointer, open its
 * collection, order items, edit, duplicate, delete) and a collection header's (fold, copy its key,
 * query it, export it, order collections) — and copying rows to the clipboard.
 */
final class RowMenus {

    static final KeyCombination COPY =
            new KeyCodeCombination(KeyCode.C, KeyCombination.SHORTCUT_DOWN);
    static final KeyCombination COPY_KEY =
            new KeyCodeCombination(
                    KeyCode.C, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN);

    /** The user data of the entity column, which no attribute name can equal. */
    static final String ENTITY_COLUMN = "\u0000entity";

    private final ItemGridViewModel viewModel;
    private final TableView<CollectionRow> grid;
    private final Consumer<ItemCollection> fold;
    private final Runnable exportSelection;

    /**
     * @param fold folds or unfolds a collection, keeping the selection where it was
     * @param exportSelection asks where to and exports the selected items
     */
    RowMenus(
            ItemGridViewModel viewModel,
            TableView<CollectionRow> grid,
            Consumer<ItemCollection> fold,
            Runnable exportSelection) {
        this.viewModel = viewModel;
        this.grid = grid;
        this.fold = fold;
        this.exportSelection = exportSelection;
    }

    /** The menu of an item row, opened over {@code attribute}'s cell (its value filters). */
    ContextMenu itemMenu(Item item, String attribute) {
        MenuItem copyJson = new MenuItem("Copy as JSON");
        copyJson.setAccelerator(COPY);
        copyJson.setOnAction(e -> copyItems(selectedOr(item), false));
        MenuItem copyDynamo = new MenuItem("Copy as DynamoDB JSON");
        copyDynamo.setOnAction(e -> copyItems(selectedOr(item), true));
        MenuItem copyKey = new MenuItem("Copy key");
        copyKey.setAccelerator(COPY_KEY);
        copyKey.setOnAction(e -> copy(viewModel.keyText(item)));
        MenuItem edit = new MenuItem("Edit…");
        edit.setAccelerator(new KeyCodeCombination(KeyCode.ENTER));
        edit.setOnAction(e -> viewModel.requestEdit(item, false));
        MenuItem duplicate = new MenuItem("Duplicate…");
        duplicate.setOnAction(e -> viewModel.requestEdit(item, true));
        MenuItem delete = new MenuItem("Delete…");
        delete.setAccelerator(new KeyCodeCombination(KeyCode.DELETE));
        delete.setOnAction(e -> viewModel.requestDelete(selectedOr(item)));
        ContextMenu menu = new ContextMenu(copyJson, copyDynamo, copyKey, new SeparatorMenuItem());
        AttributeValue value = item.attributes().get(attribute);
        if (value != null && ValueText.isScalar(value)) {
            MenuItem filterBy =
                    new MenuItem("Filter by " + attribute + " = " + ValueText.of(value));
            filterBy.setOnAction(e -> viewModel.filterBy(attribute, value));
            menu.getItems().add(filterBy);
        }
        MenuItem open = new MenuItem("Open this collection");
        open.setOnAction(e -> viewModel.openCollectionOf(item));
        menu.getItems().addAll(open, new SeparatorMenuItem());
        menu.getItems().addAll(orderItemsMenu(attribute));
        menu.getItems().addAll(new SeparatorMenuItem(), edit, duplicate, delete);
        // a read-only connection takes no writes
        boolean readOnly = viewModel.readOnly();
        edit.setDisable(readOnly);
        duplicate.setDisable(readOnly);
        delete.setDisable(readOnly);
        return menu;
    }

    /**
     * Ordering the items of every collection by the attribute under the pointer, or back by the
     * sort key; the header of a column does the same with a click.
     */
    private List<MenuItem> orderItemsMenu(String attribute) {
        List<MenuItem> items = new ArrayList<>();
        if (attribute != null && !attribute.isEmpty() && !ENTITY_COLUMN.equals(attribute)) {
            MenuItem ascending = new MenuItem("Order items by " + attribute + " ↑");
            ascending.setOnAction(
                    e -> viewModel.loaded().orderItems(ItemOrder.ascending(attribute)));
            MenuItem descending = new MenuItem("Order items by " + attribute + " ↓");
            descending.setOnAction(
                    e -> viewModel.loaded().orderItems(ItemOrder.descending(attribute)));
            items.add(ascending);
            items.add(descending);
        }
        MenuItem bySortKey = new MenuItem("Order items by sort key (as read)");
        bySortKey.setDisable(viewModel.loaded().itemOrderProperty().get() == null);
        bySortKey.setOnAction(e -> viewModel.loaded().orderItems(null));
        items.add(bySortKey);
        return items;
    }

    /** The menu of a collection's header row. */
    ContextMenu headerMenu(ItemCollection collection) {
        MenuItem fold = new MenuItem(collection.isCollapsed() ? "Unfold" : "Fold");
        fold.setAccelerator(new KeyCodeCombination(KeyCode.SPACE));
        fold.setOnAction(e -> this.fold.accept(collection));
        MenuItem copyKey = new MenuItem("Copy partition key");
        copyKey.setOnAction(e -> copy(ValueText.of(collection.partitionKey())));
        MenuItem open = new MenuItem("Query this collection");
        open.setOnAction(e -> viewModel.openCollection(collection.partitionKey()));
        MenuItem exportJson = new MenuItem("Export collection as JSON…");
        exportJson.setOnAction(e -> exportCollection(collection));
        MenuItem byKey = new MenuItem("Order collections by partition key");
        byKey.setOnAction(e -> viewModel.loaded().orderCollections(CollectionOrder.PARTITION_KEY));
        MenuItem byArrival = new MenuItem("Order collections as read");
        byArrival.setOnAction(e -> viewModel.loaded().orderCollections(CollectionOrder.ARRIVAL));
        byKey.setDisable(
                viewModel.loaded().collectionOrderProperty().get()
                        == CollectionOrder.PARTITION_KEY);
        byArrival.setDisable(
                viewModel.loaded().collectionOrderProperty().get() == CollectionOrder.ARRIVAL);
        MenuItem foldAll = new MenuItem("Fold all");
        foldAll.setOnAction(e -> viewModel.loaded().collapseAll());
        MenuItem unfoldAll = new MenuItem("Unfold all");
        unfoldAll.setOnAction(e -> viewModel.loaded().expandAll());
        return new ContextMenu(
                fold,
                foldAll,
                unfoldAll,
                new SeparatorMenuItem(),
                copyKey,
                open,
                exportJson,
                new SeparatorMenuItem(),
                byKey,
                byArrival);
    }

    private void exportCollection(ItemCollection collection) {
        grid.getSelectionModel().clearSelection();
        grid.getSelectionModel().select(viewModel.collections().headerRow(collection));
        exportSelection.run();
    }

    private List<Item> selectedOr(Item item) {
        List<Item> selected = selectedItems();
        return selected.contains(item) ? selected : List.of(item);
    }

    static void copyItems(List<Item> items, boolean typed) {
        copy(
                items.stream()
                        .map(i -> typed ? ItemJson.DYNAMODB.write(i) : ItemJson.PLAIN.write(i))
                        .collect(Collectors.joining("\n")));
    }

    /** The selected items, a selected header's whole collection included. */
    List<Item> selectedItems() {
        List<Item> items = new ArrayList<>();
        for (CollectionRow row : grid.getSelectionModel().getSelectedItems()) {
            if (row instanceof CollectionRow.ItemRow itemRow) {
                items.add(itemRow.item());
            } else if (row instanceof CollectionRow.Header header) {
                items.addAll(header.collection().items());
            }
        }
        return items;
    }
}

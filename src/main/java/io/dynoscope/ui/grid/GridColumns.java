package io.dynoscope.ui.grid;

import io.dynoscope.core.collection.CollectionRow;
import io.dynoscope.core.collection.ItemOrder;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.ValueText;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ListChangeListener;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableColumn.SortType;
import javafx.scene.control.TableView;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;

/**
 * The grid's columns: the read's attributes in the person's order (a dragged header keeps its
 * place, a hidden column stays hidden), the entity column after the partition key, the sort arrow
 * of the items' order, and the key columns — sized to their values and kept in view while the other
 * attributes scroll ({@link FrozenColumns}).
 */
final class GridColumns {

    /** How many loaded rows a key column is measured on: a first page's worth. */
    private static final int ROWS_MEASURED = 200;

    private static final double MIN_KEY_WIDTH = 72;
    private static final double MAX_KEY_WIDTH = 360;

    /** The cell's padding and the sort arrow, and on the first column the fold arrow. */
    private static final double CELL_EXTRA = 22;

    private static final double FOLD_ARROW = 22;

    /** The entity chip's rounded ends. */
    private static final double CHIP = 14;

    private static final double ATTRIBUTE_WIDTH = 140;

    private final ItemGridViewModel viewModel;
    private final TableView<CollectionRow> grid;
    private final CollectionCells cells;
    private final FrozenColumns frozen;
    private boolean arranging;
    private boolean showingItemOrder;
    private boolean sized;

    GridColumns(
            ItemGridViewModel viewModel,
            TableView<CollectionRow> grid,
            CollectionCells cells,
            FrozenColumns frozen) {
        this.viewModel = viewModel;
        this.grid = grid;
        this.cells = cells;
        this.frozen = frozen;
    }

    void bind() {
        // a column header orders the items inside each collection, never the rows themselves
        grid.setSortPolicy(table -> orderItemsAsSorted());
        viewModel
                .loaded()
                .itemOrderProperty()
                .addListener((obs, old, order) -> showItemOrder(order));
        viewModel.loaded().entityLabelsProperty().addListener((obs, old, labels) -> rebuild());
        rebuild();
        viewModel.columns().addListener((ListChangeListener<String>) change -> rebuild());
        viewModel.columnOrder().addListener((ListChangeListener<String>) change -> rebuild());
        grid.getColumns()
                .addListener(
                        (ListChangeListener<TableColumn<CollectionRow, ?>>)
                                change -> columnsDragged());
        // a new read's first rows size its key columns; the person's own widths stay after that
        viewModel
                .rows()
                .addListener(
                        (ListChangeListener<CollectionRow>)
                                change -> {
                                    if (viewModel.rows().isEmpty()) {
                                        sized = false;
                                    } else if (!sized) {
                                        sized = true;
                                        sizeKeyColumns();
                                    }
                                });
    }

    /**
     * Shows the read's attributes as columns in the person's order ({@link
     * ItemGridViewModel#arrangedColumns()}), reusing the columns already shown.
     */
    private void rebuild() {
        List<TableColumn<CollectionRow, ?>> existing = new ArrayList<>(grid.getColumns());
        List<TableColumn<CollectionRow, ?>> arranged = new ArrayList<>();
        for (String name : viewModel.arrangedColumns()) {
            arranged.add(
                    existing.stream()
                            .filter(c -> name.equals(c.getUserData()))
                            .findFirst()
                            .orElseGet(() -> attributeColumn(name)));
        }
        if (viewModel.loaded().entityLabelsProperty().get() != null) {
            // after the partition key, whose column carries the collection headers
            arranged.add(
                    Math.min(1, arranged.size()),
                    existing.stream()
                            .filter(c -> RowMenus.ENTITY_COLUMN.equals(c.getUserData()))
                            .findFirst()
                            .orElseGet(this::entityColumn));
        }
        if (!arranged.equals(grid.getColumns())) {
            arranging = true;
            try {
                grid.getColumns().setAll(arranged);
            } finally {
                arranging = false;
            }
            showItemOrder(viewModel.loaded().itemOrderProperty().get());
        }
        freezeKeys();
    }

    /** The leading key columns (and the entity column among them) stay in view. */
    private void freezeKeys() {
        List<String> keys = viewModel.keyColumns();
        List<TableColumn<CollectionRow, ?>> leading = new ArrayList<>();
        for (TableColumn<CollectionRow, ?> column : grid.getColumns()) {
            Object name = column.getUserData();
            if (!keys.contains(name) && !RowMenus.ENTITY_COLUMN.equals(name)) {
                break;
            }
            leading.add(column);
        }
        frozen.freeze(leading);
    }

    /** A drag of a header moves a column: the view model keeps the order. */
    private void columnsDragged() {
        if (arranging) {
            return;
        }
        List<String> shown =
                grid.getColumns().stream()
                        .map(c -> (String) c.getUserData())
                        .filter(name -> !RowMenus.ENTITY_COLUMN.equals(name))
                        .toList();
        // a drag takes the column out and puts it back: only the whole list is an order
        if (shown.size() == viewModel.columns().size() && shown.containsAll(viewModel.columns())) {
            viewModel.columnsMoved(shown);
            freezeKeys();
        }
    }

    private TableColumn<CollectionRow, CollectionRow> attributeColumn(String name) {
        TableColumn<CollectionRow, CollectionRow> column = new TableColumn<>(name);
        column.setUserData(name);
        column.setSortable(true);
        column.setPrefWidth(ATTRIBUTE_WIDTH);
        column.setCellValueFactory(features -> new ReadOnlyObjectWrapper<>(features.getValue()));
        column.setCellFactory(c -> cells.attributeCell(name));
        column.setVisible(!viewModel.hiddenColumns().contains(name));
        column.visibleProperty()
                .addListener(
                        (obs, was, visible) -> {
                            if (visible) {
                                viewModel.hiddenColumns().remove(name);
                            } else {
                                viewModel.hiddenColumns().add(name);
                            }
                        });
        return column;
    }

    /** The entity of each row, from the table's model, as a coloured label. */
    private TableColumn<CollectionRow, CollectionRow> entityColumn() {
        TableColumn<CollectionRow, CollectionRow> column = new TableColumn<>("entity");
        column.setUserData(RowMenus.ENTITY_COLUMN);
        column.setSortable(false);
        column.setPrefWidth(96);
        column.setCellValueFactory(features -> new ReadOnlyObjectWrapper<>(features.getValue()));
        column.setCellFactory(c -> cells.entityCell());
        return column;
    }

    /**
     * Sizes each key column (and the entity column) to its widest value among the first loaded rows
     * and its name, so that the keys take the room they need and the other attributes get the rest.
     */
    private void sizeKeyColumns() {
        List<String> keys = viewModel.keyColumns();
        Text probe = new Text();
        probe.setFont(
                Font.font(
                        Font.getDefault().getFamily(),
                        FontWeight.BOLD,
                        Font.getDefault().getSize()));
        int rows = Math.min(ROWS_MEASURED, viewModel.rows().size());
        for (TableColumn<CollectionRow, ?> column : grid.getColumns()) {
            Object name = column.getUserData();
            boolean entity = RowMenus.ENTITY_COLUMN.equals(name);
            if (!entity && !keys.contains(name)) {
                continue;
            }
            double extra = column == grid.getColumns().get(0) ? FOLD_ARROW : entity ? CHIP : 0;
            double widest = width(probe, column.getText());
            for (int i = 0; i < rows; i++) {
                String text = shownText(viewModel.rows().get(i), name, entity);
                if (!text.isEmpty()) {
                    widest = Math.max(widest, width(probe, text) + extra);
                }
            }
            column.setPrefWidth(
                    Math.max(
                            MIN_KEY_WIDTH,
                            Math.min(MAX_KEY_WIDTH, Math.ceil(widest + CELL_EXTRA))));
        }
    }

    private static double width(Text probe, String text) {
        probe.setText(text);
        return probe.getLayoutBounds().getWidth();
    }

    /** What a key or entity cell of this row shows: its value, or its entity's name. */
    private String shownText(CollectionRow row, Object column, boolean entity) {
        if (!(row instanceof CollectionRow.ItemRow item)) {
            return "";
        }
        if (entity) {
            return viewModel.loaded().entityOf(item.item()).map(label -> label.entity()).orElse("");
        }
        AttributeValue value = item.item().attributes().get((String) column);
        return value == null ? "" : ValueText.of(value);
    }

    /** The header the person clicked orders the items of each collection by that attribute. */
    private boolean orderItemsAsSorted() {
        if (showingItemOrder) {
            return true;
        }
        TableColumn<CollectionRow, ?> first =
                grid.getSortOrder().isEmpty() ? null : grid.getSortOrder().get(0);
        ItemOrder order =
                first == null || RowMenus.ENTITY_COLUMN.equals(first.getUserData())
                        ? null
                        : new ItemOrder(
                                (String) first.getUserData(),
                                first.getSortType() == SortType.DESCENDING);
        if (!Objects.equals(order, viewModel.loaded().itemOrderProperty().get())) {
            viewModel.loaded().orderItems(order);
        }
        return true;
    }

    /** Shows the items' order as the sort arrow of its column (none for the sort key's order). */
    private void showItemOrder(ItemOrder order) {
        showingItemOrder = true;
        try {
            grid.getSortOrder().clear();
            if (order != null) {
                grid.getColumns().stream()
                        .filter(c -> order.attribute().equals(c.getUserData()))
                        .findFirst()
                        .ifPresent(
                                column -> {
                                    column.setSortType(
                                            order.descending()
                                                    ? SortType.DESCENDING
                                                    : SortType.ASCENDING);
                                    grid.getSortOrder().add(column);
                                });
            }
        } finally {
            showingItemOrder = false;
        }
    }
}

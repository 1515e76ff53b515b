package io.dynoscope.ui.grid;

import io.dynoscope.core.collection.CollectionRow;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import javafx.application.Platform;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.WeakChangeListener;
import javafx.collections.ListChangeListener;
import javafx.css.PseudoClass;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableColumnBase;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.TableColumnHeader;
import javafx.scene.control.skin.TableRowSkin;

/**
 * Keeps the grid's leading key columns in view while the other attributes scroll sideways: their
 * cells and headers move with the horizontal scroll so that they stay where they are, drawn over
 * the columns that pass under them (with the row's own background, {@code :frozen} in the style
 * sheet). The grid's rows keep their frozen cells even when the table, which builds only the cells
 * of the columns in view, would take them out.
 */
final class FrozenColumns {

    private static final PseudoClass FROZEN = PseudoClass.getPseudoClass("frozen");
    private static final String FLAG = "dynoscope.frozen";

    private final TableView<CollectionRow> grid;
    private final DoubleProperty scrollX = new SimpleDoubleProperty();

    FrozenColumns(TableView<CollectionRow> grid) {
        this.grid = grid;
    }

    /** Follows the grid's horizontal scroll bar once its skin is made, and its headers. */
    void bind() {
        grid.skinProperty().addListener((obs, old, skin) -> Platform.runLater(this::findScroll));
        grid.getColumns()
                .addListener(
                        (ListChangeListener<TableColumn<CollectionRow, ?>>)
                                change -> Platform.runLater(this::followHeaders));
    }

    private void findScroll() {
        for (Node node : grid.lookupAll(".scroll-bar")) {
            if (node instanceof ScrollBar bar && bar.getOrientation() == Orientation.HORIZONTAL) {
                scrollX.bind(bar.valueProperty());
                break;
            }
        }
        followHeaders();
    }

    /** Freezes these columns (the leading ones) and lets every other column scroll. */
    void freeze(List<TableColumn<CollectionRow, ?>> columns) {
        for (TableColumn<CollectionRow, ?> column : grid.getColumns()) {
            flag(column).set(columns.contains(column));
        }
    }

    static boolean isFrozen(TableColumnBase<?, ?> column) {
        return flag(column).get();
    }

    private static BooleanProperty flag(TableColumnBase<?, ?> column) {
        return (BooleanProperty)
                column.getProperties().computeIfAbsent(FLAG, k -> new SimpleBooleanProperty());
    }

    /** A header or cell of {@code column} stays in view while the column is frozen. */
    private void follow(Node node, TableColumnBase<?, ?> column) {
        BooleanProperty frozen = flag(column);
        applyTo(node, frozen.get());
        // the column outlives the rows' cells: it must not keep them
        ChangeListener<Boolean> listener = (obs, was, is) -> applyTo(node, is);
        node.getProperties().put(FLAG, listener);
        frozen.addListener(new WeakChangeListener<>(listener));
    }

    private void applyTo(Node node, boolean frozen) {
        if (frozen) {
            node.translateXProperty().bind(scrollX);
            node.setViewOrder(-1);
        } else {
            node.translateXProperty().unbind();
            node.setTranslateX(0);
            node.setViewOrder(0);
        }
        node.pseudoClassStateChanged(FROZEN, frozen);
    }

    /** The headers are made by the table's skin as columns come: each follows its column. */
    private void followHeaders() {
        for (Node node : grid.lookupAll(".column-header")) {
            if (node instanceof TableColumnHeader header
                    && header.getTableColumn() != null
                    && !header.getProperties().containsKey(FLAG)) {
                follow(header, header.getTableColumn());
            }
        }
    }

    /** The skin of a grid row: its frozen cells follow the scroll and are never taken out. */
    TableRowSkin<CollectionRow> rowSkin(TableRow<CollectionRow> row) {
        return new FrozenRowSkin(row);
    }

    private final class FrozenRowSkin extends TableRowSkin<CollectionRow> {
        // filled by the base class's constructor, before this class's fields are set
        private Map<TableColumnBase<?, ?>, TableCell<CollectionRow, ?>> cells;

        FrozenRowSkin(TableRow<CollectionRow> row) {
            super(row);
        }

        @Override
        @SuppressWarnings("rawtypes") // as TableRowSkin declares it
        protected TableCell<CollectionRow, ?> createCell(TableColumnBase column) {
            TableCell<CollectionRow, ?> cell = super.createCell(column);
            if (cells == null) {
                cells = new WeakHashMap<>();
            }
            cells.put(column, cell);
            follow(cell, column);
            return cell;
        }

        @Override
        protected void layoutChildren(double x, double y, double w, double h) {
            super.layoutChildren(x, y, w, h);
            TableView<CollectionRow> table = getSkinnable().getTableView();
            if (table == null) {
                return;
            }
            double left = x;
            for (TableColumn<CollectionRow, ?> column : table.getVisibleLeafColumns()) {
                if (!isFrozen(column)) {
                    break;
                }
                double width = snapSizeX(column.getWidth());
                TableCell<CollectionRow, ?> cell = cells == null ? null : cells.get(column);
                // the table takes out the cells of columns scrolled out of view; these stay
                if (cell != null && cell.getParent() == null) {
                    getChildren().add(cell);
                    cell.resizeRelocate(left, y, width, h);
                }
                left += width;
            }
        }
    }
}

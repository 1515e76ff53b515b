package io.dynoscope.ui.grid;

import io.dynoscope.core.collection.CollectionRow;
import io.dynoscope.core.collection.ItemCollection;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.ValueText;
import io.dynoscope.core.model.EntityLabels;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.function.Consumer;
import javafx.scene.Node;
import javafx.scene.control.Control;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.Skin;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The grid's rows and cells: a header row carries the fold arrow and what is known of its
 * collection; an item row its values (sets as chips, maps and lists as a summary that expands in
 * place), its entity's colour and the find's highlights.
 */
final class CollectionCells {

    /** How many colours ItemGrid.css gives entities ({@code entity-0} …); the 9th takes the 1st. */
    private static final int PALETTE_SIZE = 8;

    private static int colour(EntityLabels.Label label) {
        return label.place() % PALETTE_SIZE;
    }

    static final double ROW_HEIGHT = 24;
    static final double COMPACT_ROW_HEIGHT = 20;

    private final ItemGridViewModel viewModel;
    private final RowMenus menus;
    private final Consumer<ItemCollection> fold;
    private final FrozenColumns frozen;
    private final Set<ExpandedCell> expanded = new HashSet<>();
    private double rowHeight = ROW_HEIGHT;

    /** The rows and cells made so far (the table reuses them as it scrolls): restyled in place. */
    private final Set<Restyled> made = Collections.newSetFromMap(new WeakHashMap<>());

    /**
     * One tooltip for every row: each Tooltip is a popup window with a scene of its own, styled
     * when made, and a grid of 40 rows made one per value note, header and entity chip. It takes
     * the text (and the monospaced look of a per-shard table) of the node it shows for.
     */
    private final Tooltip sharedTip = new Tooltip();

    private static final String TIP_TEXT = "dynoscope.grid.tip";
    private static final String TIP_TABLE = "dynoscope.grid.tip.table";

    /**
     * @param fold folds or unfolds a collection, keeping the selection where it was
     */
    CollectionCells(
            ItemGridViewModel viewModel,
            RowMenus menus,
            Consumer<ItemCollection> fold,
            FrozenColumns frozen) {
        this.viewModel = viewModel;
        this.menus = menus;
        this.fold = fold;
        this.frozen = frozen;
        sharedTip.setOnShowing(
                e -> {
                    Node owner = sharedTip.getOwnerNode();
                    Object text = owner == null ? null : owner.getProperties().get(TIP_TEXT);
                    sharedTip.setText(text == null ? "" : text.toString());
                    sharedTip.getStyleClass().remove("json-area");
                    if (owner != null && owner.getProperties().containsKey(TIP_TABLE)) {
                        sharedTip.getStyleClass().add("json-area");
                    }
                });
    }

    /** Gives {@code control} the shared tooltip with {@code text}. */
    private void tip(Control control, String text, boolean table) {
        control.getProperties().put(TIP_TEXT, text);
        if (table) {
            control.getProperties().put(TIP_TABLE, Boolean.TRUE);
        }
        control.setTooltip(sharedTip);
    }

    /** The text the shared tooltip shows for {@code control}, or null without one. */
    static String tipText(Control control) {
        Object text = control.getProperties().get(TIP_TEXT);
        return text == null ? null : text.toString();
    }

    /**
     * Shows again what the rows mean now (a fold, the collections' order, a header's figures, the
     * find's matches), in the rows and cells already on screen: TableView.refresh() threw them all
     * away and made and styled new ones.
     */
    void restyle() {
        for (Restyled row : List.copyOf(made)) {
            row.restyle();
        }
    }

    /** A row or cell that can show its row again in place. */
    private interface Restyled {
        void restyle();
    }

    /** The row at {@code index} of {@code table} now, if there is one. */
    private static Optional<CollectionRow> rowAt(TableView<CollectionRow> table, int index) {
        return table == null || index < 0 || index >= table.getItems().size()
                ? Optional.empty()
                : Optional.of(table.getItems().get(index));
    }

    /** Lower rows and tighter cells (View → Compact rows), or the usual ones. */
    void setCompact(TableView<CollectionRow> grid, boolean compact) {
        rowHeight = compact ? COMPACT_ROW_HEIGHT : ROW_HEIGHT;
        if (expanded.isEmpty()) {
            grid.setFixedCellSize(rowHeight);
        }
        grid.getStyleClass().remove("compact");
        if (compact) {
            grid.getStyleClass().add("compact");
        }
    }

    TableRow<CollectionRow> row() {
        return new CollectionTableRow();
    }

    TableCell<CollectionRow, CollectionRow> attributeCell(String attribute) {
        return new AttributeCell(attribute);
    }

    TableCell<CollectionRow, CollectionRow> entityCell() {
        return new EntityCell();
    }

    /** A grid row: styles headers, parents and large collections; menus for rows and headers. */
    private final class CollectionTableRow extends TableRow<CollectionRow> implements Restyled {
        CollectionTableRow() {
            made.add(this);
        }

        @Override
        public void restyle() {
            rowAt(getTableView(), getIndex()).ifPresent(row -> updateItem(row, false));
        }

        @Override
        protected Skin<?> createDefaultSkin() {
            return frozen.rowSkin(this);
        }

        @Override
        protected void updateItem(CollectionRow row, boolean empty) {
            super.updateItem(row, empty);
            getStyleClass()
                    .removeAll(
                            "collection-header",
                            "large-collection",
                            "parent-item",
                            "find-match",
                            "find-current");
            getStyleClass().removeIf(style -> style.startsWith("entity-row-"));
            if (empty || row == null) {
                return;
            }
            if (row instanceof CollectionRow.Header header) {
                getStyleClass().add("collection-header");
                if (header.collection().isLarge()) {
                    getStyleClass().add("large-collection");
                }
            } else if (row instanceof CollectionRow.ItemRow itemRow) {
                if (itemRow.parent()) {
                    getStyleClass().add("parent-item");
                }
                if (viewModel.loaded().finder().isCurrent(itemRow.item())) {
                    getStyleClass().add("find-current");
                } else if (viewModel.loaded().finder().isMatch(itemRow.item())) {
                    getStyleClass().add("find-match");
                }
                viewModel
                        .loaded()
                        .entityOf(itemRow.item())
                        .ifPresent(label -> getStyleClass().add("entity-row-" + colour(label)));
            }
        }
    }

    /**
     * One attribute of one row; the first column of a header row carries the fold arrow and the
     * collection summary. Sets show as chips; maps and lists show a summary that expands in place.
     */
    private final class AttributeCell extends TableCell<CollectionRow, CollectionRow>
            implements Restyled {
        private final String attribute;

        AttributeCell(String attribute) {
            this.attribute = attribute;
            made.add(this);
            setOnContextMenuRequested(
                    e -> {
                        CollectionRow row = getItem();
                        if (row instanceof CollectionRow.Header header) {
                            menus.headerMenu(header.collection())
                                    .show(this, e.getScreenX(), e.getScreenY());
                        } else if (row instanceof CollectionRow.ItemRow itemRow) {
                            if (!getTableRow().isSelected()) {
                                getTableView().getSelectionModel().clearAndSelect(getIndex());
                            }
                            menus.itemMenu(itemRow.item(), attribute)
                                    .show(this, e.getScreenX(), e.getScreenY());
                        }
                        e.consume();
                    });
            setOnMouseClicked(
                    e -> {
                        if (e.getButton() == MouseButton.PRIMARY
                                && e.getClickCount() == 2
                                && getItem() instanceof CollectionRow.ItemRow row) {
                            viewModel.requestEdit(row.item(), false);
                        }
                    });
            // the skin clips a cell to its bounds; a collection's header may run on over its
            // row's other, empty, cells
            skinProperty()
                    .addListener(
                            (obs, old, skin) -> {
                                skinClip = getClip();
                                applyClip();
                            });
        }

        private Node skinClip;
        private boolean overflowing;

        @Override
        public void restyle() {
            rowAt(getTableView(), getIndex()).ifPresent(row -> updateItem(row, false));
        }

        private void applyClip() {
            setClip(overflowing ? null : skinClip);
        }

        @Override
        protected void updateItem(CollectionRow row, boolean empty) {
            super.updateItem(row, empty);
            getStyleClass().removeAll("value-null", "value-number", "find-hit");
            setGraphic(null);
            setText(null);
            setTooltip(null);
            if (empty || row == null) {
                overflowing = false;
                applyClip();
                return;
            }
            if (row instanceof CollectionRow.Header header) {
                boolean first =
                        !getTableView().getColumns().isEmpty()
                                && getTableColumn() == getTableView().getColumns().get(0);
                if (first) {
                    setGraphic(header(header.collection()));
                }
                overflowing = first;
                applyClip();
                return;
            }
            overflowing = false;
            applyClip();
            Item item = ((CollectionRow.ItemRow) row).item();
            AttributeValue value = item.attributes().get(attribute);
            if (value == null) {
                return;
            }
            viewModel
                    .loaded()
                    .valueNote(attribute, value)
                    .ifPresent(note -> tip(this, note, false));
            if (viewModel.loaded().finder().valueMatches(value)) {
                getStyleClass().add("find-hit");
            }
            switch (value.type()) {
                case NULL -> {
                    setText("NULL");
                    getStyleClass().add("value-null");
                }
                case N -> {
                    setText(ValueText.of(value));
                    getStyleClass().add("value-number");
                }
                case SS, NS, BS -> setGraphic(chips(value));
                case M, L -> setGraphic(expandable(item, value));
                case B -> setText(ValueText.of(value) + "  ·B");
                default -> setText(ValueText.of(value));
            }
        }

        /** The fold arrow (one click folds and unfolds) and what is known of the collection. */
        private Node header(ItemCollection collection) {
            Label arrow = new Label(collection.isCollapsed() ? "▶" : "▼");
            arrow.getStyleClass().add("fold-arrow");
            tip(arrow, collection.isCollapsed() ? "Unfold (Space)" : "Fold (Space)", false);
            arrow.setOnMouseClicked(
                    e -> {
                        if (e.getButton() == MouseButton.PRIMARY) {
                            fold.accept(collection);
                            e.consume();
                        }
                    });
            Label summary =
                    new Label(
                            HeaderText.headerText(collection, viewModel.moreAvailable(collection)));
            summary.setMinWidth(Region.USE_PREF_SIZE);
            HBox box = new HBox(6, arrow, summary);
            if (collection.sharded().isPresent()) {
                Label shards =
                        new Label(HeaderText.shardCounts(collection, viewModel.readsEveryShard()));
                shards.getStyleClass().add("shard-counts");
                shards.setMinWidth(Region.USE_PREF_SIZE);
                box.getChildren().add(shards);
                String perShard = HeaderText.shardTable(collection, viewModel.shardProgress());
                tip(summary, perShard, true);
                tip(shards, perShard, true);
            }
            box.setMinWidth(Region.USE_PREF_SIZE);
            return box;
        }

        private Node chips(AttributeValue value) {
            HBox box = new HBox(3);
            for (String member : ValueText.members(value)) {
                Label chip = new Label(member);
                chip.getStyleClass().add("set-chip");
                box.getChildren().add(chip);
            }
            Label badge = new Label(value.type().descriptor());
            badge.getStyleClass().add("type-badge");
            box.getChildren().add(badge);
            return box;
        }

        private Node expandable(Item item, AttributeValue value) {
            ExpandedCell key = new ExpandedCell(item, attribute);
            boolean open = expanded.contains(key);
            Hyperlink toggle = new Hyperlink((open ? "▾ " : "▸ ") + ValueText.of(value));
            toggle.setOnAction(
                    e -> {
                        if (!expanded.remove(key)) {
                            expanded.add(key);
                        }
                        // fixed row heights keep the grid fast; an expanded value needs rows of
                        // their own height
                        getTableView()
                                .setFixedCellSize(
                                        expanded.isEmpty() ? rowHeight : Region.USE_COMPUTED_SIZE);
                        CollectionCells.this.restyle();
                    });
            if (!open) {
                return toggle;
            }
            Label json = new Label(ItemJson.PLAIN.writePretty(value));
            json.getStyleClass().add("json-area");
            json.setWrapText(true);
            return new VBox(toggle, json);
        }
    }

    /** The entity label of an item row, coloured by the entity's place in the model. */
    private final class EntityCell extends TableCell<CollectionRow, CollectionRow>
            implements Restyled {
        EntityCell() {
            made.add(this);
        }

        @Override
        public void restyle() {
            rowAt(getTableView(), getIndex()).ifPresent(row -> updateItem(row, false));
        }

        @Override
        protected void updateItem(CollectionRow row, boolean empty) {
            super.updateItem(row, empty);
            setText(null);
            setGraphic(null);
            if (empty || !(row instanceof CollectionRow.ItemRow itemRow)) {
                return;
            }
            viewModel
                    .loaded()
                    .entityOf(itemRow.item())
                    .ifPresent(
                            label -> {
                                Label chip = new Label(label.entity());
                                chip.getStyleClass()
                                        .addAll("entity-chip", "entity-" + colour(label));
                                tip(
                                        chip,
                                        "Entity " + label.entity() + " of the table's model",
                                        false);
                                setGraphic(chip);
                            });
        }
    }

    /**
     * A map or list cell the user expanded in place; items are compared by identity of the loaded
     * item.
     */
    private record ExpandedCell(Item item, String attribute) {
        @Override
        public boolean equals(Object o) {
            return o instanceof ExpandedCell other
                    && other.item == item
                    && other.attribute.equals(attribute);
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(item) * 31 + attribute.hashCode();
        }
    }
}

package io.dynoscope.ui.item;

import io.dynoscope.core.item.AttributeValue;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeCell;
import javafx.scene.layout.HBox;

/** A line of the item tree: name, type badge and value summary. */
final class AttributeTreeCell extends TreeCell<AttributeNode> {
    private final ItemInspectorViewModel viewModel;
    private final Label name = new Label();
    private final Label type = new Label();
    private final Label summary = new Label();
    private final HBox line = new HBox(6, name, type, summary);

    AttributeTreeCell(ItemInspectorViewModel viewModel) {
        this.viewModel = viewModel;
        type.getStyleClass().add("type-badge");
    }

    @Override
    protected void updateItem(AttributeNode node, boolean empty) {
        super.updateItem(node, empty);
        setText(null);
        if (empty || node == null) {
            setGraphic(null);
            return;
        }
        name.setText(node.name());
        type.setText(node.type());
        summary.setText(node.summary());
        boolean topLevel =
                getTreeItem() != null && getTreeItem().getParent() == getTreeView().getRoot();
        summary.setTooltip(
                viewModel
                        .valueNote(node.name(), node.value(), topLevel)
                        .map(Tooltip::new)
                        .orElse(null));
        summary.getStyleClass().removeAll("value-null", "value-number");
        if (node.value().type() == AttributeValue.Type.NULL) {
            summary.getStyleClass().add("value-null");
        } else if (node.value().type() == AttributeValue.Type.N) {
            summary.getStyleClass().add("value-number");
        }
        setGraphic(line);
    }
}

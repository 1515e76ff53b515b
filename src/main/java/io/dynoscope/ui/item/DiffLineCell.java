package io.dynoscope.ui.item;

import io.dynoscope.core.item.ItemDiff;
import javafx.scene.control.ListCell;

/** A line of the diff: + added, - removed, ~ changed (old → new). */
final class DiffLineCell extends ListCell<ItemDiff.Change> {
    @Override
    protected void updateItem(ItemDiff.Change change, boolean empty) {
        super.updateItem(change, empty);
        getStyleClass().removeAll("diff-added", "diff-removed", "diff-changed");
        if (empty || change == null) {
            setText(null);
            return;
        }
        String name = change.attribute();
        switch (change.kind()) {
            case ADDED -> {
                setText("+ " + name + "  " + AttributeNode.of(name, change.after()).summary());
                getStyleClass().add("diff-added");
            }
            case REMOVED -> {
                setText("- " + name + "  " + AttributeNode.of(name, change.before()).summary());
                getStyleClass().add("diff-removed");
            }
            case CHANGED -> {
                setText(
                        "~ "
                                + name
                                + "  "
                                + AttributeNode.of(name, change.before()).summary()
                                + "  \u2192  "
                                + AttributeNode.of(name, change.after()).summary());
                getStyleClass().add("diff-changed");
            }
        }
    }
}

package io.dynoscope.ui.grid;

import io.dynoscope.core.item.DynamoJson;
import javafx.scene.Node;
import javafx.scene.control.TextArea;

/** A read-only DynamoDB JSON view of the selected item. */
public final class ItemPreview {
    private ItemPreview() {
    }

    public static Node create(ItemGridViewModel grid) {
        TextArea text = new TextArea();
        text.setEditable(false);
        text.getStyleClass().add("json-area");
        grid.selectedItemProperty().addListener((obs, old, item) ->
                text.setText(item == null ? "" : DynamoJson.writePretty(item)));
        return text;
    }
}

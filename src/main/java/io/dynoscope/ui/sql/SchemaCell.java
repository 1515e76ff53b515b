package io.dynoscope.ui.sql;

import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeCell;

/** A line of the schema list: the name, and in muted type what it is (view of, column type). */
final class SchemaCell extends TreeCell<SchemaEntry> {

    @Override
    protected void updateItem(SchemaEntry entry, boolean empty) {
        super.updateItem(entry, empty);
        if (empty || entry == null) {
            setText(null);
            setGraphic(null);
            setTooltip(null);
            return;
        }
        setText(entry.name());
        String badge =
                switch (entry.kind()) {
                    case TABLE -> "table";
                    case VIEW -> "view";
                    case COLUMN -> entry.detail();
                };
        Label kind = new Label(badge);
        kind.getStyleClass().add("sql-schema-kind");
        setGraphic(kind);
        setTooltip(
                new Tooltip(entry.name() + " — " + entry.detail() + " (double-click to type it)"));
    }
}

package io.dynoscope.ui.table;

import static io.dynoscope.ui.common.ViewBindings.showWhen;
import static io.dynoscope.ui.common.ViewBindings.textField;
import static io.dynoscope.ui.common.ViewBindings.tooltip;

import io.dynoscope.core.table.KeyType;
import io.dynoscope.core.table.Projection;
import io.dynoscope.ui.common.Spinners;
import javafx.beans.binding.Bindings;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** Controls the table forms share: a secondary index, a key type, a capacity. */
final class TableForms {

    private TableForms() {}

    /**
     * The controls of one secondary index, bound to its {@link IndexRow}.
     *
     * @param id the prefix of the controls' ids ({@code gsi-0}, {@code lsi-1})
     * @param onRemove removes the row, or null when it cannot be removed
     */
    static VBox index(IndexRow row, String id, Runnable onRemove) {
        TextField name = textField(id + "-name", "index name", 10, row.nameProperty());
        tooltip(name, "The index's name: 3 to 255 letters, digits, '_', '-' or '.'");
        TextField partitionKey =
                textField(id + "-pk", "partition key", 8, row.keys().partitionKeyProperty());
        tooltip(partitionKey, "The attribute the index is partitioned by");
        ChoiceBox<KeyType> partitionType =
                typeChoice(id + "-pk-type", row.keys().partitionKeyTypeProperty());
        TextField sortKey =
                textField(
                        id + "-sk",
                        row.isLocal() ? "sort key" : "sort key (none)",
                        8,
                        row.keys().sortKeyProperty());
        tooltip(
                sortKey,
                row.isLocal()
                        ? "The index's sort key (a local index shares the table's"
                                + " partition key)"
                        : "The attribute the index sorts by within a partition, or blank");
        ChoiceBox<KeyType> sortType = typeChoice(id + "-sk-type", row.keys().sortKeyTypeProperty());
        ChoiceBox<Projection> projection = new ChoiceBox<>();
        projection.setId(id + "-projection");
        projection.getItems().setAll(Projection.values());
        projection.valueProperty().bindBidirectional(row.projectionProperty());
        tooltip(
                projection,
                "What the index copies: every attribute, the keys only, or the keys and"
                        + " the attributes named");
        TextField included =
                textField(
                        id + "-include",
                        "attributes, comma-separated",
                        14,
                        row.nonKeyAttributesProperty());
        tooltip(included, "The attributes an INCLUDE projection copies");
        showWhen(Bindings.equal(row.projectionProperty(), Projection.INCLUDE), included);
        HBox.setHgrow(included, Priority.ALWAYS);

        FlowPane keys = new FlowPane(6, 6);
        keys.getChildren().add(label(row.isLocal() ? "LSI" : "GSI"));
        keys.getChildren().add(name);
        if (!row.isLocal()) {
            keys.getChildren().addAll(partitionKey, partitionType);
        }
        keys.getChildren().addAll(sortKey, sortType);
        HBox projected = new HBox(6, label("projects"), projection, included);
        projected.setAlignment(Pos.CENTER_LEFT);
        if (onRemove != null) {
            Button remove = new Button("Remove");
            remove.setId(id + "-remove");
            remove.setMinWidth(Button.USE_PREF_SIZE);
            tooltip(remove, "Leave this index out");
            remove.setOnAction(e -> onRemove.run());
            projected.getChildren().add(remove);
        }
        VBox box = new VBox(6, keys, projected);
        box.getStyleClass().add("index-row");
        return box;
    }

    private static Label label(String text) {
        Label label = new Label(text);
        label.setMinWidth(Label.USE_PREF_SIZE);
        return label;
    }

    static ChoiceBox<KeyType> typeChoice(String id, ObjectProperty<KeyType> value) {
        ChoiceBox<KeyType> choice = new ChoiceBox<>();
        choice.setId(id);
        bindType(choice, value);
        return choice;
    }

    /** A key type's choice box, bound to the type. */
    static void bindType(ChoiceBox<KeyType> choice, ObjectProperty<KeyType> type) {
        choice.getItems().setAll(KeyType.values());
        choice.valueProperty().bindBidirectional(type);
        tooltip(choice, "The key's type: string, number or binary");
    }

    /** A capacity spinner (1 to 40,000 units) that keeps {@code value}. */
    static void capacity(Spinner<Integer> spinner, IntegerProperty value, String what) {
        Spinners.bind(spinner, value, 1, 40_000, "Provisioned " + what + " capacity units");
    }
}

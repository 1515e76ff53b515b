package io.dynoscope.ui.grid;

import io.dynoscope.core.table.TableInfo;
import io.dynoscope.ui.common.DialogService;
import javafx.geometry.Insets;
import javafx.scene.control.Alert;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/** The window that shows a table's description ({@link TableDescription}). */
final class TableDescriptionWindow {

    private TableDescriptionWindow() {}

    /**
     * Shows the table's description — keys, billing, approximate size, TTL, stream, and each index
     * — as aligned figures, and says how old DynamoDB's item count and size can be.
     */
    static void show(Window owner, TableInfo info) {
        GridPane figures = new GridPane();
        figures.setId("descriptionFigures");
        figures.setHgap(16);
        figures.setVgap(4);
        int row = 0;
        for (TableDescription.Section section : TableDescription.of(info)) {
            Label title = new Label(section.title());
            title.getStyleClass().add("section-title");
            if (row > 0) {
                GridPane.setMargin(title, new Insets(10, 0, 0, 0));
            }
            figures.add(title, 0, row++, 2, 1);
            for (TableDescription.Figure figure : section.figures()) {
                Label label = new Label(figure.label());
                label.getStyleClass().add("figure-label");
                label.setMinWidth(Region.USE_PREF_SIZE);
                Label value = new Label(figure.value());
                value.getStyleClass().add("figure-value");
                value.setWrapText(true);
                figures.addRow(row++, label, value);
            }
        }
        Label note = new Label(TableDescription.FIGURES_NOTE);
        note.setId("figuresNote");
        note.setWrapText(true);
        note.getStyleClass().add("connection-message");
        VBox content = new VBox(12, figures, note);
        content.setPrefWidth(560);
        Alert alert = new Alert(Alert.AlertType.INFORMATION);
        DialogService.over(alert, owner);
        alert.setTitle("Table " + info.name());
        alert.setHeaderText(info.name());
        alert.getDialogPane().setContent(content);
        alert.show();
    }
}

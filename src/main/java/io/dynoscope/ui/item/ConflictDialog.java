package io.dynoscope.ui.item;

import static io.dynoscope.ui.common.ViewBindings.tooltip;

import io.dynoscope.core.item.ItemDiff;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.ui.common.DialogService;
import io.dynoscope.ui.common.Views;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TitledPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;
import javafx.stage.Window;

/**
 * Shows a refused save and asks what to do. The attributes that differ come first, one a row: what
 * the user saw, what is in the table now and the user's edit side by side, the changed values
 * marked; the attributes all three versions share are folded below, and so are the whole items as
 * DynamoDB JSON. Closing the dialog means keep editing.
 */
final class ConflictDialog extends Dialog<ConflictDialog.Choice> {

    /** The user's answer. */
    enum Choice {
        KEEP_THEIRS,
        OVERWRITE_WITH_MINE,
        KEEP_EDITING
    }

    static final ButtonType KEEP_THEIRS = new ButtonType("Keep theirs", ButtonBar.ButtonData.LEFT);
    static final ButtonType OVERWRITE_WITH_MINE =
            new ButtonType("Overwrite with mine", ButtonBar.ButtonData.OTHER);
    static final ButtonType KEEP_EDITING =
            new ButtonType("Keep editing", ButtonBar.ButtonData.CANCEL_CLOSE);

    ConflictDialog(Conflict conflict, Window owner) {
        DialogService.over(this, owner);
        initModality(Modality.WINDOW_MODAL);
        setTitle("The item changed");
        setHeaderText(
                conflict.current() == null
                        ? "The item was deleted after you opened it. Nothing was written."
                        : "The item changed after you opened it. Nothing was written.");
        setResizable(true);

        Label changed = new Label(describe(conflict));
        changed.setId("conflictChanges");
        changed.setWrapText(true);
        ConflictComparison comparison = new ConflictComparison(conflict);
        TitledPane unchanged =
                folded(
                        "conflictUnchanged",
                        comparison.unchangedCount() == 1
                                ? "1 attribute the same in all three versions"
                                : comparison.unchangedCount()
                                        + " attributes the same in all three versions",
                        comparison.unchanged());
        unchanged.setDisable(comparison.unchangedCount() == 0);
        TitledPane whole =
                folded("conflictWhole", "The whole items as DynamoDB JSON", wholeItems(conflict));
        VBox body = new VBox(8, comparison.differences(), unchanged, whole);
        ScrollPane scroll = new ScrollPane(body);
        scroll.setId("conflictScroll");
        scroll.setFitToWidth(true);
        VBox.setVgrow(scroll, Priority.ALWAYS);
        VBox content = new VBox(8, changed, scroll);
        content.setPrefSize(820, 460);
        content.getStylesheets().add(Views.stylesheet(ConflictDialog.class, "ItemInspector.css"));
        getDialogPane().setContent(content);
        getDialogPane().getButtonTypes().setAll(KEEP_THEIRS, OVERWRITE_WITH_MINE, KEEP_EDITING);
        // the safe choice is the default: Enter (like Esc) keeps editing, nothing written or lost
        Button keepEditing = (Button) getDialogPane().lookupButton(KEEP_EDITING);
        keepEditing.setDefaultButton(true);
        tooltip(keepEditing, "Back to your edit; a save is then checked against the version now");
        ((Button) getDialogPane().lookupButton(OVERWRITE_WITH_MINE))
                .setTooltip(new Tooltip("Write your version over the one in the table now"));
        ((Button) getDialogPane().lookupButton(KEEP_THEIRS))
                .setTooltip(new Tooltip("Discard your edit and show the version in the table"));
        setResultConverter(
                button -> {
                    if (button == KEEP_THEIRS) {
                        return Choice.KEEP_THEIRS;
                    }
                    return button == OVERWRITE_WITH_MINE
                            ? Choice.OVERWRITE_WITH_MINE
                            : Choice.KEEP_EDITING;
                });
    }

    private static String describe(Conflict conflict) {
        if (conflict.current() == null) {
            return "Overwrite with mine creates the item again from your version.";
        }
        List<String> attributes =
                conflict.seen() == null ? List.of() : conflict.theirChanges().attributes();
        String meanwhile =
                attributes.isEmpty()
                        ? "An item with this key already exists."
                        : "Changed meanwhile: " + String.join(", ", attributes) + ".";
        ItemDiff overwrite = conflict.mineOverCurrent();
        return meanwhile
                + " Overwrite with mine would change: "
                + (overwrite.isEmpty() ? "nothing" : String.join(", ", overwrite.attributes()))
                + ".";
    }

    private static TitledPane folded(String id, String title, Node content) {
        TitledPane pane = new TitledPane(title, content);
        pane.setId(id);
        pane.setExpanded(false);
        pane.setAnimated(false);
        return pane;
    }

    private static HBox wholeItems(Conflict conflict) {
        TextArea mine = version("conflictMine", ItemJson.DYNAMODB.writePretty(conflict.mine()));
        TextArea current =
                version(
                        "conflictCurrent",
                        conflict.current() == null
                                ? "(no item with this key)"
                                : ItemJson.DYNAMODB.writePretty(conflict.current()));
        HBox sideBySide =
                new HBox(8, column("Your version", mine), column("In the table now", current));
        sideBySide.setPrefHeight(320);
        return sideBySide;
    }

    private static TextArea version(String id, String text) {
        TextArea area = new TextArea(text);
        area.setId(id);
        area.setEditable(false);
        area.getStyleClass().addAll("json-area", "conflict-version");
        VBox.setVgrow(area, Priority.ALWAYS);
        return area;
    }

    private static VBox column(String title, TextArea version) {
        Label label = new Label(title);
        label.getStyleClass().add("section-title");
        VBox column = new VBox(4, label, version);
        HBox.setHgrow(column, Priority.ALWAYS);
        return column;
    }
}

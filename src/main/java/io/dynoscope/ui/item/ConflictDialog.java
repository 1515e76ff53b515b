package io.dynoscope.ui.item;

import static io.dynoscope.ui.common.ViewBindings.tooltip;

import io.dynoscope.core.item.ItemDiff;
import io.dynoscope.core.item.ItemJson;
import java.util.List;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;
import javafx.stage.Window;

/**
 * Shows a refused save: the user's version and the version in the table now, side by side, with
 * what changed meanwhile, and asks what to do. Closing the dialog means keep editing.
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
        if (owner != null) {
            initOwner(owner);
        }
        initModality(Modality.WINDOW_MODAL);
        setTitle("The item changed");
        setHeaderText(
                conflict.current() == null
                        ? "The item was deleted after you opened it. Nothing was written."
                        : "The item changed after you opened it. Nothing was written.");
        setResizable(true);

        TextArea mine = version("conflictMine", ItemJson.DYNAMODB.writePretty(conflict.mine()));
        TextArea current =
                version(
                        "conflictCurrent",
                        conflict.current() == null
                                ? "(no item with this key)"
                                : ItemJson.DYNAMODB.writePretty(conflict.current()));
        HBox sideBySide =
                new HBox(8, column("Your version", mine), column("In the table now", current));
        VBox.setVgrow(sideBySide, Priority.ALWAYS);
        Label changed = new Label(describe(conflict));
        changed.setId("conflictChanges");
        changed.setWrapText(true);
        VBox content = new VBox(8, changed, sideBySide);
        content.setPrefSize(760, 440);
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

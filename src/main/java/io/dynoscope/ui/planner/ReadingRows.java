package io.dynoscope.ui.planner;

import javafx.beans.value.ChangeListener;
import javafx.scene.control.TableRow;
import javafx.scene.control.Tooltip;

/**
 * The rows of the access patterns' table: a reading that rests on a guess nobody confirmed is
 * marked ({@code reading-unsure}, an amber edge) and its tooltip says why; the mark goes as soon as
 * a person corrects a part of the reading.
 */
final class ReadingRows {

    private ReadingRows() {}

    static TableRow<PatternRow> row() {
        TableRow<PatternRow> row = new TableRow<>();
        ChangeListener<String> doubts = (o, before, now) -> mark(row);
        row.itemProperty()
                .addListener(
                        (o, before, item) -> {
                            if (before != null) {
                                before.unsureProperty().removeListener(doubts);
                            }
                            if (item != null) {
                                item.unsureProperty().addListener(doubts);
                            }
                            mark(row);
                        });
        return row;
    }

    private static void mark(TableRow<PatternRow> row) {
        PatternRow item = row.getItem();
        row.setTooltip(tip(item));
        row.getStyleClass().remove("reading-unsure");
        if (item != null && !item.unsureProperty().get().isEmpty()) {
            row.getStyleClass().add("reading-unsure");
        }
    }

    /** Why a reading is unsure and what else it could mean, or null when neither. */
    private static Tooltip tip(PatternRow item) {
        if (item == null) {
            return null;
        }
        String unsure = item.unsureProperty().get();
        String alternative = item.alternativeProperty().get();
        String text =
                (unsure.isEmpty() ? "" : "Unsure, correct the fields to confirm: " + unsure)
                        + (unsure.isEmpty() || alternative.isEmpty() ? "" : "\n")
                        + (alternative.isEmpty() ? "" : "Read with a choice: " + alternative);
        return text.isEmpty() ? null : new Tooltip(text);
    }
}

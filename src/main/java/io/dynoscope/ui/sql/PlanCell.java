package io.dynoscope.ui.sql;

import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;

/** A request of the SQL plan, wrapped at the plan pane's width rather than cut at its edge. */
final class PlanCell extends ListCell<SqlConsoleViewModel.PlanEntry> {

    // room for the list's vertical scroll bar and the cell's padding
    private static final double SCROLL_BAR_ROOM = 24;

    PlanCell(ListView<SqlConsoleViewModel.PlanEntry> list) {
        setWrapText(true);
        prefWidthProperty().bind(list.widthProperty().subtract(SCROLL_BAR_ROOM));
        setMaxWidth(USE_PREF_SIZE);
        setMinHeight(USE_PREF_SIZE);
    }

    @Override
    protected void updateItem(SqlConsoleViewModel.PlanEntry entry, boolean empty) {
        super.updateItem(entry, empty);
        setText(empty || entry == null ? null : entry.text());
    }
}

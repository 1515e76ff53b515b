package io.dynoscope.ui.shell;

import static io.dynoscope.ui.common.ViewBindings.showWhen;
import static io.dynoscope.ui.common.ViewBindings.tooltip;

import io.dynoscope.ui.common.WorkbenchTab;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableStringValue;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;

/**
 * The status bar: the connection (and whether it is read-only), what the active tab holds and cost,
 * what its last request did in words with the exact figures in its tooltip, and progress with a
 * Cancel while it works. The connection is always shown whole; a cut text's tooltip has it whole.
 */
final class StatusBar {

    private StatusBar() {}

    static void bind(ShellViewModel viewModel, Parent bar) {
        Label connection = (Label) bar.lookup("#connectionLabel");
        Label readOnly = (Label) bar.lookup("#readOnlyLabel");
        Label totals = (Label) bar.lookup("#totalsLabel");
        Label line = (Label) bar.lookup("#statusLine");
        ProgressIndicator busy = (ProgressIndicator) bar.lookup("#busyIndicator");
        Button cancel = (Button) bar.lookup("#statusCancelButton");
        connection.textProperty().bind(viewModel.connectionLabel());
        tooltip(connection, "The active connection");
        // the connection and read-only mark are never cut: the longer texts give way, cut with a
        // tooltip that holds them whole
        connection.setMinWidth(Region.USE_PREF_SIZE);
        readOnly.setMinWidth(Region.USE_PREF_SIZE);
        totals.textProperty().bind(viewModel.totalsProperty());
        totals.setTooltip(
                whole(
                        totals,
                        "What this tab holds now, and what all of its requests have cost",
                        WorkbenchTab.NO_FIGURES));
        bar.lookup("#statusSeparator")
                .visibleProperty()
                .bind(viewModel.totalsProperty().isNotEmpty());
        line.textProperty().bind(viewModel.lastReadProperty());
        line.setTooltip(
                whole(
                        line,
                        "What the tab's latest request did, alone",
                        viewModel.lastReadFiguresProperty()));
        showWhen(viewModel.busyProperty().or(viewModel.connectingProperty()), busy);
        showWhen(viewModel.busyProperty(), cancel);
        cancel.setOnAction(e -> viewModel.perform(WorkbenchTab.Action.CANCEL));
        tooltip(cancel, "Stop what is running (Esc)");
        showWhen(viewModel.readOnlyProperty(), readOnly);
        Tooltip why = new Tooltip();
        why.textProperty()
                .bind(
                        viewModel
                                .activeAccessProperty()
                                .map(access -> "Every write is disabled: " + access.reason()));
        readOnly.setTooltip(why);
    }

    /**
     * A tooltip with the label's whole text (it may be cut) over the exact figures behind it, or
     * over what it means when there are none.
     */
    private static Tooltip whole(Label label, String meaning, ObservableStringValue figures) {
        Tooltip tooltip = new Tooltip();
        tooltip.textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () -> {
                                    String text = label.getText();
                                    if (text == null || text.isEmpty()) {
                                        return meaning;
                                    }
                                    String exact = figures.get();
                                    return text + "\n" + (exact.isEmpty() ? meaning : exact);
                                },
                                label.textProperty(),
                                figures));
        return tooltip;
    }
}

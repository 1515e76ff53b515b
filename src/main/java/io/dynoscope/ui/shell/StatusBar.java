package io.dynoscope.ui.shell;

import io.dynoscope.ui.common.WorkbenchTab;
import javafx.beans.binding.Bindings;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Tooltip;

/**
 * The status bar: the connection (and whether it is read-only), what the active tab holds and cost,
 * what its last request did in words with the exact figures in its tooltip, and progress with a
 * Cancel while it works.
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
        connection.setTooltip(new Tooltip("The active connection"));
        totals.textProperty().bind(viewModel.totalsProperty());
        totals.setTooltip(new Tooltip("What this tab has loaded, and what all its requests cost"));
        bar.lookup("#statusSeparator")
                .visibleProperty()
                .bind(viewModel.totalsProperty().isNotEmpty());
        line.textProperty().bind(viewModel.lastReadProperty());
        Tooltip figures = new Tooltip();
        figures.textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () ->
                                        viewModel.lastReadFiguresProperty().get().isEmpty()
                                                ? "What the last request did"
                                                : viewModel.lastReadFiguresProperty().get(),
                                viewModel.lastReadFiguresProperty()));
        line.setTooltip(figures);
        busy.visibleProperty().bind(viewModel.busyProperty().or(viewModel.connectingProperty()));
        busy.managedProperty().bind(busy.visibleProperty());
        cancel.visibleProperty().bind(viewModel.busyProperty());
        cancel.managedProperty().bind(viewModel.busyProperty());
        cancel.setOnAction(e -> viewModel.perform(WorkbenchTab.Action.CANCEL));
        cancel.setTooltip(new Tooltip("Stop what is running (Esc)"));
        readOnly.visibleProperty().bind(viewModel.readOnlyProperty());
        readOnly.managedProperty().bind(viewModel.readOnlyProperty());
        Tooltip why = new Tooltip();
        why.textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () ->
                                        "Every write is disabled: "
                                                + viewModel.activeAccessProperty().get().reason(),
                                viewModel.activeAccessProperty()));
        readOnly.setTooltip(why);
    }
}

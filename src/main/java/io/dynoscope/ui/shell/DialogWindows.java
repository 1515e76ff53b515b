package io.dynoscope.ui.shell;

import io.dynoscope.ui.common.WorkbenchDialog;
import java.util.function.Supplier;
import javafx.beans.binding.Bindings;
import javafx.scene.Scene;
import javafx.stage.Modality;
import javafx.stage.Stage;

/**
 * Shows the workbench's dialogs (create a table, import, clone…) each in a window of its own over
 * the workbench, in its theme, and tells the view model when one closes.
 */
final class DialogWindows {

    private final ShellViewModel viewModel;
    private final Supplier<Scene> workbench;

    DialogWindows(ShellViewModel viewModel, Supplier<Scene> workbench) {
        this.viewModel = viewModel;
        this.workbench = workbench;
    }

    /** Shows a dialog about {@code table} (null for one about the connection). */
    void show(WorkbenchDialog.Kind kind, String table) {
        if (kind.aboutTable() && table == null) {
            viewModel.sayPickATable(kind);
            return;
        }
        viewModel.openDialog(kind, table).ifPresent(this::show);
    }

    private void show(WorkbenchDialog dialog) {
        Scene owner = workbench.get();
        Stage stage = new Stage();
        stage.initOwner(owner.getWindow());
        stage.initModality(Modality.WINDOW_MODAL);
        stage.setTitle(dialog.title());
        Scene scene = new Scene(dialog.content());
        // and follows a theme switch made while it is open
        Bindings.bindContent(scene.getStylesheets(), owner.getStylesheets());
        stage.setScene(scene);
        stage.setOnHidden(e -> viewModel.dialogClosed(dialog));
        stage.show();
    }
}

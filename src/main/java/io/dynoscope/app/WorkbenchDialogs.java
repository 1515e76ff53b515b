package io.dynoscope.app;

import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.table.TableAdmin;
import io.dynoscope.service.transfer.ImportService;
import io.dynoscope.service.transfer.NewTableImport;
import io.dynoscope.service.transfer.WriteConcurrency;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.WorkbenchDialog;
import io.dynoscope.ui.shell.ConnectionEntry;
import io.dynoscope.ui.table.CreateTableView;
import io.dynoscope.ui.table.CreateTableViewModel;
import io.dynoscope.ui.table.TableSettingsView;
import io.dynoscope.ui.table.TableSettingsViewModel;
import io.dynoscope.ui.transfer.CloneTarget;
import io.dynoscope.ui.transfer.CloneView;
import io.dynoscope.ui.transfer.CloneViewModel;
import io.dynoscope.ui.transfer.ImportView;
import io.dynoscope.ui.transfer.ImportViewModel;
import java.util.List;
import java.util.function.BooleanSupplier;
import javafx.scene.Parent;

/** Builds the workbench's dialogs: table administration, import and clone. */
final class WorkbenchDialogs {

    private final BackgroundWork work;

    WorkbenchDialogs(BackgroundWork work) {
        this.work = work;
    }

    /** A dialog as the shell shows it. */
    private record Shown(String title, Parent content, Runnable onClose, BooleanSupplier changed)
            implements WorkbenchDialog {
        @Override
        public boolean tablesChanged() {
            return changed.getAsBoolean();
        }

        @Override
        public void close() {
            onClose.run();
        }
    }

    WorkbenchDialog createTable(DynamoRepository repository, ConnectionEntry connection) {
        CreateTableViewModel form =
                new CreateTableViewModel(new TableAdmin(repository), repository.connection(), work);
        return new Shown(
                "Create table on " + connection.label(),
                CreateTableView.load(form),
                () -> {},
                () -> form.createdProperty().get() != null);
    }

    WorkbenchDialog tableSettings(
            WorkbenchDialog.Kind kind,
            DynamoRepository repository,
            ConnectionEntry connection,
            String table) {
        TableSettingsViewModel settings =
                new TableSettingsViewModel(
                        table, new TableAdmin(repository), repository.connection(), work);
        TableSettingsView.Section section =
                switch (kind) {
                    case TIME_TO_LIVE -> TableSettingsView.Section.TIME_TO_LIVE;
                    case INDEXES -> TableSettingsView.Section.INDEXES;
                    default -> TableSettingsView.Section.DELETE;
                };
        return new Shown(
                "Table " + table + " on " + connection.label(),
                TableSettingsView.load(settings, section),
                () -> {},
                () -> settings.deletedProperty().get());
    }

    WorkbenchDialog importInto(DynamoRepository repository, String table) {
        ImportViewModel importer =
                new ImportViewModel(
                        table,
                        new ImportService(repository),
                        new NewTableImport(repository),
                        WriteConcurrency.defaultFor(repository.connection()),
                        work);
        return new Shown(
                "Import into " + table,
                ImportView.load(importer),
                importer.task()::cancel,
                () -> false);
    }

    WorkbenchDialog cloneTable(ConnectionServices source, String table, List<CloneTarget> targets) {
        CloneViewModel clone = new CloneViewModel(table, source, targets, work);
        return new Shown(
                "Clone " + table,
                CloneView.load(clone),
                clone.task()::cancel,
                // a copy on the same connection is a new table in the list
                () -> clone.resultProperty().get() != null);
    }
}

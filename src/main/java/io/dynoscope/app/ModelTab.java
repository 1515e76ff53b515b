package io.dynoscope.app;

import io.dynoscope.ui.common.WorkbenchTab;
import io.dynoscope.ui.planner.TableModelView;
import io.dynoscope.ui.planner.TableModelViewModel;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.Node;

/** The table model and planner tab of one table. */
final class ModelTab implements WorkbenchTab {

    private final TableModelViewModel planner;
    private final String table;
    private final ReadOnlyStringWrapper totals = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper();
    private Node view;

    ModelTab(TableModelViewModel planner, String table) {
        this.planner = planner;
        this.table = table;
        title.bind(planner.titleProperty());
    }

    @Override
    public Kind kind() {
        return Kind.TABLE_MODEL;
    }

    @Override
    public String title() {
        return title.get();
    }

    /** Follows the table whose model the tab shows. */
    @Override
    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    @Override
    public String table() {
        return table;
    }

    @Override
    public Node content() {
        if (view == null) {
            view = TableModelView.load(planner);
        }
        return view;
    }

    @Override
    public boolean supports(Action action) {
        return action == Action.CANCEL;
    }

    @Override
    public void perform(Action action) {
        planner.cancel();
    }

    @Override
    public ReadOnlyStringProperty lastReadProperty() {
        return planner.statusProperty();
    }

    @Override
    public ReadOnlyStringProperty totalsProperty() {
        return totals.getReadOnlyProperty();
    }

    @Override
    public ReadOnlyBooleanProperty busyProperty() {
        return planner.runningProperty();
    }

    @Override
    public void close() {
        planner.cancel();
    }
}

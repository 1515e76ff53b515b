package io.dynoscope.app;

import io.dynoscope.ui.common.WorkbenchTab;
import io.dynoscope.ui.planner.ModelPlannerView;
import io.dynoscope.ui.planner.ModelPlannerViewModel;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.Node;

/** The table model and planner tab of one table. */
final class ModelTab implements WorkbenchTab {

    private final ModelPlannerViewModel planner;
    private final String table;
    private final ReadOnlyStringWrapper totals = new ReadOnlyStringWrapper("");
    private Node view;

    ModelTab(ModelPlannerViewModel planner, String table) {
        this.planner = planner;
        this.table = table;
    }

    @Override
    public Kind kind() {
        return Kind.TABLE_MODEL;
    }

    @Override
    public String title() {
        return "Model · " + table;
    }

    @Override
    public String table() {
        return table;
    }

    @Override
    public Node content() {
        if (view == null) {
            view = ModelPlannerView.load(planner);
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

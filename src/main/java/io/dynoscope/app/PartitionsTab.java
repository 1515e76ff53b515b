package io.dynoscope.app;

import io.dynoscope.ui.common.WorkbenchTab;
import io.dynoscope.ui.partitions.PartitionsView;
import io.dynoscope.ui.partitions.PartitionsViewModel;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.Node;

/**
 * The partitions report of one table: how its items spread over partition-key values, its shard
 * groups, its item collections against the LSI limit, and the sharding advisor. The report reads
 * the whole table (or a sample): on a local engine as the tab opens, on AWS when asked (Read table,
 * or Run).
 */
final class PartitionsTab implements WorkbenchTab {

    private final PartitionsViewModel report;
    private final ReadOnlyStringWrapper totals = new ReadOnlyStringWrapper("");
    private final boolean readAtOpen;
    private Node view;

    PartitionsTab(PartitionsViewModel report, boolean readAtOpen) {
        this.report = report;
        this.readAtOpen = readAtOpen;
    }

    @Override
    public Kind kind() {
        return Kind.PARTITIONS;
    }

    @Override
    public String title() {
        return "Partitions · " + report.table();
    }

    @Override
    public String table() {
        return report.table();
    }

    @Override
    public Node content() {
        if (view == null) {
            view = PartitionsView.load(report);
            if (readAtOpen) {
                report.run();
            }
        }
        return view;
    }

    @Override
    public boolean supports(Action action) {
        return action == Action.RUN || action == Action.CANCEL;
    }

    @Override
    public void perform(Action action) {
        if (action == Action.RUN) {
            report.run();
        } else if (action == Action.CANCEL) {
            report.cancel();
        }
    }

    @Override
    public ReadOnlyStringProperty lastReadProperty() {
        return report.readsProperty();
    }

    @Override
    public ReadOnlyStringProperty totalsProperty() {
        return totals.getReadOnlyProperty();
    }

    @Override
    public ReadOnlyBooleanProperty busyProperty() {
        return report.runningProperty();
    }

    @Override
    public void close() {
        report.cancel();
    }
}

package io.dynoscope.ui.tabs;

import io.dynoscope.ui.common.WorkbenchTab.Action;
import io.dynoscope.ui.common.WorkbenchTab.Kind;
import io.dynoscope.ui.partitions.PartitionsView;
import io.dynoscope.ui.partitions.PartitionsViewModel;
import io.dynoscope.ui.planner.TableModelView;
import io.dynoscope.ui.planner.TableModelViewModel;
import io.dynoscope.ui.sql.SqlConsoleView;
import io.dynoscope.ui.sql.SqlConsoleViewModel;

/** The tool tabs of a table: each kind is a {@link ToolTab} joined to its feature's view model. */
public final class ToolTabs {

    private ToolTabs() {}

    /** A SQL console opened from a table (whose name starts its statement off). */
    public static ToolTab sqlConsole(SqlConsoleViewModel console, String table) {
        return ToolTab.of(Kind.SQL_CONSOLE, "SQL", table)
                .view(() -> SqlConsoleView.load(console))
                .status(console.statusProperty(), console.runningProperty())
                .on(Action.RUN, () -> console.run(console.statementProperty().get()))
                .cancel(console::cancel)
                .build();
    }

    /** The table model and planner of a table; Migrate… moves the table to the edited model. */
    public static ToolTab model(TableModelViewModel planner, String table) {
        return ToolTab.of(Kind.TABLE_MODEL, "Model", table)
                .titled(planner.titleProperty())
                .view(() -> TableModelView.load(planner))
                .status(planner.statusProperty(), planner.runningProperty())
                .on(Action.MIGRATE, planner::migrate)
                .cancel(planner::cancel)
                .build();
    }

    /**
     * The partitions report of a table: how its items spread over partition-key values, its shard
     * groups, its item collections against the LSI limit, and the sharding advisor. The report
     * reads the whole table (or a sample): at once when {@code readAtOpen} (a local engine, where
     * reading costs nothing), else when asked (Read table, or Run).
     */
    public static ToolTab partitions(PartitionsViewModel report, boolean readAtOpen) {
        return ToolTab.of(Kind.PARTITIONS, "Partitions", report.table())
                .view(() -> PartitionsView.load(report))
                .status(report.readsProperty(), report.task().runningProperty())
                .figures(report.readFiguresProperty())
                .on(Action.RUN, report::run)
                .cancel(report.task()::cancel)
                .onFirstShown(
                        () -> {
                            if (readAtOpen) {
                                report.run();
                            }
                        })
                .build();
    }
}

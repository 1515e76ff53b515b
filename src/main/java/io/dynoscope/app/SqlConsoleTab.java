package io.dynoscope.app;

import io.dynoscope.ui.common.WorkbenchTab;
import io.dynoscope.ui.sql.SqlConsoleView;
import io.dynoscope.ui.sql.SqlConsoleViewModel;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.Node;

/** A SQL console tab on the active connection, opened from a table (whose name starts it off). */
final class SqlConsoleTab implements WorkbenchTab {

    private final SqlConsoleViewModel console;
    private final String table;
    private final ReadOnlyStringWrapper totals = new ReadOnlyStringWrapper("");
    private Node view;

    SqlConsoleTab(SqlConsoleViewModel console, String table) {
        this.console = console;
        this.table = table;
    }

    @Override
    public Kind kind() {
        return Kind.SQL_CONSOLE;
    }

    @Override
    public String title() {
        return "SQL · " + table;
    }

    @Override
    public String table() {
        return table;
    }

    @Override
    public Node content() {
        if (view == null) {
            view = SqlConsoleView.load(console);
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
            console.run(console.statementProperty().get());
        } else if (action == Action.CANCEL) {
            console.cancel();
        }
    }

    @Override
    public ReadOnlyStringProperty lastReadProperty() {
        return console.statusProperty();
    }

    @Override
    public ReadOnlyStringProperty totalsProperty() {
        return totals.getReadOnlyProperty();
    }

    @Override
    public ReadOnlyBooleanProperty busyProperty() {
        return console.runningProperty();
    }

    @Override
    public void close() {
        console.cancel();
    }
}

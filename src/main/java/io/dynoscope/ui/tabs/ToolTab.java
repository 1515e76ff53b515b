package io.dynoscope.ui.tabs;

import io.dynoscope.ui.common.WorkbenchTab;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableStringValue;
import javafx.scene.Node;

/**
 * A tab of a tool about one table (a SQL console, a table model, a partitions report): its view,
 * made when the tab is first shown, the actions of the menu bar it takes, and what it tells the
 * status bar. One class for every tool; {@link ToolTabs} builds each kind.
 */
public final class ToolTab implements WorkbenchTab {

    private final Kind kind;
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper();
    private final String table;
    private final Supplier<Node> view;
    private final Map<Action, Runnable> actions;
    private final Runnable stop;
    private final Runnable onFirstShown;
    private final ReadOnlyStringProperty status;
    private final ReadOnlyStringProperty figures;
    private final ReadOnlyBooleanProperty busy;
    private final ReadOnlyStringWrapper totals = new ReadOnlyStringWrapper("");
    private Node content;

    private ToolTab(Builder builder) {
        this.kind = builder.kind;
        if (builder.titled != null) {
            title.bind(builder.titled);
        } else {
            title.set(builder.title);
        }
        this.table = builder.table;
        this.view = Objects.requireNonNull(builder.view, "view");
        this.actions = Map.copyOf(builder.actions);
        this.stop = builder.stop;
        this.onFirstShown = builder.onFirstShown;
        this.status = Objects.requireNonNull(builder.status, "status");
        this.figures = builder.figures;
        this.busy = Objects.requireNonNull(builder.busy, "busy");
    }

    /** Starts a tool tab of {@code kind} about {@code table}, titled "{prefix} · {table}". */
    public static Builder of(Kind kind, String prefix, String table) {
        return new Builder(kind, prefix + " · " + table, table);
    }

    /** How a tool tab is put together. */
    public static final class Builder {
        private final Kind kind;
        private final String title;
        private final String table;
        private final Map<Action, Runnable> actions = new EnumMap<>(Action.class);
        private Supplier<Node> view;
        private Runnable stop = () -> {};
        private Runnable onFirstShown = () -> {};
        private ObservableStringValue titled;
        private ReadOnlyStringProperty status;
        private ReadOnlyStringProperty figures = NO_FIGURES;
        private ReadOnlyBooleanProperty busy;

        private Builder(Kind kind, String title, String table) {
            this.kind = kind;
            this.title = title;
            this.table = table;
        }

        /** A title that follows what the tool shows (the Model tab's table). */
        public Builder titled(ObservableStringValue changing) {
            this.titled = changing;
            return this;
        }

        /** The tool's view, loaded when the tab is first shown. */
        public Builder view(Supplier<Node> loader) {
            this.view = loader;
            return this;
        }

        /** What the tool says it did last (the status bar's line), and whether it is working. */
        public Builder status(ReadOnlyStringProperty line, ReadOnlyBooleanProperty working) {
            this.status = line;
            this.busy = working;
            return this;
        }

        /** The exact figures of the tool's last request, for the status line's tooltip. */
        public Builder figures(ReadOnlyStringProperty exact) {
            this.figures = exact;
            return this;
        }

        /** What an action of the menu bar (Run, Ctrl/Cmd+Enter, among them) does in this tool. */
        public Builder on(Action action, Runnable run) {
            actions.put(action, run);
            return this;
        }

        /** How the tool's work stops: Cancel (Esc), and closing the tab. */
        public Builder cancel(Runnable cancel) {
            actions.put(Action.CANCEL, cancel);
            this.stop = cancel;
            return this;
        }

        /** Work to start once the view is first shown (a report that reads at once). */
        public Builder onFirstShown(Runnable then) {
            this.onFirstShown = then;
            return this;
        }

        public ToolTab build() {
            return new ToolTab(this);
        }
    }

    @Override
    public Kind kind() {
        return kind;
    }

    @Override
    public String title() {
        return title.get();
    }

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
        if (content == null) {
            content = view.get();
            onFirstShown.run();
        }
        return content;
    }

    @Override
    public boolean supports(Action action) {
        return actions.containsKey(action);
    }

    @Override
    public void perform(Action action) {
        Runnable run = actions.get(action);
        if (run != null) {
            run.run();
        }
    }

    @Override
    public ReadOnlyStringProperty lastReadProperty() {
        return status;
    }

    @Override
    public ReadOnlyStringProperty lastReadFiguresProperty() {
        return figures;
    }

    @Override
    public ReadOnlyStringProperty totalsProperty() {
        return totals.getReadOnlyProperty();
    }

    @Override
    public ReadOnlyBooleanProperty busyProperty() {
        return busy;
    }

    @Override
    public void close() {
        stop.run();
    }
}

package io.dynoscope.ui.tabs;

import io.dynoscope.core.collection.CollectionOrder;
import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.core.expression.ExpressionMaps;
import io.dynoscope.core.expression.snippet.SnippetOptions;
import io.dynoscope.core.expression.snippet.SnippetRequest;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.core.transfer.TransferFormat;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.read.ReadRequest;
import io.dynoscope.service.write.ItemChange;
import io.dynoscope.service.write.ItemWrites;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.DialogService;
import io.dynoscope.ui.common.ErrorMessages;
import io.dynoscope.ui.common.ToolWindows;
import io.dynoscope.ui.common.Views;
import io.dynoscope.ui.common.WorkbenchTab;
import io.dynoscope.ui.drift.DriftInspectorView;
import io.dynoscope.ui.drift.DriftInspectorViewModel;
import io.dynoscope.ui.expression.ExpressionBuilderView;
import io.dynoscope.ui.expression.ExpressionBuilderViewModel;
import io.dynoscope.ui.expression.RequestSpecs;
import io.dynoscope.ui.grid.ItemGridView;
import io.dynoscope.ui.grid.ItemGridViewModel;
import io.dynoscope.ui.grid.SavedReadsViewModel;
import io.dynoscope.ui.item.InspectedTable;
import io.dynoscope.ui.item.ItemInspectorView;
import io.dynoscope.ui.item.ItemInspectorViewModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;

/**
 * A table tab: the grid with its read bar, and its tool windows — the item inspector, the
 * expression builder and the drift inspector — joined so that the inspector shows the grid's
 * selection, saves and deletes update the grid, and the builder's reads run into the grid (which
 * shows them in its read bar) while its writes run after the user confirms the exact request.
 */
public final class TableTab implements WorkbenchTab {

    private final ItemGridViewModel grid;
    private final ItemInspectorViewModel inspector;
    private final DriftInspectorViewModel drift;
    private final BackgroundWork work;
    private final DialogService dialogs;
    private final ToolWindows tools;
    // The view is made when the tab is first shown (not in tests that drive the view models only).
    private StackPane expressionHolder;
    private ItemGridView gridView;
    private Parent view;
    private ExpressionBuilderViewModel builder;
    private SnippetRequest pendingBuilderRequest;
    private final SavedReadsViewModel savedReads;
    private final ConnectionServices services;
    private final SnippetOptions snippetOptions;
    private final List<Consumer<ExpressionBuilderViewModel>> builderListeners = new ArrayList<>();

    /**
     * @param services the table's connection: the inspector's and builder's writes go through it
     * @param drift the table's drift inspector
     * @param snippetOptions where the builder's snippets connect
     * @param savedReads the table's saved reads and its connection's history, or null without
     *     settings
     */
    public TableTab(
            ItemGridViewModel grid,
            ConnectionServices services,
            DriftInspectorViewModel drift,
            BackgroundWork work,
            DialogService dialogs,
            ToolWindows tools,
            SnippetOptions snippetOptions,
            SavedReadsViewModel savedReads) {
        this.grid = grid;
        this.services = services;
        this.work = work;
        this.dialogs = dialogs;
        this.inspector = new ItemInspectorViewModel(work);
        this.drift = drift;
        joinInspector();
        joinDrift();
        grid.tableInfoProperty().addListener((obs, old, info) -> tableDescribed(info));
        // the builder follows the reads the grid runs (until the person changes it)
        grid.onReadLogged(
                finished -> {
                    if (builder != null) {
                        builder.follow(finished.request());
                    }
                });
        this.tools = tools;
        this.snippetOptions = snippetOptions;
        this.savedReads = savedReads;
    }

    /**
     * Called with the tab's expression builder when it is made (once the table is described and the
     * tab shown): the settings restore its saved expressions there.
     */
    public void onExpressionBuilder(Consumer<ExpressionBuilderViewModel> listener) {
        builderListeners.add(listener);
        if (builder != null) {
            listener.accept(builder);
        }
    }

    /**
     * Opens a request made elsewhere (a SQL console's plan) in this tab's expression builder: its
     * key condition (or, for a Scan, its filter) with its maps, index and direction.
     */
    public void openInBuilder(SnippetRequest request) {
        content();
        tools.bottomProperty().set(ToolWindows.Bottom.EXPRESSION_BUILDER);
        if (builder == null) {
            pendingBuilderRequest = request; // opened once the table is described
            return;
        }
        ExpressionKind kind =
                request.expressions().containsKey(ExpressionKind.KEY_CONDITION)
                        ? ExpressionKind.KEY_CONDITION
                        : request.expressions().keySet().stream().findFirst().orElse(null);
        if (kind == null) {
            return;
        }
        builder.kindProperty().set(kind);
        request.index().ifPresent(builder.indexProperty()::set);
        builder.newestFirstProperty().set(!request.scanForward());
        CompiledExpression expression = request.expression(kind);
        builder.load(
                expression.text(),
                ExpressionMaps.namesJson(expression.names()),
                ExpressionMaps.valuesJson(expression.values()));
    }

    public ItemGridViewModel grid() {
        return grid;
    }

    public DriftInspectorViewModel drift() {
        return drift;
    }

    public ItemInspectorViewModel inspector() {
        return inspector;
    }

    /** The inspector shows the grid's selection; its saves and deletes update the grid. */
    private void joinInspector() {
        inspector.itemProperty().bind(grid.loaded().selectedItemProperty());
        grid.onDeleteRequested(inspector.saves()::requestDelete);
        grid.onEditRequested(
                (item, duplicate) -> {
                    if (duplicate) {
                        inspector.startDuplicate();
                    } else {
                        inspector.startEdit();
                    }
                });
        // the saved item is selected while the inspector shows it; a row the person selected while
        // the save ran stays selected
        inspector.addItemChangeListener(
                change ->
                        grid.loaded()
                                .itemChanged(
                                        change,
                                        change instanceof ItemChange.Saved saved
                                                && inspector.shownItemProperty().get()
                                                        == saved.item()));
        // what a save or delete cost shows in the status line, like a read's
        inspector
                .saves()
                .lastWriteProperty()
                .addListener(
                        (obs, old, written) -> {
                            if (written != null) {
                                grid.showWrite(written.what(), written.consumedCapacity());
                            }
                        });
    }

    /**
     * The drift inspector's reads count in the tab's total and its fixes show in the status line;
     * what the inspector said of its last save goes once the next read or drift task starts, and
     * the status line's refused save once its conflict is settled.
     */
    private void joinDrift() {
        drift.onReads(reads -> grid.addRead("Drift detection", reads));
        drift.onFix(done -> grid.showWrite("Drift fix", done.consumedCapacity()));
        grid.runningProperty().addListener((obs, was, is) -> forgetWhatTheInspectorSaid(is));
        drift.task()
                .runningProperty()
                .addListener((obs, was, is) -> forgetWhatTheInspectorSaid(is));
        inspector
                .saves()
                .conflictProperty()
                .addListener(
                        (obs, old, conflict) -> {
                            if (conflict == null) {
                                grid.forgetWrite();
                            }
                        });
    }

    private void forgetWhatTheInspectorSaid(boolean started) {
        if (started) {
            inspector.saves().forgetStatus();
        }
    }

    private void tableDescribed(TableInfo info) {
        if (info == null) {
            return;
        }
        inspector.tableProperty().set(new InspectedTable(info, services));
        if (expressionHolder != null) {
            expressionHolder.getChildren().setAll(expressionBuilder(info));
        }
    }

    private Node expressionBuilder(TableInfo info) {
        ExpressionBuilderViewModel builder = new ExpressionBuilderViewModel(info, snippetOptions);
        builder.readOnlyReasonProperty().set(services.readOnlyReason().orElse(""));
        this.builder = builder;
        builderListeners.forEach(l -> l.accept(builder));
        // it starts from the read bar's key
        grid.readBar().current().ifPresent(builder::follow);
        builder.knownAttributes().setAll(grid.columns());
        grid.columns()
                .addListener(
                        (ListChangeListener<String>)
                                change -> {
                                    for (String column : grid.columns()) {
                                        if (!builder.knownAttributes().contains(column)) {
                                            builder.knownAttributes().add(column);
                                        }
                                    }
                                });
        builder.setOnRun(request -> runBuilt(info, request));
        // its view is built when the tool is first shown: most tabs never show it
        Parent builderView = Views.lazy(() -> ExpressionBuilderView.load(builder));
        if (pendingBuilderRequest != null) {
            SnippetRequest pending = pendingBuilderRequest;
            pendingBuilderRequest = null;
            openInBuilder(pending);
        }
        builderView.setId("expressionBuilder");
        return builderView;
    }

    /** A read runs into the grid (and shows in its read bar); a write runs once confirmed. */
    private void runBuilt(TableInfo info, SnippetRequest request) {
        ItemWrites writes = services.writes(info.name(), info.keySchema());
        switch (request.operation()) {
            case QUERY, SCAN, GET_ITEM -> {
                ReadRequest read;
                try {
                    read = ReadRequest.of(request, info, grid.readBar().limitProperty().get());
                } catch (IllegalArgumentException e) {
                    warn("This read cannot run: " + e.getMessage());
                    return;
                }
                // a Scan in place of the Query shown, or of the whole table, is said first
                ScanQuestion.of(
                                read,
                                grid.readBar().modeProperty().get(),
                                grid.readBar().partitionKeyValueProperty().get(),
                                info)
                        .ifPresentOrElse(
                                q ->
                                        dialogs.confirm(
                                                "Run a Scan",
                                                q.header(),
                                                q.body(),
                                                "Run the Scan",
                                                () -> grid.run(read)),
                                () -> grid.run(read));
            }
            case UPDATE_ITEM -> {
                var update = RequestSpecs.update(request);
                confirm(
                        "UpdateItem",
                        request,
                        update.condition() == null,
                        () -> runWrite("UpdateItem", () -> writes.update(update)));
            }
            case DELETE_ITEM -> {
                var condition = RequestSpecs.deleteCondition(request);
                confirm(
                        "DeleteItem",
                        request,
                        condition == null,
                        () ->
                                runWrite(
                                        "DeleteItem",
                                        () ->
                                                writes.delete(
                                                        request.key().orElseThrow(), condition)));
            }
        }
    }

    private void runWrite(String operation, Supplier<ItemWrites.BuiltWrite> write) {
        work.submit(
                operation + " on " + grid.tableName(),
                cancellation -> write.get(),
                done -> {
                    grid.showWrite(
                            operation + (done.change() == null ? " refused" : ""),
                            done.outcome().consumedCapacity());
                    if (done.change() == null) {
                        warn(operation + ": the condition did not hold, so nothing was written.");
                    } else {
                        grid.itemChanged(done.change());
                    }
                },
                error -> warn(operation + " failed: " + ErrorMessages.describe(error)));
    }

    /** Shows the exact write and asks before sending it; a write without a condition says so. */
    private void confirm(
            String operation, SnippetRequest request, boolean unconditional, Runnable send) {
        StringBuilder text = new StringBuilder();
        text.append("Table: ").append(request.table()).append('\n');
        request.key()
                .ifPresent(
                        key ->
                                text.append("Key: ")
                                        .append(ItemJson.DYNAMODB.write(key.asItem()))
                                        .append('\n'));
        request.expressions()
                .forEach(
                        (kind, expression) ->
                                text.append(kind.parameterName())
                                        .append(": ")
                                        .append(expression)
                                        .append('\n'));
        if (unconditional) {
            text.append(
                    "\nThis write has no condition: it changes the item whatever it holds now.");
        }
        dialogs.confirm(
                "Run " + operation,
                "Run this " + operation + "?",
                text.toString(),
                "Run " + operation,
                send);
    }

    private void warn(String message) {
        dialogs.warn(null, message);
    }

    // ---- the tab -------------------------------------------------------------------------------

    @Override
    public Kind kind() {
        return Kind.TABLE;
    }

    @Override
    public String title() {
        return grid.tableName();
    }

    @Override
    public String table() {
        return grid.tableName();
    }

    @Override
    public Node content() {
        if (view == null) {
            expressionHolder = new StackPane(new Label("Reading the table's description…"));
            if (grid.tableInfoProperty().get() != null) {
                expressionHolder
                        .getChildren()
                        .setAll(expressionBuilder(grid.tableInfoProperty().get()));
            }
            gridView =
                    new ItemGridView(
                            grid,
                            tools,
                            Views.lazy(() -> ItemInspectorView.load(inspector)),
                            Map.of(
                                    ToolWindows.Bottom.EXPRESSION_BUILDER,
                                    expressionHolder,
                                    ToolWindows.Bottom.DRIFT_INSPECTOR,
                                    Views.lazy(() -> DriftInspectorView.load(drift))));
            gridView.setSavedReads(savedReads);
            view = ItemGridView.load(gridView);
        }
        return view;
    }

    @Override
    public boolean supports(Action action) {
        return action != Action.MIGRATE; // a Model tab migrates its table
    }

    @Override
    public void perform(Action action) {
        content(); // the view's actions need the view
        switch (action) {
            case RUN -> grid.run();
            case CANCEL -> grid.cancel();
            case LOAD_MORE -> grid.loadMore();
            case FOCUS_INPUT -> gridView.focusReadBar();
            case DESCRIBE -> gridView.showDescription();
            case COLLAPSE_ALL -> grid.loaded().collapseAll();
            case EXPAND_ALL -> grid.loaded().expandAll();
            case EXPORT_ALL -> gridView.export(false, TransferFormat.JSON);
            case EXPORT_SELECTION -> gridView.export(true, TransferFormat.JSON);
            case REFRESH -> grid.run();
            case ORDER_BY_PARTITION_KEY ->
                    grid.loaded().orderCollections(CollectionOrder.PARTITION_KEY);
            case ORDER_AS_READ -> grid.loaded().orderCollections(CollectionOrder.ARRIVAL);
            case EDIT_ITEM -> inspector.startEdit();
            case NEW_ITEM -> inspector.startCreate();
            case DUPLICATE_ITEM -> inspector.startDuplicate();
            case DELETE_SELECTION -> gridView.deleteSelection();
            case FIND_IN_ROWS -> gridView.showFind();
            case SAVED_READS -> gridView.showSavedReads();
        }
    }

    @Override
    public ReadOnlyStringProperty lastReadProperty() {
        return grid.lastReadProperty();
    }

    @Override
    public ReadOnlyStringProperty totalsProperty() {
        return grid.totalsProperty();
    }

    @Override
    public ReadOnlyBooleanProperty busyProperty() {
        return grid.busyProperty();
    }

    @Override
    public void close() {
        grid.cancel();
    }
}

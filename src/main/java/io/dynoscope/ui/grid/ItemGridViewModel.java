package io.dynoscope.ui.grid;

import io.dynoscope.core.collection.CollectionRow;
import io.dynoscope.core.collection.GroupingOptions;
import io.dynoscope.core.collection.ItemCollection;
import io.dynoscope.core.collection.ItemCollections;
import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemSize;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.repository.DynamoRepository;
import io.dynoscope.repository.Page;
import io.dynoscope.repository.PageListener;
import io.dynoscope.repository.QuerySpec;
import io.dynoscope.repository.ReadResult;
import io.dynoscope.repository.ReadStatistics;
import io.dynoscope.repository.ScanSpec;
import io.dynoscope.repository.TableInfo;
import io.dynoscope.repository.UpdateSpec;
import io.dynoscope.repository.WriteOutcome;
import io.dynoscope.repository.WriteOutcome.ConditionFailed;
import io.dynoscope.repository.WriteOutcome.Written;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.ErrorMessages;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map.Entry;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * One open table: the read form (Query or Scan, index, key condition, filter, projection), the
 * grouped rows of what was read, the columns, and the last read's statistics. Reads run in the
 * background and stream their pages into the grouping as they arrive; they can be cancelled and
 * continued ("load more").
 */
public final class ItemGridViewModel {

    /** What the next read is. */
    public enum ReadMode {
        QUERY("Query"),
        SCAN("Scan");

        private final String label;

        ReadMode(String label) {
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /** The sort-key comparison of a Query, or none. */
    public enum SortKeyOperator {
        NONE("any"),
        EQ("="),
        LT("<"),
        LE("<="),
        GT(">"),
        GE(">="),
        BETWEEN("between"),
        BEGINS_WITH("begins_with");

        private final String label;

        SortKeyOperator(String label) {
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /** The index choice that means "the table itself". */
    public static final String TABLE = "(table)";

    static final int DEFAULT_LIMIT = 1000;

    private final String tableName;
    private final DynamoRepository repository;
    private final BackgroundWork work;

    private final ReadOnlyObjectWrapper<TableInfo> tableInfo = new ReadOnlyObjectWrapper<>();
    private final ObservableList<String> indexChoices = FXCollections.observableArrayList(TABLE);
    private final ObjectProperty<ReadMode> mode = new SimpleObjectProperty<>(ReadMode.QUERY);
    private final StringProperty index = new SimpleStringProperty(TABLE);
    private final StringProperty partitionKeyValue = new SimpleStringProperty("");
    private final ObjectProperty<SortKeyOperator> sortKeyOperator =
            new SimpleObjectProperty<>(SortKeyOperator.NONE);
    private final StringProperty sortKeyValue = new SimpleStringProperty("");
    private final StringProperty sortKeyUpper = new SimpleStringProperty("");
    private final BooleanProperty newestFirst = new SimpleBooleanProperty(false);
    private final StringProperty filterExpression = new SimpleStringProperty("");
    private final StringProperty projectionExpression = new SimpleStringProperty("");
    private final StringProperty expressionNames = new SimpleStringProperty("");
    private final StringProperty expressionValues = new SimpleStringProperty("");
    private final IntegerProperty segments = new SimpleIntegerProperty(1);
    private final IntegerProperty limit = new SimpleIntegerProperty(DEFAULT_LIMIT);
    private final StringProperty parentMarker = new SimpleStringProperty("META");

    private final ReadOnlyStringWrapper partitionKeyName =
            new ReadOnlyStringWrapper("partition key");
    private final ReadOnlyStringWrapper sortKeyName = new ReadOnlyStringWrapper("");
    private final CollectionRowList rows = new CollectionRowList();
    private final ObservableList<String> columns = FXCollections.observableArrayList();
    private final Set<String> knownColumns = new LinkedHashSet<>();
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper canLoadMore = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper statusLine = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<ReadStatistics> lastStatistics =
            new ReadOnlyObjectWrapper<>(ReadStatistics.NONE);
    private final ReadOnlyObjectWrapper<Item> selectedItem = new ReadOnlyObjectWrapper<>();

    private final ReadOnlyIntegerWrapper rowToSelect = new ReadOnlyIntegerWrapper(-1);
    private final List<Consumer<List<Item>>> deleteRequests = new CopyOnWriteArrayList<>();
    private ItemCollections collections;
    private BackgroundWork.Handle currentRead;
    private ReadRequest lastRequest;
    private Key resumeKey;
    private long pagesReceived;
    private long itemsReceived;
    private ReadStatistics accumulated = ReadStatistics.NONE;
    private final List<Consumer<ItemGridViewModel>> afterReadListeners =
            new CopyOnWriteArrayList<>();

    public ItemGridViewModel(String tableName, DynamoRepository repository, BackgroundWork work) {
        this.tableName = tableName;
        this.repository = repository;
        this.work = work;
    }

    /** Reads the table's description (keys, indexes); called once when the tab opens. */
    public BackgroundWork.Handle describe() {
        message.set("");
        return work.submit(
                "describe " + tableName,
                c -> repository.describeTable(tableName),
                info -> {
                    tableInfo.set(info);
                    List<String> choices = new ArrayList<>();
                    choices.add(TABLE);
                    info.indexes().forEach(i -> choices.add(i.name()));
                    String chosen = index.get();
                    indexChoices.setAll(choices);
                    // a ComboBox clears its value when its items are replaced: keep the choice, or
                    // the table
                    index.set(chosen != null && choices.contains(chosen) ? chosen : TABLE);
                    updateKeyNames();
                },
                error -> message.set(ErrorMessages.describe(error)));
    }

    private void updateKeyNames() {
        TableInfo info = tableInfo.get();
        if (info == null) {
            return;
        }
        KeySchema keys = info.keySchemaOf(selectedIndex());
        partitionKeyName.set(keys.partitionKey());
        sortKeyName.set(keys.sortKey().orElse(""));
    }

    // ---- reading ---------------------------------------------------------------------------

    /** Starts a new read from the form; what was loaded before is replaced. */
    public void run() {
        if (running.get()) {
            return;
        }
        TableInfo info = tableInfo.get();
        if (info == null) {
            message.set("The table's description has not been read yet.");
            return;
        }
        ReadRequest request;
        try {
            request = ReadForm.toRequest(this, info);
        } catch (IllegalArgumentException e) {
            message.set(e.getMessage());
            return;
        }
        startNew(request, info);
    }

    /** Runs a Query built elsewhere (the expression builder) into this grid. */
    public void run(QuerySpec query) {
        runReady(ReadRequest.of(query));
    }

    /** Runs a Scan built elsewhere (the expression builder) into this grid. */
    public void run(ScanSpec scan) {
        runReady(ReadRequest.of(scan.withLimit(scan.limit() == 0 ? limit.get() : scan.limit())));
    }

    private void runReady(ReadRequest request) {
        TableInfo info = tableInfo.get();
        if (running.get() || info == null) {
            return;
        }
        if (request.readyQuery() != null && request.readyQuery().limit() == 0) {
            request = ReadRequest.of(request.readyQuery().withLimit(limit.get()));
        }
        startNew(request, info);
    }

    private void startNew(ReadRequest request, TableInfo info) {
        lastRequest = request;
        KeySchema keys = info.keySchemaOf(request.index());
        GroupingOptions options =
                GroupingOptions.of(keys)
                        .withDirection(request.direction())
                        .withLocalSecondaryIndex(info.hasLocalSecondaryIndex());
        String marker = parentMarker.get() == null ? "" : parentMarker.get().strip();
        if (!marker.isEmpty()
                && keys.sortKey().isPresent()
                && "S".equals(info.keyAttributeTypes().get(keys.sortKey().get()))) {
            options = options.withParentMarker(marker);
        }
        collections = new ItemCollections(options, ItemSize::of);
        knownColumns.clear();
        knownColumns.add(keys.partitionKey());
        keys.sortKey().ifPresent(knownColumns::add);
        if (request.index() != null) {
            knownColumns.add(info.keySchema().partitionKey());
            info.keySchema().sortKey().ifPresent(knownColumns::add);
        }
        columns.setAll(knownColumns);
        rows.show(collections);
        accumulated = ReadStatistics.NONE;
        start(request, null);
    }

    /** Continues the last read where its limit stopped it. */
    public void loadMore() {
        if (running.get() || resumeKey == null || lastRequest == null) {
            return;
        }
        start(lastRequest, resumeKey);
    }

    public void cancel() {
        if (currentRead != null) {
            currentRead.cancel();
        }
    }

    private void start(ReadRequest request, Key startAfter) {
        running.set(true);
        canLoadMore.set(false);
        message.set("");
        pagesReceived = 0;
        itemsReceived = 0;
        statusLine.set("reading " + tableName + "…");
        ItemCollections target = collections;
        currentRead =
                work.submit(
                        request.describe(),
                        cancellation -> {
                            var listener =
                                    (PageListener)
                                            page -> {
                                                work.ui().execute(() -> accept(target, page));
                                                return true;
                                            };
                            return request.mode() == ReadMode.QUERY
                                    ? repository.query(
                                            request.query(startAfter), listener, cancellation)
                                    : repository.scan(
                                            request.scan(startAfter), listener, cancellation);
                        },
                        result -> finish(target, result),
                        error -> {
                            running.set(false);
                            message.set(ErrorMessages.describe(error));
                            statusLine.set(tableName + ": the read failed");
                        });
    }

    private void accept(ItemCollections target, Page page) {
        if (target != collections) {
            return; // a page of a read that a newer read replaced
        }
        target.addPage(page.items());
        List<String> newColumns = new ArrayList<>();
        for (Item item : page.items()) {
            for (String name : item.attributes().keySet()) {
                if (knownColumns.add(name)) {
                    newColumns.add(name);
                }
            }
        }
        if (!newColumns.isEmpty()) {
            columns.addAll(newColumns); // one change, so the view adds its columns once
        }
        pagesReceived++;
        itemsReceived += page.items().size();
        rows.refresh();
        statusLine.set(
                "reading… "
                        + pagesReceived
                        + (pagesReceived == 1 ? " request · " : " requests · ")
                        + String.format("%,d", itemsReceived)
                        + " items");
    }

    private void finish(ItemCollections target, ReadResult result) {
        running.set(false);
        if (target != collections) {
            return;
        }
        resumeKey = result.resumeKey();
        canLoadMore.set(resumeKey != null);
        accumulated = add(accumulated, result.statistics());
        lastStatistics.set(result.statistics());
        statusLine.set(StatusText.of(result.statistics(), result.cancelled(), resumeKey != null));
        afterReadListeners.forEach(l -> l.accept(this));
    }

    private static ReadStatistics add(ReadStatistics a, ReadStatistics b) {
        return new ReadStatistics(
                a.requests() + b.requests(),
                a.consumedCapacity() + b.consumedCapacity(),
                a.scannedCount() + b.scannedCount(),
                a.returnedCount() + b.returnedCount(),
                a.elapsed().plus(b.elapsed()));
    }

    /** Called after every read ends (tests and the UI use it to wait for a read). */
    public void onReadFinished(Consumer<ItemGridViewModel> listener) {
        afterReadListeners.add(listener);
    }

    // ---- collections -----------------------------------------------------------------------

    public void toggleCollapsed(ItemCollection collection) {
        if (collections != null) {
            collections.toggleCollapsed(collection);
            rows.refresh();
        }
    }

    public void collapseAll() {
        if (collections != null) {
            collections.collapseAll();
            rows.refresh();
        }
    }

    public void expandAll() {
        if (collections != null) {
            collections.expandAll();
            rows.refresh();
        }
    }

    /**
     * The header row of the collection after (or before) the one containing {@code fromRow}, or -1.
     */
    public int neighbourCollectionRow(int fromRow, boolean forward) {
        if (collections == null || collections.collectionCount() == 0) {
            return -1;
        }
        List<ItemCollection> all = collections.collections();
        int current = -1;
        if (fromRow >= 0 && fromRow < rows.size()) {
            ItemCollection here = rows.get(fromRow).collection();
            current = all.indexOf(here);
        }
        int next = forward ? current + 1 : (current <= 0 ? 0 : current - 1);
        if (!forward && current >= 0 && fromRow != collections.headerRow(all.get(current))) {
            next = current; // from inside a block, "previous" goes to its own header first
        }
        if (next < 0 || next >= all.size()) {
            return -1;
        }
        return collections.headerRow(all.get(next));
    }

    /** The collections as read, for tests and export. */
    public ItemCollections collections() {
        return collections;
    }

    /** Every loaded item, in grid order (collapsed collections included). */
    public List<Item> loadedItems() {
        List<Item> all = new ArrayList<>();
        if (collections != null) {
            for (ItemCollection c : collections.collections()) {
                all.addAll(c.items());
            }
        }
        return all;
    }

    public void select(CollectionRow row) {
        selectedItem.set(row instanceof CollectionRow.ItemRow itemRow ? itemRow.item() : null);
    }

    // ---- changes made in the inspector -----------------------------------------------------

    /**
     * Shows a saved item in place of the loaded one with its key (or adds it to a matching read).
     */
    public void itemSaved(Item item) {
        TableInfo info = tableInfo.get();
        if (info == null || collections == null) {
            return;
        }
        Key key = info.keySchema().keyOf(item);
        boolean removed = removeLoaded(key, item);
        // an index view shows the item only while it still has the index's key attributes
        KeySchema view = collections.options().keySchema();
        boolean inView =
                item.attributes().containsKey(view.partitionKey())
                        && view.sortKey().map(item.attributes()::containsKey).orElse(true);
        if (inView && (removed || belongsToLastRead(item))) {
            collections.addPage(List.of(item));
        }
        if (removed || inView) {
            refreshRows();
        }
        selectRow(key);
    }

    /** Takes a deleted item out of the grid. */
    public void itemDeleted(Key key) {
        TableInfo info = tableInfo.get();
        if (info != null && collections != null && removeLoaded(key, null)) {
            refreshRows();
        }
    }

    /**
     * Removes the loaded item with this table key, looking first in the collection the saved item
     * belongs to (its partition in the current view); no item is copied, so a million rows stay
     * cheap.
     */
    private boolean removeLoaded(Key key, Item saved) {
        String viewPartitionKey = collections.options().keySchema().partitionKey();
        AttributeValue likely = saved == null ? null : saved.attributes().get(viewPartitionKey);
        return collections.remove(likely, loaded -> hasKey(loaded, key));
    }

    private static boolean hasKey(Item item, Key key) {
        for (Entry<String, AttributeValue> part : key.attributes().entrySet()) {
            if (!part.getValue().equals(item.attributes().get(part.getKey()))) {
                return false;
            }
        }
        return true;
    }

    /** After an edit: the row count may not have changed, so the rows are announced afresh. */
    private void refreshRows() {
        rows.show(collections);
    }

    private boolean belongsToLastRead(Item item) {
        if (lastRequest == null || lastRequest.ready()) {
            return false;
        }
        if (lastRequest.mode() == ReadMode.SCAN) {
            return lastRequest.filter() == null;
        }
        KeyCondition keyCondition = lastRequest.keyCondition();
        return keyCondition.sortKey().isEmpty()
                && lastRequest.filter() == null
                && keyCondition
                        .partitionValue()
                        .equals(item.attributes().get(keyCondition.keys().partitionKey()));
    }

    private void selectRow(Key key) {
        TableInfo info = tableInfo.get();
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i) instanceof CollectionRow.ItemRow row
                    && info.keySchema().keyOf(row.item()).equals(key)) {
                rowToSelect.set(-1);
                rowToSelect.set(i);
                return;
            }
        }
    }

    /** A row the view should select (after an edit put the saved item in place), or -1. */
    public ReadOnlyIntegerProperty rowToSelectProperty() {
        return rowToSelect.getReadOnlyProperty();
    }

    /** Asks whoever deletes items (the inspector, which confirms first) to delete these. */
    public void requestDelete(List<Item> items) {
        if (!items.isEmpty()) {
            deleteRequests.forEach(l -> l.accept(List.copyOf(items)));
        }
    }

    public void onDeleteRequested(Consumer<List<Item>> listener) {
        deleteRequests.add(listener);
    }

    public DynamoRepository repository() {
        return repository;
    }

    // ---- writes built elsewhere (the expression builder) -------------------------------------

    /** Runs an UpdateItem the user built and confirmed; the updated item then shows in the grid. */
    public BackgroundWork.Handle runUpdate(UpdateSpec update) {
        return runWrite("UpdateItem", update.key(), () -> repository.updateItem(update), false);
    }

    /** Runs a DeleteItem the user built and confirmed; the item then leaves the grid. */
    public BackgroundWork.Handle runDelete(Key key, CompiledExpression condition) {
        return runWrite(
                "DeleteItem", key, () -> repository.deleteItem(tableName, key, condition), true);
    }

    private BackgroundWork.Handle runWrite(
            String operation, Key key, Supplier<WriteOutcome> write, boolean delete) {
        message.set("");
        return work.submit(
                operation + " on " + tableName,
                cancellation -> {
                    WriteOutcome outcome = write.get();
                    Item now =
                            outcome instanceof Written && !delete
                                    ? repository.getItem(tableName, key, true).item().orElse(null)
                                    : null;
                    return new WriteDone(outcome, now);
                },
                done -> {
                    if (done.outcome() instanceof ConditionFailed) {
                        statusLine.set(
                                operation + ": the condition did not hold, so nothing was written");
                        message.set(
                                operation
                                        + ": the condition did not hold, so nothing was written.");
                    } else {
                        statusLine.set(operation + " done");
                        if (delete) {
                            itemDeleted(key);
                        } else if (done.item() != null) {
                            itemSaved(done.item());
                        }
                    }
                },
                error -> message.set(ErrorMessages.describe(error)));
    }

    private record WriteDone(WriteOutcome outcome, Item item) {}

    // ---- export ----------------------------------------------------------------------------

    /** Writes the given items (the selection, or everything loaded) to a file in the background. */
    public BackgroundWork.Handle export(List<Item> items, ExportFormat format, Path target) {
        TableInfo info = tableInfo.get();
        KeySchema keys = info == null ? null : info.keySchema();
        List<Item> snapshot = List.copyOf(items);
        running.set(true);
        statusLine.set("exporting " + String.format("%,d", snapshot.size()) + " items…");
        currentRead =
                work.submit(
                        "export " + tableName,
                        cancellation -> {
                            format.write(
                                    snapshot,
                                    keys,
                                    target,
                                    cancellation,
                                    written ->
                                            work.ui()
                                                    .execute(
                                                            () ->
                                                                    statusLine.set(
                                                                            "exporting… "
                                                                                    + String.format(
                                                                                            "%,d",
                                                                                            written)
                                                                                    + " of "
                                                                                    + String.format(
                                                                                            "%,d",
                                                                                            snapshot
                                                                                                    .size())
                                                                                    + " items")));
                            return snapshot.size();
                        },
                        count -> {
                            running.set(false);
                            statusLine.set(
                                    "exported "
                                            + String.format("%,d", count)
                                            + " items to "
                                            + target);
                        },
                        error -> {
                            running.set(false);
                            statusLine.set("export failed");
                            message.set(
                                    "Export to "
                                            + target
                                            + " failed: "
                                            + ErrorMessages.describe(error));
                        });
        return currentRead;
    }

    // ---- accessors -------------------------------------------------------------------------

    public String tableName() {
        return tableName;
    }

    String selectedIndex() {
        String chosen = index.get();
        return chosen == null || chosen.isBlank() || TABLE.equals(chosen) ? null : chosen;
    }

    public ReadOnlyObjectProperty<TableInfo> tableInfoProperty() {
        return tableInfo.getReadOnlyProperty();
    }

    public ObservableList<String> indexChoices() {
        return indexChoices;
    }

    public ObjectProperty<ReadMode> modeProperty() {
        return mode;
    }

    public StringProperty indexProperty() {
        return index;
    }

    public StringProperty partitionKeyValueProperty() {
        return partitionKeyValue;
    }

    public ObjectProperty<SortKeyOperator> sortKeyOperatorProperty() {
        return sortKeyOperator;
    }

    public StringProperty sortKeyValueProperty() {
        return sortKeyValue;
    }

    public StringProperty sortKeyUpperProperty() {
        return sortKeyUpper;
    }

    public BooleanProperty newestFirstProperty() {
        return newestFirst;
    }

    public StringProperty filterExpressionProperty() {
        return filterExpression;
    }

    public StringProperty projectionExpressionProperty() {
        return projectionExpression;
    }

    public StringProperty expressionNamesProperty() {
        return expressionNames;
    }

    public StringProperty expressionValuesProperty() {
        return expressionValues;
    }

    public IntegerProperty segmentsProperty() {
        return segments;
    }

    public IntegerProperty limitProperty() {
        return limit;
    }

    public StringProperty parentMarkerProperty() {
        return parentMarker;
    }

    public ReadOnlyStringProperty partitionKeyNameProperty() {
        return partitionKeyName.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty sortKeyNameProperty() {
        return sortKeyName.getReadOnlyProperty();
    }

    public ObservableList<CollectionRow> rows() {
        return rows;
    }

    public ObservableList<String> columns() {
        return columns;
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canLoadMoreProperty() {
        return canLoadMore.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusLineProperty() {
        return statusLine.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<ReadStatistics> lastStatisticsProperty() {
        return lastStatistics.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Item> selectedItemProperty() {
        return selectedItem.getReadOnlyProperty();
    }

    /** Reacts to the index choice: key names follow the chosen index. */
    void indexChanged() {
        updateKeyNames();
    }
}

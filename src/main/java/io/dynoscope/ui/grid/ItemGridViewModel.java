package io.dynoscope.ui.grid;

import io.dynoscope.core.collection.CollectionOrder;
import io.dynoscope.core.collection.CollectionRow;
import io.dynoscope.core.collection.GroupingOptions;
import io.dynoscope.core.collection.ItemCollection;
import io.dynoscope.core.collection.ItemCollections;
import io.dynoscope.core.collection.ItemOrder;
import io.dynoscope.core.collection.ShardedCollection;
import io.dynoscope.core.expression.ExpressionCompiler;
import io.dynoscope.core.expression.ExpressionMaps;
import io.dynoscope.core.expression.Row;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.EpochTime;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemSize;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.item.KeyValues;
import io.dynoscope.core.model.EntityLabels;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.partitions.ShardedKey;
import io.dynoscope.core.transfer.ExportFormat;
import io.dynoscope.repository.DynamoRepository;
import io.dynoscope.repository.Page;
import io.dynoscope.repository.ReadResult;
import io.dynoscope.repository.ReadStatistics;
import io.dynoscope.repository.TableInfo;
import io.dynoscope.service.read.FanOutRead;
import io.dynoscope.service.read.QueryHint;
import io.dynoscope.service.read.ReadMode;
import io.dynoscope.service.read.ReadRequest;
import io.dynoscope.service.read.ReadSession;
import io.dynoscope.service.read.TableReads;
import io.dynoscope.service.transfer.ExportService;
import io.dynoscope.service.write.ItemChange;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.ErrorMessages;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map.Entry;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.ObservableSet;

/**
 * One open table: its read bar, the item collections of what was read, the columns, and what the
 * reads cost. Reads run in the background and stream their pages into the grouping as they arrive;
 * they can be cancelled and continued ("load more"). A read that fails before its first page leaves
 * the rows already loaded in place.
 *
 * <p>A Query of a write-sharded key ({@code WS#acme#{01..10}}, or a value the table's model shards)
 * is a fan-out that shows one logical collection; with a model, rows carry their entity's label.
 * The loaded rows can be searched ({@link #find}) and each collection's items ordered by an
 * attribute ({@link #orderItems}) without a new read. A Scan whose filter pins a partition key
 * offers the Query that reads that collection only ({@link #queryHintProperty()}).
 */
public final class ItemGridViewModel {

    /** How many items the read a tab makes when it opens asks for: one request's worth. */
    static final int FIRST_PAGE_ITEMS = 100;

    private final String tableName;
    private final DynamoRepository repository;
    private final BackgroundWork work;
    private final ReadBarViewModel readBar = new ReadBarViewModel();

    private final ReadOnlyObjectWrapper<TableInfo> tableInfo = new ReadOnlyObjectWrapper<>();
    private final CollectionRowList rows = new CollectionRowList();
    private final ObservableList<String> columns = FXCollections.observableArrayList();
    private final Set<String> knownColumns = new LinkedHashSet<>();
    private final ObservableList<String> columnOrder = FXCollections.observableArrayList();
    private final ObservableSet<String> hiddenColumns = FXCollections.observableSet();
    private final ReadOnlyIntegerWrapper rowsRestyled = new ReadOnlyIntegerWrapper();
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper canLoadMore = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper lastRead = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper totals = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<ReadStatistics> lastStatistics =
            new ReadOnlyObjectWrapper<>(ReadStatistics.NONE);
    private final ReadOnlyObjectWrapper<Item> selectedItem = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyIntegerWrapper rowToSelect = new ReadOnlyIntegerWrapper(-1);
    private final ReadOnlyObjectWrapper<CollectionOrder> collectionOrder =
            new ReadOnlyObjectWrapper<>(CollectionOrder.ARRIVAL);
    private final List<Consumer<List<Item>>> deleteRequests = new CopyOnWriteArrayList<>();
    private final List<BiConsumer<Item, Boolean>> editRequests = new CopyOnWriteArrayList<>();
    private final List<Consumer<ItemGridViewModel>> afterReadListeners =
            new CopyOnWriteArrayList<>();
    private final List<Consumer<FinishedRead>> readLog = new CopyOnWriteArrayList<>();
    private final ReadOnlyObjectWrapper<QueryHint> queryHint = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<EntityLabels> entityLabels = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<ItemOrder> itemOrder = new ReadOnlyObjectWrapper<>();
    private final RowFinder finder =
            new RowFinder(
                    new RowFinder.Grid() {
                        @Override
                        public ItemCollections collections() {
                            return collections;
                        }

                        @Override
                        public void unfold(ItemCollection collection) {
                            collections.setCollapsed(collection, false);
                            rows.refresh();
                        }

                        @Override
                        public void restyle() {
                            restyleRows();
                        }

                        @Override
                        public void selectRow(int row) {
                            rowToSelect.set(-1);
                            rowToSelect.set(row);
                        }
                    });

    private ItemCollections collections;
    private ItemCollections pending;
    private ReadSession session;
    private BackgroundWork.Handle currentRead;
    private ItemCollection lastTouched;
    private ReadStatistics tabTotals = ReadStatistics.NONE;
    private long pagesReceived;
    private long itemsReceived;
    private long sessionItems;
    private boolean automaticRead;
    private TableModel model;
    private Clock clock = Clock.systemUTC();

    /**
     * A read that ended, as the history records it.
     *
     * @param totals what every part of the read cost together
     * @param items the items every part brought
     * @param continued whether this part continued an earlier one ("load more")
     */
    public record FinishedRead(
            ReadRequest request, ReadStatistics totals, long items, boolean continued) {}

    public ItemGridViewModel(String tableName, DynamoRepository repository, BackgroundWork work) {
        this.tableName = tableName;
        this.repository = repository;
        this.work = work;
    }

    /**
     * Reads the table's description (keys, indexes) and then, when asked, its first page (a Scan of
     * one request), so that a table opens with something to look at. When the person has begun a
     * read of their own in the bar while the description was read, the bar keeps it and the first
     * page is not read: their Run reads it.
     */
    public BackgroundWork.Handle open(boolean readFirstPage) {
        message.set("");
        lastRead.set("reading the description of " + tableName + "…");
        long editsBefore = readBar.edits();
        return work.submit(
                "describe " + tableName,
                c -> repository.describeTable(tableName),
                info -> {
                    boolean theirOwnRead = readBar.edits() != editsBefore;
                    tableInfo.set(info);
                    readBar.describe(info);
                    lastRead.set("");
                    if (readFirstPage && !theirOwnRead) {
                        run(ReadRequest.scan(tableName, FIRST_PAGE_ITEMS));
                        // what a tab reads when it opens is not the person's read: no history
                        automaticRead = true;
                    }
                },
                error -> {
                    lastRead.set("");
                    message.set(ErrorMessages.describe(error));
                });
    }

    /** The read bar: what the next Run reads, and what the last read was. */
    public ReadBarViewModel readBar() {
        return readBar;
    }

    // ---- reading ---------------------------------------------------------------------------

    /** Starts the read the read bar describes; a problem in it is shown and nothing is sent. */
    public void run() {
        if (running.get()) {
            return;
        }
        if (tableInfo.get() == null) {
            message.set("The table's description has not been read yet.");
            return;
        }
        readBar.request().ifPresentOrElse(this::start, () -> message.set(readBarProblem()));
    }

    private String readBarProblem() {
        ReadBarViewModel.Problem problem = readBar.problemProperty().get();
        return problem == null ? "" : problem.toString();
    }

    /**
     * Starts a read made elsewhere (the expression builder, a saved read); the read bar shows it.
     */
    public void run(ReadRequest request) {
        if (running.get() || tableInfo.get() == null) {
            return;
        }
        readBar.show(request);
        start(request);
    }

    private void start(ReadRequest request) {
        TableInfo info = tableInfo.get();
        KeySchema keys = info.keySchemaOf(request.index());
        ReadSession reading;
        try {
            reading = new TableReads(repository).session(request, info, model);
        } catch (IllegalArgumentException e) {
            message.set(ReadBarViewModel.Field.PARTITION_KEY.label() + ": " + e.getMessage());
            return;
        }
        GroupingOptions options =
                GroupingOptions.of(keys)
                        .withDirection(request.direction())
                        .withLocalSecondaryIndex(info.hasLocalSecondaryIndex())
                        .withCollectionOrder(collectionOrder.get());
        Optional<ShardedCollection> sharded = reading.sharded();
        if (sharded.isPresent()) {
            options = options.withShardedCollection(sharded.get());
        } else if (model != null
                && request.index() == null
                && !model.shardGroups().isEmpty()
                && "S".equals(info.keyAttributeTypes().get(keys.partitionKey()))) {
            // a model's shard groups show each sharded tenant of a Scan as one collection too
            options = options.withShards(ShardedKey.resolver(model, "S"));
        }
        String marker =
                readBar.parentMarkerProperty().get() == null
                        ? ""
                        : readBar.parentMarkerProperty().get().strip();
        session = reading;
        automaticRead = false;
        sessionItems = 0;
        queryHint.set(QueryHint.of(request, info).orElse(null));
        if (!marker.isEmpty()
                && keys.sortKey().isPresent()
                && "S".equals(info.keyAttributeTypes().get(keys.sortKey().get()))) {
            options = options.withParentMarker(marker);
            if (sharded.isEmpty()) {
                // newest first, the parent comes last: read it at once so it is pinned first
                session.pinParent(AttributeValue.s(marker));
            }
        }
        // shown when the first page arrives: a read that fails before leaves the rows in place
        pending = new ItemCollections(options, ItemSize::of);
        read(pending, true);
    }

    /** Continues the last read where its limit stopped it. */
    public void loadMore() {
        if (running.get() || session == null || !session.hasMore() || collections == null) {
            return;
        }
        read(collections, false);
    }

    public void cancel() {
        if (currentRead != null) {
            currentRead.cancel();
        }
    }

    private void read(ItemCollections target, boolean replaces) {
        ReadSession reading = session;
        running.set(true);
        canLoadMore.set(false);
        message.set("");
        pagesReceived = 0;
        itemsReceived = 0;
        lastRead.set("reading " + tableName + "…");
        currentRead =
                work.submit(
                        reading.request().describe(),
                        cancellation ->
                                reading.next(
                                        page -> {
                                            work.ui().execute(() -> accept(target, page));
                                            return true;
                                        },
                                        cancellation),
                        result -> finish(reading, target, result, !replaces),
                        error -> {
                            running.set(false);
                            canLoadMore.set(!replaces && reading.hasMore());
                            restyleRows();
                            message.set(
                                    ErrorMessages.describe(error)
                                            + (collections == null || collections == target
                                                    ? ""
                                                    : " The rows of the previous read are kept."));
                            lastRead.set(tableName + ": the read failed");
                        });
    }

    private void accept(ItemCollections target, Page page) {
        if (target != collections) {
            if (target != pending) {
                return; // a page of a read that a newer read replaced
            }
            show(target); // the first page of a new read replaces what was loaded
        }
        target.addPage(page.items());
        if (!page.items().isEmpty()) {
            Item last = page.items().get(page.items().size() - 1);
            lastTouched =
                    target.collection(
                                    last.attributes()
                                            .get(target.options().keySchema().partitionKey()))
                            .orElse(lastTouched);
        }
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
        sessionItems += page.items().size();
        rows.refresh();
        lastRead.set(
                "reading… "
                        + pagesReceived
                        + (pagesReceived == 1 ? " request · " : " requests · ")
                        + String.format(Locale.ROOT, "%,d", itemsReceived)
                        + " items");
    }

    /** Puts a new read's collections in the grid, with the key columns first. */
    private void show(ItemCollections next) {
        collections = next;
        pending = null;
        lastTouched = null;
        // the person may have ordered the collections since this read started
        next.setCollectionOrder(collectionOrder.get());
        KeySchema view = next.options().keySchema();
        TableInfo info = tableInfo.get();
        knownColumns.clear();
        knownColumns.add(view.partitionKey());
        view.sortKey().ifPresent(knownColumns::add);
        knownColumns.add(info.keySchema().partitionKey());
        info.keySchema().sortKey().ifPresent(knownColumns::add);
        columns.setAll(knownColumns);
        next.setItemOrder(itemOrder.get());
        rows.show(collections);
    }

    private void finish(
            ReadSession reading, ItemCollections target, ReadResult result, boolean continued) {
        running.set(false);
        if (reading != session) {
            return;
        }
        if (target == pending) {
            show(target); // a read that returned nothing still replaces what was loaded
        }
        canLoadMore.set(reading.hasMore());
        tabTotals = tabTotals.plus(result.statistics());
        lastStatistics.set(reading.totals());
        lastRead.set(StatusText.of(reading.totals(), result.cancelled(), reading.hasMore()));
        totals.set(
                String.format(Locale.ROOT, "%,d items loaded · ", collections.itemCount())
                        + StatusText.cost(tabTotals));
        finder.refresh();
        // the headers now know whether their collections are complete
        restyleRows();
        if (!automaticRead) {
            FinishedRead finished =
                    new FinishedRead(reading.request(), reading.totals(), sessionItems, continued);
            readLog.forEach(l -> l.accept(finished));
        }
        afterReadListeners.forEach(l -> l.accept(this));
    }

    /** Called after every read ends (tests and the UI use it to wait for a read). */
    public void onReadFinished(Consumer<ItemGridViewModel> listener) {
        afterReadListeners.add(listener);
    }

    /**
     * Whether the read may still bring items of this collection: it has more to read, and this
     * collection is where it stopped (a Query reads one collection; a Scan a partition at a time).
     */
    public boolean moreAvailable(ItemCollection collection) {
        boolean mayBringMore = session != null && (running.get() || session.hasMore());
        return mayBringMore
                && (session.request().mode() == ReadMode.QUERY || collection == lastTouched);
    }

    /**
     * Counts the times the rows changed how they look without rows coming or going — a fold, the
     * collections' order, a header's figures once a read ends — so that the view redraws the rows
     * it shows.
     */
    public ReadOnlyIntegerProperty rowsRestyledProperty() {
        return rowsRestyled.getReadOnlyProperty();
    }

    private void restyleRows() {
        rows.refresh();
        rowsRestyled.set(rowsRestyled.get() + 1);
    }

    /** Called after every read the person ran ends (not the first page a tab reads itself). */
    public void onReadLogged(Consumer<FinishedRead> listener) {
        readLog.add(listener);
    }

    // ---- the table's model -----------------------------------------------------------------

    /**
     * The table's model, or null: its entities label the rows, its shard groups turn a Query of a
     * sharded tenant into a fan-out and group a Scan's shards. Applies from the next read.
     */
    public void setModel(TableModel tableModel) {
        this.model = tableModel;
        entityLabels.set(tableModel == null ? null : new EntityLabels(tableModel));
        restyleRows();
    }

    /** The entity labels of the table's model, or null without one. */
    public ReadOnlyObjectProperty<EntityLabels> entityLabelsProperty() {
        return entityLabels.getReadOnlyProperty();
    }

    /** The entity of a row's item, when the table has a model and the item matches an entity. */
    public Optional<EntityLabels.Label> entityOf(Item item) {
        EntityLabels labels = entityLabels.get();
        return labels == null ? Optional.empty() : labels.labelOf(item);
    }

    // ---- values as a person reads them -------------------------------------------------------

    /**
     * What a value means as a time, for its tooltip: the date of an epoch number, and for the
     * table's TTL attribute the time left ({@link EpochTime#note}).
     */
    public Optional<String> valueNote(String attribute, AttributeValue value) {
        TableInfo info = tableInfo.get();
        boolean ttl = info != null && info.ttlAttribute().map(attribute::equals).orElse(false);
        return EpochTime.note(value, ttl, clock.instant());
    }

    /** The clock TTLs count from (tests fix it). */
    void setClock(Clock value) {
        this.clock = value;
    }

    // ---- a Scan that should be a Query -------------------------------------------------------

    /**
     * What the last read's Scan would gain as a Query, or null: set when a Scan's filter pins a
     * partition key with =.
     */
    public ReadOnlyObjectProperty<QueryHint> queryHintProperty() {
        return queryHint.getReadOnlyProperty();
    }

    /** Runs the Query the hint proposes; the read bar turns into it. */
    public void runHintedQuery() {
        QueryHint hint = queryHint.get();
        if (hint != null) {
            queryHint.set(null);
            run(hint.query());
        }
    }

    // ---- the shards of a fan-out -----------------------------------------------------------

    /** Each shard's part of the current fan-out, in shard order; empty for a plain read. */
    public List<FanOutRead.ShardProgress> shardProgress() {
        return session == null ? List.of() : session.shards();
    }

    // ---- finding in the loaded rows ----------------------------------------------------------

    /** Finds text in the loaded rows, without a read. */
    public RowFinder finder() {
        return finder;
    }

    // ---- ordering the items inside the collections -------------------------------------------

    /**
     * Orders each collection's items by an attribute (the collection stays one block, its parent
     * first), or by the sort key again with null. No request is sent; later reads keep the order.
     */
    public void orderItems(ItemOrder order) {
        itemOrder.set(order);
        if (collections != null) {
            collections.setItemOrder(order);
            finder.refresh();
            restyleRows();
        }
    }

    /** The order of the items inside the collections, or null for the sort key's. */
    public ReadOnlyObjectProperty<ItemOrder> itemOrderProperty() {
        return itemOrder.getReadOnlyProperty();
    }

    // ---- writes made to the table's items ------------------------------------------------------

    /** Shows what a write made in this tab cost, in the status line: {@code Saved · 1 WCU}. */
    public void showWrite(String what, double consumedCapacity) {
        lastRead.set(StatusText.write(what, consumedCapacity));
    }

    // ---- collections -----------------------------------------------------------------------

    public void toggleCollapsed(ItemCollection collection) {
        if (collections != null) {
            collections.toggleCollapsed(collection);
            restyleRows();
        }
    }

    public void collapseAll() {
        if (collections != null) {
            collections.collapseAll();
            restyleRows();
        }
    }

    public void expandAll() {
        if (collections != null) {
            collections.expandAll();
            restyleRows();
        }
    }

    /** Orders the collections by arrival (a Scan's hash order) or by partition key. */
    public void orderCollections(CollectionOrder order) {
        collectionOrder.set(order);
        if (collections != null) {
            collections.setCollectionOrder(order);
            rows.show(collections);
            restyleRows();
        }
    }

    public ReadOnlyObjectProperty<CollectionOrder> collectionOrderProperty() {
        return collectionOrder.getReadOnlyProperty();
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

    // ---- changes made elsewhere (the inspector, a write built in the expression builder) -------

    /** Shows what a write changed: the item in place of the loaded one (selected), or gone. */
    public void itemChanged(ItemChange change) {
        itemChanged(change, true);
    }

    /**
     * Shows what a write changed: the item in place of the loaded one, or gone.
     *
     * @param selectSaved whether the saved item becomes the selection (the person is looking at
     *     it); otherwise the row the person selected meanwhile stays selected
     */
    public void itemChanged(ItemChange change, boolean selectSaved) {
        if (change instanceof ItemChange.Saved saved) {
            itemSaved(saved.item(), selectSaved);
        } else if (change instanceof ItemChange.Deleted deleted) {
            itemDeleted(deleted.key());
        }
    }

    /**
     * Shows a saved item in place of the loaded one with its key (or adds it to a matching read),
     * and selects it.
     */
    public void itemSaved(Item item) {
        itemSaved(item, true);
    }

    private void itemSaved(Item item, boolean selectIt) {
        TableInfo info = tableInfo.get();
        if (info == null || collections == null) {
            return;
        }
        Key key = info.keySchema().keyOf(item);
        // the rows are shown anew below, which drops the view's selection: it comes back after
        Item selected = selectedItem.get();
        Key selectedKey = selected == null ? null : info.keySchema().keyOf(selected);
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
            rows.show(collections);
        }
        Key toSelect = selectIt ? key : selectedKey;
        if (toSelect != null) {
            selectRow(toSelect);
        }
    }

    /** Takes a deleted item out of the grid. */
    public void itemDeleted(Key key) {
        TableInfo info = tableInfo.get();
        if (info != null && collections != null && removeLoaded(key, null)) {
            rows.show(collections);
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

    private boolean belongsToLastRead(Item item) {
        if (session == null) {
            return false;
        }
        ReadRequest last = session.request();
        if (last.mode() == ReadMode.SCAN) {
            return last.filter() == null;
        }
        return last.keyCondition().sortKey().isEmpty()
                && last.filter() == null
                && last.keyCondition()
                        .partitionValue()
                        .equals(item.attributes().get(last.keyCondition().keys().partitionKey()));
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

    /** Asks the editor (the inspector) to edit this item, or to start a duplicate of it. */
    public void requestEdit(Item item, boolean duplicate) {
        editRequests.forEach(l -> l.accept(item, duplicate));
    }

    /**
     * @param listener receives the item and whether a duplicate was asked for
     */
    public void onEditRequested(BiConsumer<Item, Boolean> listener) {
        editRequests.add(listener);
    }

    /** The item's table key as a person reads it: {@code WS#acme / PROJ#2026-0042}. */
    public String keyText(Item item) {
        TableInfo info = tableInfo.get();
        return info == null ? "" : info.keySchema().keyOf(item).text();
    }

    /**
     * Reads again with a filter keeping the items whose {@code attribute} equals {@code value}
     * (replacing the filter in the read bar).
     */
    public void filterBy(String attribute, AttributeValue value) {
        ExpressionCompiler compiler = new ExpressionCompiler();
        String text = compiler.condition(List.of(Row.of(attribute, Row.Operator.EQ, value)));
        readBar.filterProperty().set(text);
        readBar.projectionProperty().set("");
        readBar.namesProperty().set(ExpressionMaps.namesJson(compiler.names()));
        readBar.valuesProperty().set(ExpressionMaps.valuesJson(compiler.values()));
        run();
    }

    /** Queries the item collection this item belongs to (in the index or table being read). */
    public void openCollectionOf(Item item) {
        if (collections != null) {
            AttributeValue partition =
                    item.attributes().get(collections.options().keySchema().partitionKey());
            if (partition != null) {
                openCollection(partition);
            }
        }
    }

    /** Queries one whole item collection of the index or table being read. */
    public void openCollection(AttributeValue partitionKey) {
        readBar.modeProperty().set(ReadMode.QUERY);
        readBar.partitionKeyValueProperty().set(KeyValues.text(partitionKey));
        readBar.sortKeyOperatorProperty().set(null);
        run();
    }

    public DynamoRepository repository() {
        return repository;
    }

    // ---- export ----------------------------------------------------------------------------

    /** Writes the given items (the selection, or everything loaded) to a file in the background. */
    public BackgroundWork.Handle export(List<Item> items, ExportFormat format, Path target) {
        TableInfo info = tableInfo.get();
        KeySchema keys = info == null ? null : info.keySchema();
        List<Item> snapshot = List.copyOf(items);
        String count = String.format(Locale.ROOT, "%,d", snapshot.size());
        running.set(true);
        lastRead.set("exporting " + count + " items…");
        currentRead =
                work.submit(
                        "export " + tableName,
                        cancellation -> {
                            ExportService.writeItems(
                                    snapshot,
                                    keys,
                                    format,
                                    target,
                                    cancellation,
                                    written ->
                                            work.ui()
                                                    .execute(
                                                            () ->
                                                                    lastRead.set(
                                                                            String.format(
                                                                                    Locale.ROOT,
                                                                                    "exporting… %,d of %s items",
                                                                                    written,
                                                                                    count))));
                            return snapshot.size();
                        },
                        written -> {
                            running.set(false);
                            lastRead.set("exported " + count + " items to " + target);
                        },
                        error -> {
                            running.set(false);
                            lastRead.set("export failed");
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

    public ReadOnlyObjectProperty<TableInfo> tableInfoProperty() {
        return tableInfo.getReadOnlyProperty();
    }

    public ObservableList<CollectionRow> rows() {
        return rows;
    }

    /** The attributes of what was read, key attributes first, the others as they arrived. */
    public ObservableList<String> columns() {
        return columns;
    }

    /**
     * The order the user gave the attribute columns (dragging a header); attributes not shown now
     * keep their place for the reads that bring them. Restored from the settings.
     */
    public ObservableList<String> columnOrder() {
        return columnOrder;
    }

    /** The attribute columns the user hid. Restored from the settings. */
    public ObservableSet<String> hiddenColumns() {
        return hiddenColumns;
    }

    /**
     * The columns to show, in the user's order: those the user placed, in that order, then the
     * others as they arrived.
     */
    public List<String> arrangedColumns() {
        List<String> arranged =
                new ArrayList<>(columnOrder.stream().filter(columns::contains).toList());
        columns.stream().filter(name -> !arranged.contains(name)).forEach(arranged::add);
        return arranged;
    }

    /** Records the order the user dragged the shown columns into. */
    public void columnsMoved(List<String> shownOrder) {
        List<String> order = new ArrayList<>(shownOrder);
        columnOrder.stream().filter(name -> !order.contains(name)).forEach(order::add);
        if (!order.equals(columnOrder)) {
            columnOrder.setAll(order);
        }
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canLoadMoreProperty() {
        return canLoadMore.getReadOnlyProperty();
    }

    /** The last read's figures: requests, RCU, scanned / returned, time. */
    public ReadOnlyStringProperty lastReadProperty() {
        return lastRead.getReadOnlyProperty();
    }

    /** What this tab holds and cost in all: items loaded, requests and RCU of every read. */
    public ReadOnlyStringProperty totalsProperty() {
        return totals.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** The last read's statistics, "load more" included. */
    public ReadOnlyObjectProperty<ReadStatistics> lastStatisticsProperty() {
        return lastStatistics.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Item> selectedItemProperty() {
        return selectedItem.getReadOnlyProperty();
    }
}

package io.dynoscope.ui.grid;

import io.dynoscope.core.collection.CollectionRow;
import io.dynoscope.core.collection.GroupingOptions;
import io.dynoscope.core.collection.ItemCollection;
import io.dynoscope.core.collection.ItemCollections;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemSize;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.Page;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.core.transfer.TransferFormat;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.read.FanOutRead;
import io.dynoscope.service.read.QueryHint;
import io.dynoscope.service.read.ReadMode;
import io.dynoscope.service.read.ReadRequest;
import io.dynoscope.service.read.ReadSession;
import io.dynoscope.service.write.ItemChange;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.ErrorMessages;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.stream.Stream;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
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

    private final String tableName;
    private final ConnectionServices services;
    private final BackgroundWork work;
    private final ReadBarViewModel readBar = new ReadBarViewModel();

    private final ReadOnlyObjectWrapper<TableInfo> tableInfo = new ReadOnlyObjectWrapper<>();
    private final GridColumnList columns = new GridColumnList();
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper describing = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper canLoadMore = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper lastRead = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper totals = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<ReadStatistics> lastStatistics =
            new ReadOnlyObjectWrapper<>(ReadStatistics.NONE);
    private final List<Consumer<List<Item>>> deleteRequests = new CopyOnWriteArrayList<>();
    private final List<BiConsumer<Item, Boolean>> editRequests = new CopyOnWriteArrayList<>();
    private final List<Consumer<ItemGridViewModel>> afterReadListeners =
            new CopyOnWriteArrayList<>();
    private final List<Consumer<FinishedRead>> readLog = new CopyOnWriteArrayList<>();
    private final ReadOnlyObjectWrapper<QueryHint> queryHint = new ReadOnlyObjectWrapper<>();
    private final LoadedCollections loaded =
            new LoadedCollections(
                    tableInfo::get, () -> this.session == null ? null : this.session.request());
    private ItemCollections pending;
    private ReadSession session;
    private BackgroundWork.Handle currentRead;
    private BackgroundWork.Handle describe;
    private ItemCollection lastTouched;
    private ReadStatistics tabTotals = ReadStatistics.NONE;
    private long pagesReceived;
    private long itemsReceived;
    private long sessionItems;
    private TableModel model;

    /**
     * A read that ended, as the history records it.
     *
     * @param totals what every part of the read cost together
     * @param items the items every part brought
     * @param continued whether this part continued an earlier one ("load more")
     */
    public record FinishedRead(
            ReadRequest request, ReadStatistics totals, long items, boolean continued) {}

    /**
     * @param services the table's connection: its description is read through its metadata, its
     *     items through its reads
     */
    public ItemGridViewModel(String tableName, ConnectionServices services, BackgroundWork work) {
        this.tableName = tableName;
        this.services = services;
        this.work = work;
        busy.bind(running.or(describing));
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
        describing.set(true);
        describe =
                work.submit(
                        "describe " + tableName,
                        c -> services.metadata().describeTable(tableName),
                        info -> described(info, readFirstPage && readBar.edits() == editsBefore),
                        error -> {
                            describing.set(false);
                            lastRead.set("");
                            message.set(ErrorMessages.describe(error));
                        });
        return describe;
    }

    private void described(TableInfo info, boolean readFirstPage) {
        describing.set(false);
        tableInfo.set(info);
        readBar.describe(info);
        lastRead.set("");
        if (readFirstPage) {
            run(ReadRequest.scan(tableName, ReadBarViewModel.DEFAULT_LIMIT));
        }
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
        ReadSession reading;
        try {
            reading = services.reads().session(request, info, model);
        } catch (IllegalArgumentException e) {
            message.set(ReadBarViewModel.Field.PARTITION_KEY.label() + ": " + e.getMessage());
            return;
        }
        String marker =
                readBar.parentMarkerProperty().get() == null
                        ? ""
                        : readBar.parentMarkerProperty().get().strip();
        GroupingOptions options = GridGrouping.of(request, info, reading.sharded(), model, marker);
        session = reading;
        sessionItems = 0;
        queryHint.set(QueryHint.of(request, info).orElse(null));
        if (options.parentMarker().isPresent() && reading.sharded().isEmpty()) {
            // newest first, the parent comes last: read it at once so it is pinned first
            session.pinParent(AttributeValue.s(marker));
        }
        // shown when the first page arrives: a read that fails before leaves the rows in place
        pending = new ItemCollections(options, ItemSize::of);
        read(pending, true);
    }

    /** Continues the last read where its limit stopped it. */
    public void loadMore() {
        if (running.get()
                || session == null
                || !session.hasMore()
                || loaded.collections() == null) {
            return;
        }
        read(loaded.collections(), false);
    }

    public void cancel() {
        if (describe != null && describing.get()) {
            describe.cancel();
            describing.set(false);
            lastRead.set("");
        }
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
                                            // the grid keeps its items packed: pack them here,
                                            // not on the JavaFX thread
                                            page.items().forEach(Item::pack);
                                            work.ui().execute(() -> accept(target, page));
                                            return true;
                                        },
                                        cancellation),
                        result -> finish(reading, target, result, !replaces),
                        error -> {
                            running.set(false);
                            canLoadMore.set(!replaces && reading.hasMore());
                            loaded.restyle();
                            message.set(
                                    ErrorMessages.describe(error)
                                            + (loaded.collections() == null
                                                            || loaded.collections() == target
                                                    ? ""
                                                    : " The rows of the previous read are kept."));
                            lastRead.set(tableName + ": the read failed");
                        });
    }

    private void accept(ItemCollections target, Page page) {
        if (target != loaded.collections()) {
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
        columns.addFrom(page.items());
        pagesReceived++;
        itemsReceived += page.items().size();
        sessionItems += page.items().size();
        loaded.refreshRows();
        lastRead.set(
                "reading… "
                        + pagesReceived
                        + (pagesReceived == 1 ? " request · " : " requests · ")
                        + String.format(Locale.ROOT, "%,d", itemsReceived)
                        + " items");
    }

    /** Puts a new read's collections in the grid, with the key columns first. */
    private void show(ItemCollections next) {
        pending = null;
        lastTouched = null;
        columns.startWith(next.options().keySchema(), tableInfo.get().keySchema());
        loaded.show(next);
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
        lastRead.set(
                StatusText.of(
                        reading.totals(), result.cancelled(), reading.hasMore(), readAhead()));
        totals.set(StatusText.loaded(loaded.collections().itemCount(), tabTotals));
        loaded.finder().refresh();
        // the headers now know whether their collections are complete
        loaded.restyle();
        FinishedRead finished =
                new FinishedRead(reading.request(), reading.totals(), sessionItems, continued);
        readLog.forEach(l -> l.accept(finished));
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

    /** Called after every read ends, the first page a tab reads when it opens included. */
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
        loaded.labelWith(tableModel);
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

    /** Items a fan-out has read but not shown yet: Load more shows them first. */
    private long readAhead() {
        return shardProgress().stream().mapToLong(FanOutRead.ShardProgress::waiting).sum();
    }

    /**
     * Whether the read reads every shard of its sharded collection (a fan-out), so that a shard
     * without items is known to be empty; a Scan meets the shards it happens to reach.
     */
    public boolean readsEveryShard() {
        return session != null && session.sharded().isPresent();
    }

    /** Each shard's part of the current fan-out, in shard order; empty for a plain read. */
    public List<FanOutRead.ShardProgress> shardProgress() {
        return session == null ? List.of() : session.shards();
    }

    // ---- writes made to the table's items ------------------------------------------------------

    /** Shows what a write made in this tab cost, in the status line: {@code Saved · 1 WCU}. */
    public void showWrite(String what, double consumedCapacity) {
        lastRead.set(StatusText.write(what, consumedCapacity));
    }

    /** The collections loaded: their rows, folds, orders, selection, find, entity labels. */
    public LoadedCollections loaded() {
        return loaded;
    }

    /** The collections as read, or null before the first page. */
    public ItemCollections collections() {
        return loaded.collections();
    }

    /** Every loaded item, in grid order (collapsed collections included). */
    public List<Item> loadedItems() {
        return loaded.items();
    }

    /** Shows what a write changed: the item in place of the loaded one (selected), or gone. */
    public void itemChanged(ItemChange change) {
        loaded.itemChanged(change, true);
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
        readBar.filterOn(attribute, value);
        run();
    }

    /** Queries the item collection this item belongs to (in the index or table being read). */
    public void openCollectionOf(Item item) {
        if (loaded.collections() != null) {
            AttributeValue partition =
                    item.attributes()
                            .get(loaded.collections().options().keySchema().partitionKey());
            if (partition != null) {
                openCollection(partition);
            }
        }
    }

    /** Queries one whole item collection of the index or table being read. */
    public void openCollection(AttributeValue partitionKey) {
        readBar.queryCollection(partitionKey);
        run();
    }

    // ---- export ----------------------------------------------------------------------------

    /** Writes the given items (the selection, or everything loaded) to a file in the background. */
    public BackgroundWork.Handle export(List<Item> items, TransferFormat format, Path target) {
        TableInfo info = tableInfo.get();
        currentRead =
                ItemExport.start(
                        work,
                        tableName,
                        items,
                        info == null ? null : info.keySchema(),
                        format,
                        target,
                        running,
                        lastRead,
                        message);
        return currentRead;
    }

    // ---- accessors -------------------------------------------------------------------------

    public String tableName() {
        return tableName;
    }

    /** Whether the table's connection refuses writes (the row menu's writes are then disabled). */
    public boolean readOnly() {
        return services.readOnlyReason().isPresent();
    }

    public ReadOnlyObjectProperty<TableInfo> tableInfoProperty() {
        return tableInfo.getReadOnlyProperty();
    }

    public ObservableList<CollectionRow> rows() {
        return loaded.rows();
    }

    /** The attributes of what was read, key attributes first, the others as they arrived. */
    public ObservableList<String> columns() {
        return columns.columns();
    }

    /**
     * The key attributes of what the grid shows, partition key first: the index's keys for a read
     * of an index, else the table's. Their columns stay in view while the others scroll.
     */
    public List<String> keyColumns() {
        TableInfo info = tableInfo.get();
        KeySchema keys =
                loaded.collections() != null
                        ? loaded.collections().options().keySchema()
                        : info == null ? null : info.keySchema();
        return keys == null
                ? List.of()
                : Stream.concat(Stream.of(keys.partitionKey()), keys.sortKey().stream()).toList();
    }

    /**
     * The order the user gave the attribute columns (dragging a header); attributes not shown now
     * keep their place for the reads that bring them. Restored from the settings.
     */
    public ObservableList<String> columnOrder() {
        return columns.order();
    }

    /** The attribute columns the user hid. Restored from the settings. */
    public ObservableSet<String> hiddenColumns() {
        return columns.hidden();
    }

    /**
     * The columns to show, in the user's order: those the user placed, in that order, then the
     * others as they arrived.
     */
    public List<String> arrangedColumns() {
        return columns.arranged();
    }

    /** Records the order the user dragged the shown columns into. */
    public void columnsMoved(List<String> shownOrder) {
        columns.moved(shownOrder);
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    /** Whether the tab waits for anything: its description as it opens, or a read. */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
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
}

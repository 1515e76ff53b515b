package io.dynoscope.service.model;

import io.dynoscope.core.expression.GuardedWrite;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemRules;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.model.Capacity;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.Projection;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableChange;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.service.store.BatchResult;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.WriteOutcome;
import io.dynoscope.service.table.TableAdmin;
import io.dynoscope.service.table.TableExistsException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Loads a modelled table: creates it with its indexes on the chosen connection (never over a table
 * that exists), then batch-writes its example items in batches of 25, retrying unprocessed items,
 * reporting progress and stopping between batches when cancelled.
 *
 * <p>{@link #prepare} comes first and writes nothing: it checks every item against the keys and
 * gives the exact CreateTable request for the person to confirm.
 */
public final class SchemaLoad {

    /** Items per BatchWriteItem, DynamoDB's limit. */
    public static final int BATCH = 25;

    private final DynamoRepository repository;

    public SchemaLoad(DynamoRepository repository) {
        this.repository = Objects.requireNonNull(repository);
    }

    /** The CreateTable request of {@code prepared} as DynamoDB JSON, exactly as it is sent. */
    public String requestText(Prepared prepared) {
        return repository.requestText(prepared.request());
    }

    /**
     * A load ready to confirm.
     *
     * @param notes what the model holds that CreateTable does not apply (auto scaling)
     */
    public record Prepared(TableDesign design, TableDefinition definition, List<String> notes) {
        public Prepared {
            notes = List.copyOf(notes);
        }

        public String table() {
            return definition.name();
        }

        /** The CreateTable request that will be sent ({@link #requestText} shows it). */
        public TableChange.CreateTable request() {
            return new TableChange.CreateTable(definition);
        }
    }

    /** Where a load is: items written of the total. */
    public record Progress(String table, int written, int total) {}

    /**
     * How a load ended.
     *
     * @param created whether this load created the table (false when it finished one an earlier
     *     load left)
     * @param itemsAlreadyThere items an earlier, interrupted load had written, or another writer
     *     put under a model item's key since (neither written again)
     * @param requests BatchWriteItem requests sent (retries included) by a load that created the
     *     table; conditional PutItem requests by a resume that finished one
     * @param complete false when cancelled before every item was written
     */
    public record Result(
            String table,
            boolean created,
            int itemsWritten,
            int itemsAlreadyThere,
            int itemsTotal,
            int requests,
            double consumedCapacity,
            boolean complete) {}

    /**
     * Checks every table of a model file before anything is sent ({@link #prepare} each, and no
     * table named twice), so that bad input creates nothing; throws {@link
     * IllegalArgumentException} saying which table and what.
     */
    public static List<Prepared> prepareAll(List<TableDesign> designs) {
        Set<String> names = new HashSet<>();
        List<Prepared> prepared = new ArrayList<>();
        for (TableDesign design : designs) {
            String table = design.model().table();
            if (!names.add(table)) {
                throw new IllegalArgumentException("table '" + table + "' is in the file twice");
            }
            prepared.add(prepare(design));
        }
        return prepared;
    }

    /**
     * Checks {@code design} as DynamoDB would, before anything is sent, and builds its CreateTable
     * request: the table's and its indexes' names and keys ({@link TableAdmin#check}), and every
     * item against DynamoDB's rules ({@link ItemRules}) with no key twice. Throws {@link
     * IllegalArgumentException} naming the table and the first item that cannot be written.
     */
    public static Prepared prepare(TableDesign design) {
        TableDefinition definition = definition(design);
        try {
            TableAdmin.check(definition);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "table '" + definition.name() + "': " + e.getMessage(), e);
        }
        checkItems(design, definition);
        List<String> notes = new ArrayList<>();
        Capacity capacity = design.capacity();
        if (capacity.autoScalingRead().isPresent() || capacity.autoScalingWrite().isPresent()) {
            notes.add(
                    "auto scaling is kept in the model but not set up: CreateTable has no auto"
                            + " scaling (set it with Application Auto Scaling or the console)");
        }
        if (capacity.provisioned() && !definition.globalSecondaryIndexes().isEmpty()) {
            notes.add(
                    "each global secondary index gets the table's provisioned capacity ("
                            + capacity.readCapacityUnits()
                            + " RCU, "
                            + capacity.writeCapacityUnits()
                            + " WCU)");
        }
        return new Prepared(design, definition, notes);
    }

    /** The table definition of a design: keys, their types, indexes and billing. */
    public static TableDefinition definition(TableDesign design) {
        TableModel model = design.model();
        Map<String, String> types = new LinkedHashMap<>();
        addTypes(model, model.keys(), types);
        List<SecondaryIndex> globals = new ArrayList<>();
        List<SecondaryIndex> locals = new ArrayList<>();
        for (SecondaryIndex index : model.indexes()) {
            addTypes(model, index.keySchema(), types);
            SecondaryIndex definition =
                    new SecondaryIndex(
                            index.name(),
                            index.global(),
                            index.keySchema(),
                            index.projectionType(),
                            index.projection() == Projection.INCLUDE
                                    ? index.nonKeyAttributes()
                                    : List.of());
            if (index.global()) {
                globals.add(definition);
            } else {
                if (!index.keySchema().partitionKey().equals(model.keys().partitionKey())) {
                    throw new IllegalArgumentException(
                            "local secondary index '"
                                    + index.name()
                                    + "' must share the table's partition key "
                                    + model.keys().partitionKey());
                }
                locals.add(definition);
            }
        }
        Capacity capacity = design.capacity();
        return new TableDefinition(
                model.table(),
                model.keys(),
                types,
                globals,
                locals,
                capacity.provisioned()
                        ? TableDefinition.Billing.provisioned(
                                capacity.readCapacityUnits(), capacity.writeCapacityUnits())
                        : TableDefinition.Billing.onDemand());
    }

    private static void addTypes(TableModel model, KeySchema keys, Map<String, String> types) {
        types.put(keys.partitionKey(), model.keyAttributeType(keys.partitionKey()));
        keys.sortKey().ifPresent(sk -> types.put(sk, model.keyAttributeType(sk)));
    }

    private static void checkItems(TableDesign design, TableDefinition definition) {
        KeySchema keys = definition.keySchema();
        Map<Key, Integer> firstWithKey = new HashMap<>();
        List<Item> items = design.items();
        for (int i = 0; i < items.size(); i++) {
            Item item = items.get(i);
            String where = "item " + (i + 1) + " of table '" + definition.name() + "'";
            List<ItemRules.Problem> problems =
                    ItemRules.check(item, keys, definition.attributeTypes());
            if (!problems.isEmpty()) {
                throw new IllegalArgumentException(
                        where
                                + ": "
                                + problems.stream()
                                        .map(ItemRules.Problem::toString)
                                        .collect(Collectors.joining("; ")));
            }
            Integer earlier = firstWithKey.putIfAbsent(item.key(keys), i + 1);
            if (earlier != null) {
                throw new IllegalArgumentException(
                        where
                                + " has the same key as item "
                                + earlier
                                + " (a table holds one item per key)");
            }
        }
    }

    /**
     * Creates the table of {@code prepared} and, when {@code withItems}, writes its items.
     *
     * @throws TableExistsException when the table exists (nothing is created or written)
     */
    public Result load(
            Prepared prepared,
            boolean withItems,
            Consumer<Progress> progress,
            Cancellation cancellation) {
        String table = prepared.table();
        if (repository.listTables().contains(table)) {
            throw new TableExistsException(
                    table,
                    "nothing was created (a model is only loaded into a new table: choose another"
                            + " name or delete the table first)");
        }
        repository.createTable(prepared.definition());
        return write(
                prepared,
                true,
                withItems ? prepared.design().items() : List.of(),
                0,
                progress,
                cancellation);
    }

    /**
     * Finishes the load of {@code prepared} that an interrupted run left: creates the table when it
     * is not there, else checks it is the half-loaded table of this very model ({@link
     * HalfLoadedTable}) and, when {@code withItems}, writes only the items it lacks, so that no
     * item is written twice.
     *
     * @throws TableExistsException when the table exists but is not this model's (nothing written)
     */
    public Result resume(
            Prepared prepared,
            boolean withItems,
            Consumer<Progress> progress,
            Cancellation cancellation) {
        if (!repository.listTables().contains(prepared.table())) {
            return load(prepared, withItems, progress, cancellation);
        }
        HalfLoadedTable.checkSchema(repository, prepared);
        if (!withItems) {
            return write(prepared, false, List.of(), 0, progress, cancellation);
        }
        KeySchema keys = prepared.definition().keySchema();
        Set<Key> present = HalfLoadedTable.itemsPresent(repository, prepared, cancellation);
        List<Item> missing =
                prepared.design().items().stream()
                        .filter(item -> !present.contains(item.key(keys)))
                        .toList();
        return writeGuarded(prepared, missing, present.size(), progress, cancellation);
    }

    /**
     * Writes the items a half-loaded table lacks, each only while its key is still free: another
     * writer may have used the table since it was checked, and what it wrote is left as it is.
     */
    private Result writeGuarded(
            Prepared prepared,
            List<Item> items,
            int alreadyThere,
            Consumer<Progress> progress,
            Cancellation cancellation) {
        String table = prepared.table();
        KeySchema keys = prepared.definition().keySchema();
        int total = alreadyThere + items.size();
        int written = 0;
        int taken = 0;
        double capacity = 0;
        progress.accept(new Progress(table, alreadyThere, total));
        for (Item item : items) {
            if (cancellation.isCancelled()) {
                return new Result(
                        table,
                        false,
                        written,
                        alreadyThere + taken,
                        total,
                        written + taken,
                        capacity,
                        false);
            }
            GuardedWrite.Put put = GuardedWrite.create(keys, item);
            WriteOutcome outcome = repository.putItem(table, put.item(), put.condition());
            capacity += outcome.consumedCapacity();
            if (outcome instanceof WriteOutcome.Written) {
                written++;
            } else {
                taken++;
            }
            progress.accept(new Progress(table, alreadyThere + taken + written, total));
        }
        return new Result(
                table,
                false,
                written,
                alreadyThere + taken,
                total,
                written + taken,
                capacity,
                true);
    }

    private Result write(
            Prepared prepared,
            boolean created,
            List<Item> items,
            int alreadyThere,
            Consumer<Progress> progress,
            Cancellation cancellation) {
        String table = prepared.table();
        int total = alreadyThere + items.size();
        int written = 0;
        int requests = 0;
        double capacity = 0;
        progress.accept(new Progress(table, alreadyThere, total));
        for (int from = 0; from < items.size(); from += BATCH) {
            if (cancellation.isCancelled()) {
                return new Result(
                        table, created, written, alreadyThere, total, requests, capacity, false);
            }
            List<Item> batch = items.subList(from, Math.min(items.size(), from + BATCH));
            BatchResult result = repository.batchWrite(table, batch, List.of(), cancellation);
            written += result.processed();
            requests += result.requests();
            capacity += result.consumedCapacity();
            progress.accept(new Progress(table, alreadyThere + written, total));
            if (result.processed() < batch.size()) {
                return new Result(
                        table, created, written, alreadyThere, total, requests, capacity, false);
            }
        }
        return new Result(table, created, written, alreadyThere, total, requests, capacity, true);
    }
}

package io.dynoscope.service.sql;

import io.dynoscope.core.expression.AttributePath;
import io.dynoscope.core.expression.GuardedWrite;
import io.dynoscope.core.expression.Row;
import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.expression.UpdateRow;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.sql.ColumnType;
import io.dynoscope.core.sql.KeyRowMatcher;
import io.dynoscope.core.sql.PlannedRead;
import io.dynoscope.core.sql.ReadPlanner;
import io.dynoscope.core.sql.SqlRelation;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.UpdateSpec;
import io.dynoscope.service.store.WriteOutcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Runs DynamoDB's PartiQL statements with the requests dynalite has: a SELECT becomes the Query or
 * Scan DynamoDB itself would make (a Query when the WHERE fixes the partition key), an INSERT a
 * PutItem, an UPDATE or DELETE a read of the item by its full key and then one UpdateItem or
 * DeleteItem conditioned on the item as read. On AWS a SELECT may instead be sent as it is, with
 * ExecuteStatement.
 */
final class PartiqlRunner {

    private final DynamoRepository repository;
    private final SqlCatalog catalog;

    PartiqlRunner(DynamoRepository repository, SqlCatalog catalog) {
        this.repository = repository;
        this.catalog = catalog;
    }

    /** The plan of a SELECT: its reads, or the ExecuteStatement it sends. */
    SqlExplanation explain(String text, PartiqlStatement.Select select, boolean executeStatement) {
        if (executeStatement) {
            return new SqlExplanation(
                    text,
                    List.of(),
                    "ExecuteStatement (DynamoDB plans the PartiQL statement itself)",
                    Optional.empty());
        }
        ReadPlanner.Plan plan = plan(select);
        return new SqlExplanation(
                text,
                plan.reads(),
                "PartiQL translated into DynamoDB requests"
                        + (plan.unsent().isEmpty()
                                ? ""
                                : "; checked on the items: " + plan.unsent()),
                SqlConsole.scanWarning(catalog, plan.reads()));
    }

    private ReadPlanner.Plan plan(PartiqlStatement.Select select) {
        TableInfo info = catalog.describe(select.table());
        SecondaryIndex index = null;
        if (select.index() != null) {
            index =
                    info.indexes().stream()
                            .filter(i -> i.name().equals(select.index()))
                            .findFirst()
                            .orElseThrow(
                                    () ->
                                            new SqlStatementException(
                                                    "table '"
                                                            + select.table()
                                                            + "' has no index '"
                                                            + select.index()
                                                            + "'"));
        }
        ReadPlanner.Plan plan =
                ReadPlanner.planRows(
                        select.table(),
                        info.keySchema(),
                        info.keyAttributeTypes(),
                        index,
                        select.where(),
                        select.projection());
        if (!select.descending()) {
            return plan;
        }
        List<PlannedRead> reads = new ArrayList<>();
        for (PlannedRead read : plan.reads()) {
            if (read.isScan()) {
                throw new SqlStatementException(
                        "ORDER BY needs a Query: give the partition key in WHERE");
            }
            reads.add(read.descending());
        }
        return new ReadPlanner.Plan(reads, plan.unsent());
    }

    SqlResult select(
            String text,
            PartiqlStatement.Select select,
            boolean executeStatement,
            RowListener rows,
            Predicate<ScanWarning> allowScan,
            Cancellation cancellation) {
        long start = System.nanoTime();
        SqlExplanation explanation = explain(text, select, executeStatement);
        if (explanation.scanWarning().isPresent()
                && !allowScan.test(explanation.scanWarning().get())) {
            return new SqlResult(
                    List.of(), 0, List.of(), explanation, true, false, Duration.ZERO, List.of());
        }
        StatementReads reads = new StatementReads(repository, cancellation);
        List<Item> items = new ArrayList<>();
        if (executeStatement) {
            items.addAll(reads.executeStatement(text));
        } else {
            List<Row> unsent = plan(select).unsent();
            for (PlannedRead read : explanation.reads()) {
                for (Item item : reads.collect(read)) {
                    if (unsent.stream().allMatch(r -> KeyRowMatcher.matches(item, r))) {
                        items.add(item);
                    }
                }
            }
        }
        // ExecuteStatement needs no description of the table (its keys only put them first).
        KeySchema keys = executeStatement ? null : catalog.describe(select.table()).keySchema();
        List<String> columns = columns(keys, select.projection(), items);
        rows.columns(columns);
        long count = 0;
        for (Item item : items) {
            if (cancellation.isCancelled()) {
                break;
            }
            List<Object> values = new ArrayList<>(columns.size());
            for (String column : columns) {
                values.add(sqlValue(attribute(item, column)));
            }
            count++;
            if (!rows.row(values)) {
                break;
            }
        }
        return new SqlResult(
                columns,
                count,
                reads.executed(),
                explanation,
                false,
                cancellation.isCancelled(),
                Duration.ofNanos(System.nanoTime() - start),
                List.of());
    }

    /** The key attributes, then the projected paths or every attribute in first-seen order. */
    private static List<String> columns(
            KeySchema keys, List<AttributePath> projection, List<Item> items) {
        Set<String> columns = new LinkedHashSet<>();
        if (projection != null) {
            projection.forEach(p -> columns.add(p.toString()));
            return List.copyOf(columns);
        }
        if (keys != null) {
            columns.addAll(keys.attributes());
        }
        items.forEach(i -> columns.addAll(i.attributes().keySet()));
        return List.copyOf(columns);
    }

    private static AttributeValue attribute(Item item, String column) {
        AttributeValue direct = item.attributes().get(column);
        if (direct != null || column.indexOf('.') < 0 && column.indexOf('[') < 0) {
            return direct;
        }
        AttributeValue value = new AttributeValue.MapValue(item.attributes());
        for (AttributePath.Segment segment : AttributePath.parse(column).segments()) {
            if (segment instanceof AttributePath.Name name
                    && value instanceof AttributeValue.MapValue map) {
                value = map.entries().get(name.name());
            } else if (segment instanceof AttributePath.Index index
                    && value instanceof AttributeValue.ListValue list
                    && index.index() < list.elements().size()) {
                value = list.elements().get(index.index());
            } else {
                return null;
            }
            if (value == null) {
                return null;
            }
        }
        return value;
    }

    /** A value as the console shows it: by its own type (see {@link ColumnType}). */
    static Object sqlValue(AttributeValue value) {
        return value == null ? null : SqlRelation.value(ColumnType.of(value.type()), value);
    }

    // ---- writes ----------------------------------------------------------------------------

    SqlWritePlan planWrite(String text, PartiqlStatement statement, Cancellation cancellation) {
        if (statement instanceof PartiqlStatement.Insert insert) {
            KeySchema keys = catalog.describe(insert.table()).keySchema();
            try {
                return new SqlWritePlan(
                        text,
                        insert.table(),
                        List.of(GuardedWrite.create(keys, insert.item())),
                        List.of(),
                        ReadStatistics.NONE);
            } catch (IllegalArgumentException e) {
                throw new SqlStatementException("INSERT: " + e.getMessage(), e);
            }
        }
        String table;
        List<Row> where;
        if (statement instanceof PartiqlStatement.Update update) {
            table = update.table();
            where = update.where();
        } else if (statement instanceof PartiqlStatement.Delete delete) {
            table = delete.table();
            where = delete.where();
        } else {
            throw new SqlStatementException("a SELECT writes nothing");
        }
        TableInfo info = catalog.describe(table);
        KeySchema keys = info.keySchema();
        ReadPlanner.Plan plan =
                ReadPlanner.planRows(table, keys, info.keyAttributeTypes(), null, where, null);
        PlannedRead read = plan.reads().get(0);
        boolean fullKey =
                plan.reads().size() == 1
                        && !read.isScan()
                        && (keys.sortKey().isEmpty()
                                || read.keyCondition()
                                        .sortKey()
                                        .map(s -> s.operator() == SortKeyCondition.Operator.EQ)
                                        .orElse(false));
        if (!fullKey) {
            throw new SqlStatementException(
                    "UPDATE and DELETE name one item: WHERE "
                            + keys.partitionKey()
                            + " = ..."
                            + keys.sortKey().map(s -> " AND " + s + " = ...").orElse("")
                            + ", as DynamoDB requires");
        }
        StatementReads reads = new StatementReads(repository, cancellation);
        List<Item> seen =
                reads.collect(read).stream()
                        .filter(
                                item ->
                                        plan.unsent().stream()
                                                .allMatch(r -> KeyRowMatcher.matches(item, r)))
                        .toList();
        List<GuardedWrite.Plan> writes = new ArrayList<>();
        for (Item item : seen) {
            if (statement instanceof PartiqlStatement.Update update) {
                Item edited = apply(item, update.actions());
                if (!edited.equals(item)) {
                    writes.add(GuardedWrite.edit(keys, item, edited));
                }
            } else {
                writes.add(GuardedWrite.delete(keys, item));
            }
        }
        ReadStatistics cost =
                reads.executed().isEmpty()
                        ? ReadStatistics.NONE
                        : reads.executed().get(0).statistics();
        return new SqlWritePlan(text, table, writes, seen, cost);
    }

    /** The item with the actions applied: SET and REMOVE of attributes and map members. */
    private static Item apply(Item item, List<UpdateRow> actions) {
        AttributeValue edited = AttributeValue.m(item.attributes());
        for (UpdateRow action : actions) {
            edited = nested(edited, action.path().segments(), action.value().orElse(null));
        }
        return new Item(((AttributeValue.MapValue) edited).entries());
    }

    /** {@code container} with the member at {@code path} set to {@code value} (null: removed). */
    private static AttributeValue nested(
            AttributeValue container, List<AttributePath.Segment> path, AttributeValue value) {
        if (!(container instanceof AttributeValue.MapValue map)
                || !(path.get(0) instanceof AttributePath.Name name)) {
            throw new SqlStatementException(
                    "SET and REMOVE on nested paths reach map members that exist");
        }
        Map<String, AttributeValue> entries = new LinkedHashMap<>(map.entries());
        if (path.size() == 1) {
            if (value == null) {
                entries.remove(name.name());
            } else {
                entries.put(name.name(), value);
            }
        } else {
            entries.put(
                    name.name(),
                    nested(entries.get(name.name()), path.subList(1, path.size()), value));
        }
        return AttributeValue.m(entries);
    }

    SqlWriteReport apply(SqlWritePlan plan) {
        int written = 0;
        double consumed = 0;
        List<String> refused = new ArrayList<>();
        for (GuardedWrite.Plan write : plan.writes()) {
            WriteOutcome outcome;
            String what;
            if (write instanceof GuardedWrite.Put put) {
                outcome = repository.putItem(plan.table(), put.item(), put.condition());
                what = "PutItem";
            } else if (write instanceof GuardedWrite.Update update) {
                outcome =
                        repository.updateItem(
                                UpdateSpec.guarded(plan.table(), update.key(), update.guarded()));
                what = "UpdateItem " + update.key().attributes();
            } else {
                GuardedWrite.Delete delete = (GuardedWrite.Delete) write;
                outcome = repository.deleteItem(plan.table(), delete.key(), delete.condition());
                what = "DeleteItem " + delete.key().attributes();
            }
            consumed += outcome.consumedCapacity();
            if (outcome instanceof WriteOutcome.Written) {
                written++;
            } else {
                refused.add(what + ": " + ((WriteOutcome.ConditionFailed) outcome).message());
            }
        }
        return new SqlWriteReport(written, refused, consumed);
    }
}

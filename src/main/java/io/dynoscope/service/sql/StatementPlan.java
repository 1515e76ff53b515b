package io.dynoscope.service.sql;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.sql.ColumnPredicate;
import io.dynoscope.core.sql.PlannedRead;
import io.dynoscope.core.sql.ReadPlanner;
import io.dynoscope.core.sql.SqlRelation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.calcite.interpreter.Bindables;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rex.RexNode;

/**
 * The DynamoDB reads of a statement, found in the plan Calcite made before it runs: for each table
 * scan in the plan, the reads {@link ReadPlanner} gives for the filters Calcite pushed into it.
 *
 * <p>Then one rule joins reads: Queries of one item collection (same table, index and partition-key
 * value) made by different scans become one Query of the whole collection, with the attributes all
 * of them need, which every one of those scans takes its rows from. A join of two entities that
 * share a partition key is therefore one Query per partition, not two.
 */
final class StatementPlan {

    static final StatementPlan EMPTY = new StatementPlan(Map.of(), List.of());

    /** A table scan of the plan: the relation and its filters as Calcite prints them. */
    private record ScanKey(String relation, String filters) {}

    private final Map<ScanKey, List<PlannedRead>> readsByScan;
    private final List<Scan> scans;

    /**
     * One table scan of the plan and the reads it takes its rows from.
     *
     * @param predicates the pushed-down conjuncts the reads were planned from
     */
    record Scan(SqlRelation relation, List<ColumnPredicate> predicates, List<PlannedRead> reads) {}

    private StatementPlan(Map<ScanKey, List<PlannedRead>> readsByScan, List<Scan> scans) {
        this.readsByScan = readsByScan;
        this.scans = scans;
    }

    /** The reads of every table scan in {@code root}. */
    static StatementPlan of(RelNode root) {
        Map<ScanKey, SqlRelation> relations = new LinkedHashMap<>();
        Map<ScanKey, List<RexNode>> filters = new LinkedHashMap<>();
        Map<ScanKey, Set<Integer>> columns = new LinkedHashMap<>();
        collect(root, relations, filters, columns);

        Map<ScanKey, List<PlannedRead>> reads = new LinkedHashMap<>();
        Map<ScanKey, List<ColumnPredicate>> predicates = new LinkedHashMap<>();
        for (ScanKey key : relations.keySet()) {
            List<ColumnPredicate> pushed = RexPredicates.of(filters.get(key));
            Set<Integer> used = columns.get(key);
            int[] projects = used == null ? null : used.stream().mapToInt(i -> i).toArray();
            predicates.put(key, pushed);
            reads.put(key, ReadPlanner.plan(relations.get(key), pushed, projects));
        }
        shareItemCollections(reads);
        List<Scan> scans = new ArrayList<>();
        reads.forEach(
                (key, planned) ->
                        scans.add(new Scan(relations.get(key), predicates.get(key), planned)));
        return new StatementPlan(reads, scans);
    }

    private static void collect(
            RelNode node,
            Map<ScanKey, SqlRelation> relations,
            Map<ScanKey, List<RexNode>> filters,
            Map<ScanKey, Set<Integer>> columns) {
        if (node instanceof TableScan scan) {
            SqlTable table = scan.getTable().unwrap(SqlTable.class);
            if (table != null) {
                List<RexNode> pushed = List.of();
                Set<Integer> used = null;
                if (scan instanceof Bindables.BindableTableScan bindable) {
                    pushed = bindable.filters;
                    used = new TreeSet<>(bindable.projects);
                    used.addAll(RelOptUtil.InputFinder.bits(pushed, null).asList());
                    if (used.size() == table.relation().columns().size()) {
                        used = null;
                    }
                }
                ScanKey key = key(table.relation(), pushed);
                relations.put(key, table.relation());
                filters.put(key, pushed);
                if (columns.containsKey(key) && (used == null || columns.get(key) == null)) {
                    columns.put(key, null);
                } else if (columns.containsKey(key)) {
                    columns.get(key).addAll(used);
                } else {
                    columns.put(key, used);
                }
            }
        }
        for (RelNode input : node.getInputs()) {
            collect(input, relations, filters, columns);
        }
    }

    private static ScanKey key(SqlRelation relation, List<RexNode> filters) {
        return new ScanKey(relation.name(), filters.toString());
    }

    /** Queries of one item collection made by different scans become one Query of all of it. */
    private static void shareItemCollections(Map<ScanKey, List<PlannedRead>> reads) {
        record Collection(String table, String index, AttributeValue partition) {}
        Map<Collection, Set<ScanKey>> scansOf = new LinkedHashMap<>();
        Map<Collection, List<PlannedRead>> readsOf = new LinkedHashMap<>();
        reads.forEach(
                (key, planned) -> {
                    for (PlannedRead read : planned) {
                        if (!read.isScan()) {
                            Collection collection =
                                    new Collection(
                                            read.table(), read.index(), read.partitionValue());
                            scansOf.computeIfAbsent(collection, c -> new LinkedHashSet<>())
                                    .add(key);
                            readsOf.computeIfAbsent(collection, c -> new ArrayList<>()).add(read);
                        }
                    }
                });
        scansOf.forEach(
                (collection, keys) -> {
                    List<PlannedRead> merged = readsOf.get(collection);
                    if (keys.size() < 2 && new LinkedHashSet<>(merged).size() < 2) {
                        return;
                    }
                    Set<String> attributes = new LinkedHashSet<>();
                    boolean everything = false;
                    for (PlannedRead read : merged) {
                        if (read.projection() == null) {
                            everything = true;
                        } else {
                            attributes.addAll(read.projection().names().values());
                        }
                    }
                    KeySchema schema = merged.get(0).keyCondition().keys();
                    PlannedRead whole =
                            PlannedRead.wholePartition(
                                    collection.table(),
                                    collection.index(),
                                    schema,
                                    collection.partition(),
                                    everything ? null : attributes,
                                    "Query: one read of the item collection "
                                            + schema.partitionKey()
                                            + " = "
                                            + text(collection.partition())
                                            + ", shared by "
                                            + keys.size()
                                            + " scans of the statement");
                    for (ScanKey key : keys) {
                        List<PlannedRead> replaced = new ArrayList<>();
                        for (PlannedRead read : reads.get(key)) {
                            PlannedRead next = merged.contains(read) ? whole : read;
                            if (!replaced.contains(next)) {
                                replaced.add(next);
                            }
                        }
                        reads.put(key, replaced);
                    }
                });
    }

    private static String text(AttributeValue value) {
        return value instanceof AttributeValue.Str s ? s.value() : value.toString();
    }

    /** The reads planned for a scan of {@code relation} with these filters, if it was planned. */
    Optional<List<PlannedRead>> readsOf(SqlRelation relation, List<RexNode> filters) {
        return Optional.ofNullable(readsByScan.get(key(relation, filters)));
    }

    /** How many scans take rows from this read. */
    int consumers(PlannedRead read) {
        int count = 0;
        for (List<PlannedRead> planned : readsByScan.values()) {
            if (planned.contains(read)) {
                count++;
            }
        }
        return count;
    }

    /** The table scans of the plan with their reads. */
    List<Scan> scans() {
        return scans;
    }

    /** Every distinct read of the statement, in plan order. */
    List<PlannedRead> reads() {
        Set<PlannedRead> distinct = new LinkedHashSet<>();
        readsByScan.values().forEach(distinct::addAll);
        return List.copyOf(distinct);
    }
}

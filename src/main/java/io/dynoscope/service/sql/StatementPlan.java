package io.dynoscope.service.sql;

import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.sql.ColumnPredicate;
import io.dynoscope.core.sql.ColumnType;
import io.dynoscope.core.sql.PlannedRead;
import io.dynoscope.core.sql.ReadPlanner;
import io.dynoscope.core.sql.SqlRelation;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.calcite.adapter.enumerable.EnumerableHashJoin;
import org.apache.calcite.adapter.enumerable.EnumerableInterpreter;
import org.apache.calcite.adapter.enumerable.EnumerableLimit;
import org.apache.calcite.adapter.enumerable.EnumerableNestedLoopJoin;
import org.apache.calcite.interpreter.Bindables;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Calc;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.util.mapping.IntPair;

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

    static final StatementPlan EMPTY = new StatementPlan(Map.of(), Map.of(), Map.of(), true);

    /** A table scan of the plan: the relation and its filters as Calcite prints them. */
    private record ScanKey(String relation, String filters) {}

    private final Map<ScanKey, List<PlannedRead>> readsByScan;
    private final Map<ScanKey, Lookup> lookups;
    private final Map<ScanKey, PlannedRead> mergedFirst;
    private final boolean orderKept;

    /** What marks the reads of a key lookup, in EXPLAIN and in the reads that run. */
    static final String LOOKUP = "lookup: ";

    /**
     * What marks the read a merged join sends for the rows it takes first (a parent item, by its
     * key) when the shared Query's first page has not reached them: sent only then.
     */
    static final String FIRST_BY_KEY = "by key: ";

    /** The most Queries of one key lookup that run at once. */
    static final int LOOKUP_CONCURRENCY = 4;

    /**
     * A scan whose rows are looked up by key: instead of a Scan, one Query per distinct value that
     * the other side of an equi-join yields for its join column (read first, and kept).
     *
     * @param column the looked-up relation's join column (a partition key, or the variable of one)
     * @param sourceReads the reads of the other side
     * @param sourceColumn the other side's join column
     */
    record Lookup(
            SqlRelation relation,
            List<ColumnPredicate> predicates,
            int column,
            SqlRelation source,
            List<PlannedRead> sourceReads,
            int sourceColumn) {}

    private StatementPlan(
            Map<ScanKey, List<PlannedRead>> readsByScan,
            Map<ScanKey, Lookup> lookups,
            Map<ScanKey, PlannedRead> mergedFirst,
            boolean orderKept) {
        this.readsByScan = readsByScan;
        this.lookups = lookups;
        this.mergedFirst = mergedFirst;
        this.orderKept = orderKept;
    }

    /**
     * The reads of every table scan in {@code root}; a relation that said its rows come in the
     * statement's ORDER BY order is read by one Query in that direction, if it can be (see {@link
     * #orderKept}).
     */
    static StatementPlan of(RelNode root, StatementColumns ordering) {
        Map<ScanKey, SqlRelation> relations = new LinkedHashMap<>();
        Map<ScanKey, List<RexNode>> filters = new LinkedHashMap<>();
        Map<ScanKey, Set<Integer>> columns = new LinkedHashMap<>();
        Map<RelNode, ScanKey> scanNodes = new IdentityHashMap<>();
        collect(root, relations, filters, columns, scanNodes);

        Map<ScanKey, List<PlannedRead>> reads = new LinkedHashMap<>();
        Map<ScanKey, List<ColumnPredicate>> predicates = new LinkedHashMap<>();
        for (ScanKey key : relations.keySet()) {
            List<ColumnPredicate> pushed = RexPredicates.of(filters.get(key));
            Set<Integer> used = columns.get(key);
            int[] projects = used == null ? null : used.stream().mapToInt(i -> i).toArray();
            predicates.put(key, pushed);
            reads.put(key, ReadPlanner.plan(relations.get(key), pushed, projects));
        }
        boolean orderKept = orderReads(reads, relations, ordering);
        Map<ScanKey, PlannedRead> mergedFirst = new LinkedHashMap<>();
        shareItemCollections(reads, builtFirst(root, scanNodes), mergedFirst);
        Map<ScanKey, Lookup> lookups = new LinkedHashMap<>();
        for (Join join : joins(root, new ArrayList<>())) {
            RelNode left = unwrap(join.getLeft());
            RelNode right = unwrap(join.getRight());
            ScanKey leftKey = scanNodes.get(left);
            ScanKey rightKey = scanNodes.get(right);
            if (leftKey == null || rightKey == null) {
                continue;
            }
            for (IntPair pair : join.analyzeCondition().pairs()) {
                int leftColumn = outputColumn(left, pair.source);
                int rightColumn = outputColumn(right, pair.target);
                if (!lookup(
                        leftKey,
                        leftColumn,
                        rightKey,
                        rightColumn,
                        relations,
                        predicates,
                        columns,
                        reads,
                        lookups)) {
                    lookup(
                            rightKey,
                            rightColumn,
                            leftKey,
                            leftColumn,
                            relations,
                            predicates,
                            columns,
                            reads,
                            lookups);
                }
            }
        }
        for (ScanKey key : lookups.keySet()) {
            orderKept &= ordering.ordered(relations.get(key)).isEmpty();
        }
        limitRead(root, scanNodes, reads, lookups);
        lookups.keySet().forEach(mergedFirst::remove);
        return new StatementPlan(reads, lookups, mergedFirst, orderKept);
    }

    /** False when a relation said it comes ordered but is not read by one Query of the table. */
    boolean orderKept() {
        return orderKept;
    }

    /**
     * Reads each relation that said it comes in the ORDER BY's order in that direction.
     *
     * @return false when one of them is not read by exactly one Query of the table
     */
    private static boolean orderReads(
            Map<ScanKey, List<PlannedRead>> reads,
            Map<ScanKey, SqlRelation> relations,
            StatementColumns columns) {
        boolean kept = true;
        for (Map.Entry<ScanKey, List<PlannedRead>> entry : reads.entrySet()) {
            Optional<Boolean> descending = columns.ordered(relations.get(entry.getKey()));
            if (descending.isEmpty()) {
                continue;
            }
            List<PlannedRead> planned = entry.getValue();
            if (planned.size() != 1 || planned.get(0).isScan() || planned.get(0).index() != null) {
                kept = false;
            } else if (descending.get()) {
                entry.setValue(List.of(planned.get(0).descending()));
            }
        }
        return kept;
    }

    /**
     * A LIMIT right above one table scan (through projections only) becomes the Limit of that
     * scan's read, when the read has no filter (DynamoDB counts the items it evaluates, not those
     * its filter keeps) and feeds no other scan.
     */
    private static void limitRead(
            RelNode root,
            Map<RelNode, ScanKey> scanNodes,
            Map<ScanKey, List<PlannedRead>> reads,
            Map<ScanKey, Lookup> lookups) {
        RelNode node = throughProjections(root);
        if (!(node instanceof EnumerableLimit limit)) {
            return;
        }
        RexNode fetch = limit.fetch;
        RexNode offset = limit.offset;
        ScanKey key = scanNodes.get(unwrap(throughProjections(node.getInput(0))));
        if (key == null
                || lookups.containsKey(key)
                || !(fetch instanceof RexLiteral fetchLiteral)
                || (offset != null && !(offset instanceof RexLiteral))) {
            return;
        }
        List<PlannedRead> planned = reads.get(key);
        long items =
                fetchLiteral.getValueAs(Long.class)
                        + (offset == null ? 0 : ((RexLiteral) offset).getValueAs(Long.class));
        if (planned.size() != 1
                || planned.get(0).filter() != null
                || items <= 0
                || items > Integer.MAX_VALUE
                || reads.values().stream().filter(r -> r.contains(planned.get(0))).count() > 1) {
            return;
        }
        reads.put(key, List.of(planned.get(0).limitedTo((int) items)));
    }

    /** The node under any projections (a Calc that filters nothing is a projection). */
    private static RelNode throughProjections(RelNode node) {
        RelNode current = node;
        while ((current instanceof Calc calc && calc.getProgram().getCondition() == null)
                || current instanceof Project) {
            current = current.getInput(0);
        }
        return current;
    }

    /**
     * Makes scan {@code x} a key lookup fed by scan {@code y} when {@code x} would Scan, {@code y}
     * reads by Query only, and {@code x}'s join column is a string partition key (or the variable
     * that fills one): planned with a placeholder value, the read must be a Query.
     */
    private static boolean lookup(
            ScanKey x,
            int xColumn,
            ScanKey y,
            int yColumn,
            Map<ScanKey, SqlRelation> relations,
            Map<ScanKey, List<ColumnPredicate>> predicates,
            Map<ScanKey, Set<Integer>> columns,
            Map<ScanKey, List<PlannedRead>> reads,
            Map<ScanKey, Lookup> lookups) {
        List<PlannedRead> xReads = reads.get(x);
        List<PlannedRead> yReads = reads.get(y);
        if (xColumn < 0
                || yColumn < 0
                || x.equals(y)
                || lookups.containsKey(x)
                || lookups.containsKey(y)
                || xReads.size() != 1
                || !xReads.get(0).isScan()
                || yReads.stream().anyMatch(PlannedRead::isScan)) {
            return false;
        }
        SqlRelation relation = relations.get(x);
        SqlRelation source = relations.get(y);
        if (relation.columns().get(xColumn).type() != ColumnType.STRING) {
            return false;
        }
        String placeholder =
                "<each " + source.name() + "." + source.columns().get(yColumn).name() + ">";
        List<ColumnPredicate> keyed = new ArrayList<>(predicates.get(x));
        keyed.add(ColumnPredicate.of(xColumn, ColumnPredicate.Operator.EQ, placeholder));
        Set<Integer> used = columns.get(x);
        List<PlannedRead> example =
                ReadPlanner.plan(
                        relation,
                        keyed,
                        used == null ? null : used.stream().mapToInt(i -> i).toArray());
        if (example.size() != 1 || example.get(0).isScan()) {
            return false;
        }
        reads.put(
                x,
                List.of(
                        example.get(0)
                                .because(
                                        LOOKUP
                                                + "one Query per value of "
                                                + source.name()
                                                + "."
                                                + source.columns().get(yColumn).name()
                                                + ", at most "
                                                + LOOKUP_CONCURRENCY
                                                + " at a time, after its reads")));
        lookups.put(x, new Lookup(relation, predicates.get(x), xColumn, source, yReads, yColumn));
        return true;
    }

    /**
     * The scans a join reads to the end before it yields a row: the right side of a hash join (its
     * hash table) or of a nested-loop join (kept as a list), under filters and projections.
     */
    private static Set<ScanKey> builtFirst(RelNode root, Map<RelNode, ScanKey> scanNodes) {
        Set<ScanKey> built = new LinkedHashSet<>();
        for (Join join : joins(root, new ArrayList<>())) {
            if (join instanceof EnumerableHashJoin || join instanceof EnumerableNestedLoopJoin) {
                RelNode node = join.getRight();
                while (!(node instanceof TableScan) && node.getInputs().size() == 1) {
                    node = node.getInput(0);
                }
                ScanKey key = scanNodes.get(node);
                if (key != null) {
                    built.add(key);
                }
            }
        }
        return built;
    }

    /**
     * For a scan that a join builds first from a read shared with other scans: its own read, a
     * range of the shared read's keys, whose items it takes first (see {@link SharedRead#until}).
     */
    Optional<PlannedRead> mergedFirst(SqlRelation relation, List<RexNode> filters) {
        return Optional.ofNullable(mergedFirst.get(key(relation, filters)));
    }

    private static List<Join> joins(RelNode node, List<Join> found) {
        if (node instanceof Join join) {
            found.add(join);
        }
        node.getInputs().forEach(input -> joins(input, found));
        return found;
    }

    /** The table scan under Calcite's interpreter wrapper, or the node itself. */
    private static RelNode unwrap(RelNode node) {
        return node instanceof EnumerableInterpreter interpreter ? interpreter.getInput() : node;
    }

    /** The relation column a scan node's output field reads, or -1. */
    private static int outputColumn(RelNode scan, int field) {
        if (scan instanceof Bindables.BindableTableScan bindable) {
            return field < bindable.projects.size() ? bindable.projects.get(field) : -1;
        }
        return field;
    }

    /** The key lookup planned for a scan of {@code relation} with these filters, if any. */
    Optional<Lookup> lookupOf(SqlRelation relation, List<RexNode> filters) {
        return Optional.ofNullable(lookups.get(key(relation, filters)));
    }

    private static void collect(
            RelNode node,
            Map<ScanKey, SqlRelation> relations,
            Map<ScanKey, List<RexNode>> filters,
            Map<ScanKey, Set<Integer>> columns,
            Map<RelNode, ScanKey> scanNodes) {
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
                scanNodes.put(scan, key);
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
            collect(input, relations, filters, columns, scanNodes);
        }
    }

    private static ScanKey key(SqlRelation relation, List<RexNode> filters) {
        return new ScanKey(relation.name(), filters.toString());
    }

    /**
     * Queries of one item collection made by different scans become one Query of all of it. A scan
     * of {@code builtFirst} whose own read was one Query of a sort-key range of the collection goes
     * into {@code mergedFirst}: its rows are taken first, in the shared Query's key order, and the
     * other scans' rows stream with the pages.
     */
    private static void shareItemCollections(
            Map<ScanKey, List<PlannedRead>> reads,
            Set<ScanKey> builtFirst,
            Map<ScanKey, PlannedRead> mergedFirst) {
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
                    boolean descending = merged.stream().anyMatch(r -> !r.scanForward());
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
                    if (descending) {
                        whole = whole.descending();
                    }
                    Map<ScanKey, PlannedRead> first = new LinkedHashMap<>();
                    for (ScanKey key : keys) {
                        List<PlannedRead> own =
                                reads.get(key).stream().filter(merged::contains).toList();
                        if (builtFirst.contains(key)
                                && own.size() == 1
                                && own.get(0).keyCondition().sortKey().isPresent()) {
                            first.put(key, own.get(0));
                        }
                    }
                    if (first.size() == 1) {
                        whole = merging(whole, first);
                        mergedFirst.putAll(first);
                    }
                    PlannedRead shared = whole;
                    for (ScanKey key : keys) {
                        List<PlannedRead> replaced = new ArrayList<>();
                        for (PlannedRead read : reads.get(key)) {
                            PlannedRead next = merged.contains(read) ? shared : read;
                            if (!replaced.contains(next)) {
                                replaced.add(next);
                            }
                        }
                        reads.put(key, replaced);
                    }
                });
    }

    /** The shared read, its reason saying which scan's rows are taken first. */
    private static PlannedRead merging(PlannedRead whole, Map<ScanKey, PlannedRead> first) {
        Map.Entry<ScanKey, PlannedRead> entry = first.entrySet().iterator().next();
        KeyCondition own = entry.getValue().keyCondition();
        SortKeyCondition range = own.sortKey().orElseThrow();
        String condition =
                own.keys().sortKey().orElseThrow()
                        + " "
                        + range.operator()
                        + " "
                        + text(range.value())
                        + (range.upper() == null ? "" : " and " + text(range.upper()));
        return whole.because(
                whole.reason()
                        + "; merged in its key order: the rows of "
                        + entry.getKey().relation()
                        + " ("
                        + condition
                        + ") are taken first, "
                        + (range.operator() == SortKeyCondition.Operator.EQ
                                ? "from the pages as they come, or by their own Query when the"
                                        + " first page has not reached them"
                                : "from the pages until the key order has passed them")
                        + "; every other row goes out with its page");
    }

    private static String text(AttributeValue value) {
        return value instanceof AttributeValue.Str s ? s.value() : value.toString();
    }

    /** The reads planned for a scan of {@code relation} with these filters, if it was planned. */
    Optional<List<PlannedRead>> readsOf(SqlRelation relation, List<RexNode> filters) {
        return Optional.ofNullable(readsByScan.get(key(relation, filters)));
    }

    /** How many scans (and key lookups) take rows from this read. */
    long consumers(PlannedRead read) {
        return lookups.values().stream().filter(l -> l.sourceReads().contains(read)).count()
                + readsByScan.values().stream().filter(planned -> planned.contains(read)).count();
    }

    /** Every distinct read of the statement, in plan order. */
    List<PlannedRead> reads() {
        Set<PlannedRead> distinct = new LinkedHashSet<>();
        readsByScan.values().forEach(distinct::addAll);
        return List.copyOf(distinct);
    }
}

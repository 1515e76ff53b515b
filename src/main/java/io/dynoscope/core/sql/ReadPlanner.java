package io.dynoscope.core.sql;

import io.dynoscope.core.expression.AttributePath;
import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.core.expression.Row;
import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.table.KeyType;
import io.dynoscope.core.table.Projection;
import io.dynoscope.core.table.SecondaryIndex;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Turns the predicates SQL puts on one relation into the DynamoDB reads that serve it: the
 * push-down rules of the SQL console.
 *
 * <ul>
 *   <li>Equality on the partition key of the table or of an index (or on every variable of an
 *       entity's partition-key template) makes a Query; {@code IN} on it makes one Query per value.
 *       The table wins over an index, and a key with a sort-key condition wins over one without.
 *   <li>On that key's sort key, {@code =}, {@code <}, {@code <=}, {@code >}, {@code >=}, {@code
 *       BETWEEN} and {@code LIKE 'x%'} (begins_with) join the key condition; so do an entity's
 *       constant sort key ({@code META}) and the literal prefix of its sort-key template ({@code
 *       PROJ#}) when nothing else narrows the sort key.
 *   <li>Every other comparison of an attribute with literals of its type goes into the
 *       FilterExpression (but never a key attribute of a Query, which DynamoDB refuses).
 *   <li>The columns the statement uses become the ProjectionExpression.
 *   <li>Nothing else is sent: the SQL engine applies every predicate again to the rows, so the
 *       reads only have to return at least the right items.
 *   <li>Without an equality on any partition key the read is a Scan.
 * </ul>
 *
 * An index is used only when it holds every attribute the statement needs (projection ALL, or its
 * keys and INCLUDE attributes cover them).
 */
public final class ReadPlanner {

    /** The most partition values an IN list turns into Queries; more make a Scan. */
    public static final int MAX_PARTITIONS = 100;

    private ReadPlanner() {}

    /** A condition a read may send; {@code attribute} is null for a nested path. */
    private record Condition(
            AttributePath path, Row.Operator operator, List<AttributeValue> values) {
        Condition(String attribute, Row.Operator operator, List<AttributeValue> values) {
            this(AttributePath.of(attribute), operator, values);
        }

        String attribute() {
            return path.segments().size() == 1 ? path.attribute() : null;
        }

        Row row() {
            return new Row(path, operator, values, List.of());
        }
    }

    /**
     * Reads planned from conditions, and the conditions on key attributes that went into neither
     * the key condition nor the filter (DynamoDB takes no key attribute in a Query's filter): the
     * caller checks those on the items.
     */
    public record Plan(List<PlannedRead> reads, List<Row> unsent) {
        public Plan {
            reads = List.copyOf(reads);
            unsent = List.copyOf(unsent);
        }
    }

    /**
     * The reads for items of {@code table} (or of one of its indexes when {@code onlyIndex} is
     * named) that satisfy every row: how DynamoDB's PartiQL SELECT is served without
     * ExecuteStatement. A Query needs equality on the partition key of the table (or of the named
     * index); rows on nested paths go into the filter.
     *
     * @param projection the paths to return, or null for every attribute
     */
    public static Plan planRows(
            String table,
            KeySchema keys,
            Map<String, String> keyTypes,
            SecondaryIndex onlyIndex,
            List<Row> rows,
            List<AttributePath> projection) {
        List<Condition> conditions =
                rows.stream().map(r -> new Condition(r.path(), r.operator(), r.values())).toList();
        Target target =
                onlyIndex == null
                        ? new Target(null, keys)
                        : new Target(onlyIndex.name(), onlyIndex.keySchema());
        return plan(table, keys, List.of(target), conditions, projection, target.name());
    }

    /** A key that a Query can read: the table's or an index's. */
    private record Target(String index, KeySchema keys) {
        /** Its partition key, for a person: {@code authorId (index byAuthor)}. */
        String name() {
            return keys.partitionKey() + (index == null ? "" : " (index " + index + ")");
        }
    }

    /**
     * The reads for the rows of {@code relation} that satisfy {@code predicates}, giving the
     * columns in {@code projects} ({@code null}: all).
     */
    public static List<PlannedRead> plan(
            SqlRelation relation, List<ColumnPredicate> predicates, int[] projects) {
        List<Condition> conditions = new ArrayList<>();
        Map<String, String> bound = new HashMap<>();
        for (ColumnPredicate predicate : predicates) {
            SqlColumn column = relation.columns().get(predicate.column());
            if (column.isVariable()) {
                if (predicate.operator() == ColumnPredicate.Operator.EQ
                        && predicate.values().get(0) instanceof String value) {
                    bound.putIfAbsent(column.variable(), value);
                }
                continue;
            }
            condition(column, predicate).ifPresent(conditions::add);
        }
        relation.entity().ifPresent(e -> conditions.addAll(templateConditions(relation, e, bound)));

        Set<String> needed = relation.attributesFor(projects);
        List<AttributePath> projected =
                projects == null && relation.entity().isEmpty()
                        ? null
                        : needed.stream().map(AttributePath::of).toList();

        List<Target> targets = new ArrayList<>();
        targets.add(new Target(null, relation.keys()));
        for (SecondaryIndex index : relation.indexes()) {
            if (covers(index, relation.keys(), needed)) {
                targets.add(new Target(index.name(), index.keySchema()));
            }
        }
        return plan(
                        relation.table(),
                        relation.keys(),
                        targets,
                        conditions,
                        projected,
                        keyNames(relation, targets))
                .reads();
    }

    private static Plan plan(
            String table,
            KeySchema tableKeys,
            List<Target> targets,
            List<Condition> conditions,
            List<AttributePath> projected,
            String keyNames) {
        Target best = null;
        List<AttributeValue> partitionValues = null;
        Condition sortCondition = null;
        int bestScore = -1;
        for (Target target : targets) {
            List<AttributeValue> values = partitionValues(target.keys(), conditions);
            if (values == null) {
                continue;
            }
            Condition sort = sortCondition(target.keys(), conditions);
            int score = (sort != null ? 4 : 0) + (values.size() == 1 ? 2 : 0);
            score += target.index() == null ? 1 : 0;
            if (score > bestScore) {
                best = target;
                partitionValues = values;
                sortCondition = sort;
                bestScore = score;
            }
        }
        if (best == null) {
            return new Plan(
                    List.of(
                            PlannedRead.compile(
                                    table,
                                    targets.size() == 1 ? targets.get(0).index() : null,
                                    null,
                                    conditions.stream().map(Condition::row).toList(),
                                    projected,
                                    "Scan: no equality on the partition key " + keyNames)),
                    List.of());
        }
        Set<String> keyAttributes = new LinkedHashSet<>();
        keyAttributes.addAll(best.keys().attributes());
        keyAttributes.addAll(tableKeys.attributes());
        List<Row> filter = new ArrayList<>();
        List<Row> unsent = new ArrayList<>();
        for (Condition condition : conditions) {
            boolean inKey =
                    condition == sortCondition
                            || (condition.attribute() != null
                                    && condition.attribute().equals(best.keys().partitionKey())
                                    && condition.operator() == Row.Operator.EQ
                                    && partitionValues.size() == 1
                                    && partitionValues.get(0).equals(condition.values().get(0)));
            if (inKey) {
                continue;
            }
            if (condition.attribute() != null && keyAttributes.contains(condition.attribute())) {
                unsent.add(condition.row());
            } else {
                filter.add(condition.row());
            }
        }
        List<PlannedRead> reads = new ArrayList<>();
        for (AttributeValue value : partitionValues) {
            KeyCondition key =
                    KeyCondition.partition(best.keys(), value)
                            .and(sortCondition == null ? null : sortKey(sortCondition));
            reads.add(
                    PlannedRead.compile(
                            table,
                            best.index(),
                            key,
                            filter,
                            projected,
                            "Query: equality on the partition key "
                                    + best.keys().partitionKey()
                                    + (best.index() == null ? "" : " of index " + best.index())
                                    + (sortCondition == null
                                            ? ""
                                            : " and a sort-key condition on "
                                                    + sortCondition.attribute())
                                    + (partitionValues.size() > 1
                                            ? "; one Query per value of the IN list"
                                            : "")));
        }
        return new Plan(reads, unsent);
    }

    private static String keyNames(SqlRelation relation, List<Target> targets) {
        return targets.stream().map(Target::name).collect(Collectors.joining(", "))
                + (relation.entity().isPresent()
                        ? " or on every variable of "
                                + relation.entity().get().keys().partitionKey()
                        : "");
    }

    private static Optional<Condition> condition(SqlColumn column, ColumnPredicate predicate) {
        String attribute = column.attribute();
        if (predicate.operator() == ColumnPredicate.Operator.NOT_NULL) {
            return Optional.of(new Condition(attribute, Row.Operator.ATTRIBUTE_EXISTS, List.of()));
        }
        if (column.type() == ColumnType.TEXT) {
            return Optional.empty();
        }
        List<AttributeValue> values = new ArrayList<>();
        for (Object literal : predicate.values()) {
            Optional<AttributeValue> value = SqlRelation.attributeValue(column.type(), literal);
            if (value.isEmpty()) {
                return Optional.empty();
            }
            values.add(value.get());
        }
        boolean ordered = column.type() != ColumnType.BOOLEAN;
        Row.Operator operator =
                switch (predicate.operator()) {
                    case EQ -> Row.Operator.EQ;
                    case NE -> Row.Operator.NE;
                    case IN -> values.size() == 1 ? Row.Operator.EQ : Row.Operator.IN;
                    case LT -> ordered ? Row.Operator.LT : null;
                    case LE -> ordered ? Row.Operator.LE : null;
                    case GT -> ordered ? Row.Operator.GT : null;
                    case GE -> ordered ? Row.Operator.GE : null;
                    case BETWEEN -> ordered ? Row.Operator.BETWEEN : null;
                    case BEGINS_WITH ->
                            column.type() == ColumnType.STRING ? Row.Operator.BEGINS_WITH : null;
                    case NOT_NULL -> Row.Operator.ATTRIBUTE_EXISTS;
                };
        if (operator == null
                || (operator == Row.Operator.IN && values.size() > MAX_PARTITIONS)
                || (operator == Row.Operator.BETWEEN
                        && KeyRowMatcher.compare(values.get(0), values.get(1)) > 0)) {
            return Optional.empty();
        }
        return Optional.of(new Condition(attribute, operator, values));
    }

    /**
     * What an entity's key templates say about its items' keys: equality when every variable of a
     * template is bound (or it has none), else begins_with its literal prefix. String keys only.
     */
    private static List<Condition> templateConditions(
            SqlRelation relation, Entity entity, Map<String, String> bound) {
        List<Condition> conditions = new ArrayList<>();
        KeySchema keys = relation.keys();
        template(relation, keys.partitionKey(), entity.keys().partitionKey(), bound)
                .ifPresent(conditions::add);
        if (keys.sortKey().isPresent() && entity.keys().sortKey().isPresent()) {
            template(relation, keys.sortKey().get(), entity.keys().sortKey().get(), bound)
                    .ifPresent(conditions::add);
        }
        return conditions;
    }

    private static Optional<Condition> template(
            SqlRelation relation,
            String attribute,
            KeyTemplate template,
            Map<String, String> bound) {
        if (KeyType.of(relation.keyTypes().get(attribute)) != KeyType.S || template.hasRange()) {
            return Optional.empty();
        }
        if (bound.keySet().containsAll(template.variables())) {
            return Optional.of(
                    new Condition(
                            attribute,
                            Row.Operator.EQ,
                            List.of(AttributeValue.s(template.render(bound).get(0)))));
        }
        String prefix = template.literalPrefix();
        return prefix.isEmpty()
                ? Optional.empty()
                : Optional.of(
                        new Condition(
                                attribute,
                                Row.Operator.BEGINS_WITH,
                                List.of(AttributeValue.s(prefix))));
    }

    private static boolean covers(SecondaryIndex index, KeySchema tableKeys, Set<String> needed) {
        if (index.projection() == Projection.ALL) {
            return true;
        }
        Set<String> held = new LinkedHashSet<>();
        held.addAll(index.keySchema().attributes());
        held.addAll(tableKeys.attributes());
        if (index.projection() == Projection.INCLUDE) {
            held.addAll(index.nonKeyAttributes());
        }
        return held.containsAll(needed);
    }

    /** Whether a value can be sent as a key value: DynamoDB refuses an empty string there. */
    private static boolean keyValue(Condition condition) {
        return condition.values().stream()
                .noneMatch(v -> v instanceof AttributeValue.Str s && s.value().isEmpty());
    }

    /** The partition-key values an EQ or IN condition on this key's partition key names. */
    private static List<AttributeValue> partitionValues(
            KeySchema keys, List<Condition> conditions) {
        List<AttributeValue> inList = null;
        for (Condition condition : conditions) {
            if (!keys.partitionKey().equals(condition.attribute()) || !keyValue(condition)) {
                continue;
            }
            if (condition.operator() == Row.Operator.EQ) {
                return List.of(condition.values().get(0));
            }
            if (condition.operator() == Row.Operator.IN && inList == null) {
                inList = condition.values();
            }
        }
        return inList;
    }

    /** The best sort-key condition: =, then a range or BETWEEN, then begins_with. */
    private static Condition sortCondition(KeySchema keys, List<Condition> conditions) {
        if (keys.sortKey().isEmpty()) {
            return null;
        }
        String sortKey = keys.sortKey().get();
        Condition lower = null;
        Condition upper = null;
        Condition between = null;
        Condition prefix = null;
        for (Condition condition : conditions) {
            if (!sortKey.equals(condition.attribute()) || !keyValue(condition)) {
                continue;
            }
            switch (condition.operator()) {
                case EQ -> {
                    return condition;
                }
                case BETWEEN -> between = between == null ? condition : between;
                case GT, GE -> lower = lower == null ? condition : lower;
                case LT, LE -> upper = upper == null ? condition : upper;
                case BEGINS_WITH -> prefix = prefix == null ? condition : prefix;
                default -> {}
            }
        }
        if (between != null) {
            return between;
        }
        if (lower != null
                && upper != null
                && lower.operator() == Row.Operator.GE
                && upper.operator() == Row.Operator.LE
                && KeyRowMatcher.compare(lower.values().get(0), upper.values().get(0)) <= 0) {
            return new Condition(
                    sortKey,
                    Row.Operator.BETWEEN,
                    List.of(lower.values().get(0), upper.values().get(0)));
        }
        return lower != null ? lower : upper != null ? upper : prefix;
    }

    private static SortKeyCondition sortKey(Condition condition) {
        return switch (condition.operator()) {
            case EQ -> SortKeyCondition.of(SortKeyCondition.Operator.EQ, condition.values().get(0));
            case LT -> SortKeyCondition.of(SortKeyCondition.Operator.LT, condition.values().get(0));
            case LE -> SortKeyCondition.of(SortKeyCondition.Operator.LE, condition.values().get(0));
            case GT -> SortKeyCondition.of(SortKeyCondition.Operator.GT, condition.values().get(0));
            case GE -> SortKeyCondition.of(SortKeyCondition.Operator.GE, condition.values().get(0));
            case BETWEEN ->
                    SortKeyCondition.between(condition.values().get(0), condition.values().get(1));
            default ->
                    SortKeyCondition.of(
                            SortKeyCondition.Operator.BEGINS_WITH, condition.values().get(0));
        };
    }
}

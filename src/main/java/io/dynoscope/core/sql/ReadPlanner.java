package io.dynoscope.core.sql;

import io.dynoscope.core.expression.AttributePath;
import io.dynoscope.core.expression.KeyChoice;
import io.dynoscope.core.expression.Row;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.table.KeyType;
import io.dynoscope.core.table.SecondaryIndex;
import java.util.ArrayList;
import java.util.HashMap;
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
 *   <li>Which key (the table's or an index's) serves, and what becomes its key condition, is {@link
 *       KeyChoice}'s rule, the grid's Query-not-Scan hint's too; {@code IN} on a partition key
 *       makes one Query per value. An entity's constant sort key ({@code META}) and the literal
 *       prefix of its sort-key template ({@code PROJ#}) are conditions like the others.
 *   <li>Every other comparison of an attribute with literals of its type goes into the
 *       FilterExpression (but never a key attribute of a Query, which DynamoDB refuses).
 *   <li>The columns the statement uses become the ProjectionExpression.
 *   <li>Nothing else is sent: the SQL engine applies every predicate again to the rows, so the
 *       reads only have to return at least the right items.
 *   <li>Without an equality on any partition key the read is a Scan.
 * </ul>
 */
public final class ReadPlanner {

    /** The most partition values an IN list turns into Queries; more make a Scan. */
    public static final int MAX_PARTITIONS = 100;

    private ReadPlanner() {}

    private static Row row(String attribute, Row.Operator operator, List<AttributeValue> values) {
        return new Row(AttributePath.of(attribute), operator, values, List.of());
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
        KeyChoice.Key target =
                onlyIndex == null
                        ? new KeyChoice.Key(null, keys)
                        : new KeyChoice.Key(onlyIndex.name(), onlyIndex.keySchema());
        List<Row> conditions = rows.stream().map(Row::withDefaultNames).toList();
        return plan(table, keys, keyTypes, List.of(target), conditions, projection, name(target));
    }

    /** A key's partition key, for a person: {@code authorId (index byAuthor)}. */
    private static String name(KeyChoice.Key key) {
        return key.keys().partitionKey()
                + (key.index() == null ? "" : " (index " + key.index() + ")");
    }

    /**
     * The reads for the rows of {@code relation} that satisfy {@code predicates}, giving the
     * columns in {@code projects} ({@code null}: all).
     */
    public static List<PlannedRead> plan(
            SqlRelation relation, List<ColumnPredicate> predicates, int[] projects) {
        List<Row> conditions = new ArrayList<>();
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

        List<KeyChoice.Key> targets = KeyChoice.keys(relation.keys(), relation.indexes(), needed);
        return plan(
                        relation.table(),
                        relation.keys(),
                        relation.keyTypes(),
                        targets,
                        conditions,
                        projected,
                        keyNames(relation, targets))
                .reads();
    }

    private static Plan plan(
            String table,
            KeySchema tableKeys,
            Map<String, String> keyTypes,
            List<KeyChoice.Key> targets,
            List<Row> conditions,
            List<AttributePath> projected,
            String keyNames) {
        Optional<KeyChoice.Choice> chosen =
                KeyChoice.choose(tableKeys, targets, keyTypes, conditions, true);
        if (chosen.isEmpty()) {
            return new Plan(
                    List.of(
                            PlannedRead.compile(
                                    table,
                                    targets.size() == 1 ? targets.get(0).index() : null,
                                    null,
                                    conditions,
                                    projected,
                                    "Scan: no equality on the partition key " + keyNames)),
                    List.of());
        }
        KeyChoice.Choice choice = chosen.get();
        KeyChoice.Key best = choice.key();
        List<AttributeValue> partitionValues = choice.partitionValues();
        List<PlannedRead> reads = new ArrayList<>();
        for (AttributeValue value : partitionValues) {
            reads.add(
                    PlannedRead.compile(
                            table,
                            best.index(),
                            choice.keyCondition(value),
                            choice.filter(),
                            projected,
                            "Query: equality on the partition key "
                                    + best.keys().partitionKey()
                                    + (best.index() == null ? "" : " of index " + best.index())
                                    + (choice.sortKey() == null
                                            ? ""
                                            : " and a sort-key condition on "
                                                    + choice.sortKey().path().attribute())
                                    + (partitionValues.size() > 1
                                            ? "; one Query per value of the IN list"
                                            : "")));
        }
        return new Plan(reads, choice.unsent());
    }

    private static String keyNames(SqlRelation relation, List<KeyChoice.Key> targets) {
        return targets.stream().map(ReadPlanner::name).collect(Collectors.joining(", "))
                + (relation.entity().isPresent()
                        ? " or on every variable of "
                                + relation.entity().get().keys().partitionKey()
                        : "");
    }

    private static Optional<Row> condition(SqlColumn column, ColumnPredicate predicate) {
        String attribute = column.attribute();
        if (predicate.operator() == ColumnPredicate.Operator.NOT_NULL) {
            return Optional.of(row(attribute, Row.Operator.ATTRIBUTE_EXISTS, List.of()));
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
        return Optional.of(row(attribute, operator, values));
    }

    /**
     * What an entity's key templates say about its items' keys: equality when every variable of a
     * template is bound (or it has none), else begins_with its literal prefix. String keys only.
     */
    private static List<Row> templateConditions(
            SqlRelation relation, Entity entity, Map<String, String> bound) {
        List<Row> conditions = new ArrayList<>();
        KeySchema keys = relation.keys();
        template(relation, keys.partitionKey(), entity.keys().partitionKey(), bound)
                .ifPresent(conditions::add);
        if (keys.sortKey().isPresent() && entity.keys().sortKey().isPresent()) {
            template(relation, keys.sortKey().get(), entity.keys().sortKey().get(), bound)
                    .ifPresent(conditions::add);
        }
        return conditions;
    }

    private static Optional<Row> template(
            SqlRelation relation,
            String attribute,
            KeyTemplate template,
            Map<String, String> bound) {
        if (KeyType.of(relation.keyTypes().get(attribute)) != KeyType.S || template.hasRange()) {
            return Optional.empty();
        }
        if (bound.keySet().containsAll(template.variables())) {
            return Optional.of(
                    row(
                            attribute,
                            Row.Operator.EQ,
                            List.of(AttributeValue.s(template.render(bound).get(0)))));
        }
        String prefix = template.literalPrefix();
        return prefix.isEmpty()
                ? Optional.empty()
                : Optional.of(
                        row(
                                attribute,
                                Row.Operator.BEGINS_WITH,
                                List.of(AttributeValue.s(prefix))));
    }
}

package io.dynoscope.core.expression;

import io.dynoscope.core.collection.KeyOrder;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.Projection;
import io.dynoscope.core.table.SecondaryIndex;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which key, the table's or an index's, serves a set of conditions, and how: the one rule behind
 * the grid's "this Scan should be a Query" and SQL's push-down.
 *
 * <ul>
 *   <li>A key serves when its partition key equals one value ({@code IN}: several, if the caller
 *       takes one Query per value) of the key's type; an empty string is no key value.
 *   <li>Among the keys that serve, one with a sort-key condition wins over one without, one value
 *       over several, the table over an index; then the first.
 *   <li>An index serves only when it holds every attribute the reads need.
 *   <li>On the sort key: {@code =}, then {@code BETWEEN} (or {@code >=} with {@code <=}), then a
 *       comparison, then {@code begins_with}.
 *   <li>The other rows go into the filter, except those on a key attribute (DynamoDB takes none in
 *       a Query's filter), which are left unsent.
 * </ul>
 */
public final class KeyChoice {

    private KeyChoice() {}

    /** A key a Query can read: the table's ({@code index} null) or an index's. */
    public record Key(String index, KeySchema keys) {}

    /**
     * The chosen key and what each row became.
     *
     * @param partitionValues the partition-key values, one Query each
     * @param sortKey the row of the sort-key condition (a BETWEEN made of {@code >=} and {@code
     *     <=}, or one of the rows), or null
     * @param filter the rows for the FilterExpression
     * @param unsent the rows on key attributes that neither the key condition nor a filter states
     */
    public record Choice(
            Key key,
            List<AttributeValue> partitionValues,
            Row sortKey,
            List<Row> filter,
            List<Row> unsent) {

        /** The key condition of the Query of one partition-key value. */
        public KeyCondition keyCondition(AttributeValue partitionValue) {
            return KeyCondition.partition(key.keys(), partitionValue)
                    .and(sortKey == null ? null : sortKeyCondition(sortKey));
        }
    }

    /**
     * The table's key, then the key of each index that holds every attribute in {@code needed}
     * ({@code null}: every attribute, so only indexes projecting ALL).
     */
    public static List<Key> keys(
            KeySchema tableKeys, List<SecondaryIndex> indexes, Set<String> needed) {
        List<Key> keys = new ArrayList<>();
        keys.add(new Key(null, tableKeys));
        for (SecondaryIndex index : indexes) {
            if (covers(index, tableKeys, needed)) {
                keys.add(new Key(index.name(), index.keySchema()));
            }
        }
        return keys;
    }

    private static boolean covers(SecondaryIndex index, KeySchema tableKeys, Set<String> needed) {
        if (index.projection() == Projection.ALL) {
            return true;
        }
        if (needed == null) {
            return false;
        }
        Set<String> held = new LinkedHashSet<>();
        held.addAll(index.keySchema().attributes());
        held.addAll(tableKeys.attributes());
        if (index.projection() == Projection.INCLUDE) {
            held.addAll(index.nonKeyAttributes());
        }
        return held.containsAll(needed);
    }

    /**
     * The best of {@code keys} for {@code rows}, or empty when none has its partition key pinned.
     *
     * @param keyTypes S, N or B of each key attribute; a value of another type is no key value
     * @param manyPartitions whether an {@code IN} list may pin a partition key
     */
    public static Optional<Choice> choose(
            KeySchema tableKeys,
            List<Key> keys,
            Map<String, String> keyTypes,
            List<Row> rows,
            boolean manyPartitions) {
        Key best = null;
        List<AttributeValue> partitionValues = null;
        Row sortKey = null;
        int bestScore = -1;
        for (Key key : keys) {
            List<AttributeValue> values =
                    partitionValues(key.keys(), keyTypes, rows, manyPartitions);
            if (values == null) {
                continue;
            }
            Row sort = sortKeyRow(key.keys(), keyTypes, rows);
            int score = (sort != null ? 4 : 0) + (values.size() == 1 ? 2 : 0);
            score += key.index() == null ? 1 : 0;
            if (score > bestScore) {
                best = key;
                partitionValues = values;
                sortKey = sort;
                bestScore = score;
            }
        }
        if (best == null) {
            return Optional.empty();
        }
        Set<String> keyAttributes = new LinkedHashSet<>();
        keyAttributes.addAll(best.keys().attributes());
        keyAttributes.addAll(tableKeys.attributes());
        List<Row> filter = new ArrayList<>();
        List<Row> unsent = new ArrayList<>();
        for (Row row : rows) {
            String attribute = attribute(row);
            boolean inKey =
                    row == sortKey
                            || (best.keys().partitionKey().equals(attribute)
                                    && row.operator() == Row.Operator.EQ
                                    && partitionValues.size() == 1
                                    && partitionValues.get(0).equals(row.values().get(0)));
            if (inKey) {
                continue;
            }
            if (attribute != null && keyAttributes.contains(attribute)) {
                unsent.add(row);
            } else {
                filter.add(row);
            }
        }
        return Optional.of(new Choice(best, partitionValues, sortKey, filter, unsent));
    }

    /** The attribute of a row on a top-level attribute, null for a nested path. */
    private static String attribute(Row row) {
        return row.path().segments().size() == 1 ? row.path().attribute() : null;
    }

    /** Whether a row's values can be sent as values of this key attribute. */
    private static boolean keyValues(Row row, String attribute, Map<String, String> keyTypes) {
        String type = keyTypes.get(attribute);
        return row.values().stream()
                .noneMatch(
                        v ->
                                (v instanceof AttributeValue.Str s && s.value().isEmpty())
                                        || (type != null && !v.type().descriptor().equals(type)));
    }

    /** The partition-key values an EQ (or IN) row on this key's partition key names. */
    private static List<AttributeValue> partitionValues(
            KeySchema keys, Map<String, String> keyTypes, List<Row> rows, boolean manyPartitions) {
        String partitionKey = keys.partitionKey();
        List<AttributeValue> inList = null;
        for (Row row : rows) {
            if (!partitionKey.equals(attribute(row)) || !keyValues(row, partitionKey, keyTypes)) {
                continue;
            }
            if (row.operator() == Row.Operator.EQ) {
                return List.of(row.values().get(0));
            }
            if (manyPartitions && row.operator() == Row.Operator.IN && inList == null) {
                inList = row.values();
            }
        }
        return inList;
    }

    /** The best sort-key row: =, then a range or BETWEEN, then begins_with. */
    private static Row sortKeyRow(KeySchema keys, Map<String, String> keyTypes, List<Row> rows) {
        if (keys.sortKey().isEmpty()) {
            return null;
        }
        String sortKey = keys.sortKey().get();
        Row lower = null;
        Row upper = null;
        Row between = null;
        Row prefix = null;
        for (Row row : rows) {
            if (!sortKey.equals(attribute(row)) || !keyValues(row, sortKey, keyTypes)) {
                continue;
            }
            switch (row.operator()) {
                case EQ -> {
                    return row;
                }
                case BETWEEN -> between = between == null ? row : between;
                case GT, GE -> lower = lower == null ? row : lower;
                case LT, LE -> upper = upper == null ? row : upper;
                case BEGINS_WITH -> prefix = prefix == null ? row : prefix;
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
                && lower.values().get(0).type() == upper.values().get(0).type()
                && KeyOrder.compare(lower.values().get(0), upper.values().get(0)) <= 0) {
            return new Row(
                    lower.path(),
                    Row.Operator.BETWEEN,
                    List.of(lower.values().get(0), upper.values().get(0)),
                    List.of());
        }
        return lower != null ? lower : upper != null ? upper : prefix;
    }

    /** The sort-key condition a row states, if a key condition can state it. */
    public static Optional<SortKeyCondition> sortKeyConditionOf(Row row) {
        List<AttributeValue> values = row.values();
        return switch (row.operator()) {
            case EQ, LT, LE, GT, GE, BEGINS_WITH ->
                    Optional.of(
                            SortKeyCondition.of(
                                    SortKeyCondition.Operator.valueOf(row.operator().name()),
                                    values.get(0)));
            case BETWEEN -> Optional.of(SortKeyCondition.between(values.get(0), values.get(1)));
            default -> Optional.empty();
        };
    }

    private static SortKeyCondition sortKeyCondition(Row row) {
        return sortKeyConditionOf(row).orElseThrow();
    }
}

package io.dynoscope.service.read;

import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.expression.SortKeyCondition.Operator;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.ItemRules;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.partitions.ShardedKey;
import io.dynoscope.core.table.KeyType;
import io.dynoscope.core.table.TableInfo;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A read's key as a person types it — the read bar's fields, the command line's {@code --pk} and
 * {@code --sk-*} options — read by the key attributes' declared types (S as typed, N exactly, B as
 * base64) and checked against DynamoDB's key limits before anything is sent. A partition-key value
 * with a shard range ({@code WS#acme#{01..10}}) stays as typed: the read fans out over its shards
 * ({@link ReadSession}).
 */
public final class KeyText {

    private KeyText() {}

    /** The part of the key a problem is in. */
    public enum Part {
        PARTITION_KEY,
        SORT_KEY,
        SORT_KEY_UPPER
    }

    /**
     * What was typed.
     *
     * @param operator the sort-key comparison, or null for the whole item collection (a GetItem
     *     always compares with =)
     * @param sortKey the value the sort key is compared with (the lower bound of BETWEEN), or null
     * @param upper the upper bound of BETWEEN, or null
     */
    public record Typed(String partitionKey, Operator operator, String sortKey, String upper) {}

    /**
     * How a front end names the places a problem can be in: {@code --pk} or {@code Partition key}.
     *
     * @param sortKey where the sort-key value was typed ({@code --sk-begins-with})
     * @param sortKeyUpper where BETWEEN's upper bound was typed
     * @param anySortKey the sort-key condition whichever it is ({@code --sk-*})
     */
    public record Labels(
            String partitionKey, String sortKey, String sortKeyUpper, String anySortKey) {}

    /** A key typed wrong: the part it is in and what is wrong, named as the front end names it. */
    public static final class Problem extends IllegalArgumentException {
        private final Part part;
        private final String detail;

        Problem(Part part, String label, String detail) {
            super(label == null ? detail : label + ": " + detail);
            this.part = part;
            this.detail = detail;
        }

        public Part part() {
            return part;
        }

        /** What is wrong, without the label of where it was typed. */
        public String detail() {
            return detail;
        }
    }

    /**
     * The key condition of a Query, or the full key of a GetItem, that {@code typed} describes.
     *
     * @param index the index read, or null for the table
     * @param mode QUERY or GET
     * @throws Problem saying what is wrong and where
     * @throws IllegalArgumentException when the table has no such index
     */
    public static KeyCondition read(
            TableInfo table, String index, ReadMode mode, Typed typed, Labels labels) {
        if (mode == ReadMode.SCAN) {
            throw new IllegalArgumentException("a Scan reads no key");
        }
        KeySchema keys = table.keySchemaOf(index);
        KeyCondition partition =
                KeyCondition.partition(keys, partitionValue(table, keys, mode, typed, labels));
        Operator operator = typed.operator();
        if (mode == ReadMode.GET) {
            if (keys.sortKey().isEmpty()) {
                return partition;
            }
            operator = Operator.EQ;
        }
        if (operator == null) {
            return partition;
        }
        String sortKey =
                keys.sortKey()
                        .orElseThrow(
                                () ->
                                        new Problem(
                                                Part.SORT_KEY,
                                                null,
                                                (index == null
                                                                ? "table '" + table.name() + "'"
                                                                : "index '" + index + "'")
                                                        + " has no sort key, so it takes no "
                                                        + labels.anySortKey()
                                                        + " condition"));
        return partition.and(sortKeyCondition(table, keys, sortKey, mode, operator, typed, labels));
    }

    private static AttributeValue partitionValue(
            TableInfo table, KeySchema keys, ReadMode mode, Typed typed, Labels labels) {
        String name = keys.partitionKey();
        String text = typed.partitionKey() == null ? "" : typed.partitionKey();
        Optional<ShardedKey> shards;
        try {
            shards = ShardedKey.find(text);
        } catch (IllegalArgumentException e) {
            throw new Problem(Part.PARTITION_KEY, labels.partitionKey(), e.getMessage());
        }
        if (shards.isPresent()) {
            if (mode == ReadMode.GET) {
                throw new Problem(
                        Part.PARTITION_KEY,
                        labels.partitionKey(),
                        "a GetItem reads one item; Query a shard range instead");
            }
            if (table.keyType(name) == KeyType.B) {
                throw new Problem(
                        Part.PARTITION_KEY,
                        labels.partitionKey(),
                        "a binary partition key takes no shard range");
            }
            return AttributeValue.s(text);
        }
        AttributeValue value =
                typed(
                        table,
                        name,
                        "partition key",
                        text,
                        Part.PARTITION_KEY,
                        labels.partitionKey());
        withinLimits(table, keys, name, value, Part.PARTITION_KEY, labels.partitionKey());
        return value;
    }

    private static SortKeyCondition sortKeyCondition(
            TableInfo table,
            KeySchema keys,
            String sortKey,
            ReadMode mode,
            Operator operator,
            Typed typed,
            Labels labels) {
        String text = typed.sortKey() == null ? "" : typed.sortKey();
        if (mode == ReadMode.GET && text.isEmpty()) {
            throw new Problem(
                    Part.SORT_KEY,
                    labels.sortKey(),
                    "a GetItem needs the full key: enter " + sortKey);
        }
        if (operator == Operator.BEGINS_WITH && table.keyType(sortKey) == KeyType.N) {
            throw new Problem(
                    Part.SORT_KEY,
                    labels.sortKey(),
                    "the sort key '"
                            + sortKey
                            + "' is a number; begins_with works on strings and binary");
        }
        AttributeValue value =
                typed(table, sortKey, "sort key", text, Part.SORT_KEY, labels.sortKey());
        if (operator != Operator.BETWEEN) {
            withinLimits(table, keys, sortKey, value, Part.SORT_KEY, labels.anySortKey());
            return SortKeyCondition.of(operator, value);
        }
        if (typed.upper() == null) {
            throw new Problem(
                    Part.SORT_KEY_UPPER, labels.sortKeyUpper(), "BETWEEN needs an upper bound");
        }
        AttributeValue upper =
                typed(
                        table,
                        sortKey,
                        "sort key",
                        typed.upper(),
                        Part.SORT_KEY_UPPER,
                        labels.sortKeyUpper());
        withinLimits(table, keys, sortKey, value, Part.SORT_KEY, labels.anySortKey());
        withinLimits(table, keys, sortKey, upper, Part.SORT_KEY_UPPER, labels.sortKeyUpper());
        return SortKeyCondition.between(value, upper);
    }

    private static AttributeValue typed(
            TableInfo table, String attribute, String role, String text, Part part, String label) {
        try {
            return table.keyType(attribute).read(text);
        } catch (IllegalArgumentException e) {
            throw new Problem(
                    part, label, "the " + role + " '" + attribute + "' is " + e.getMessage());
        }
    }

    /** A key value DynamoDB would refuse: empty, or over 2,048 (partition) or 1,024 bytes. */
    private static void withinLimits(
            TableInfo table,
            KeySchema keys,
            String attribute,
            AttributeValue value,
            Part part,
            String label) {
        List<ItemRules.Problem> problems =
                ItemRules.checkKeyValues(Map.of(attribute, value), keys, table.keyAttributeTypes());
        if (!problems.isEmpty()) {
            throw new Problem(
                    part,
                    label,
                    problems.stream()
                            .map(ItemRules.Problem::toString)
                            .collect(Collectors.joining("; ")));
        }
    }
}

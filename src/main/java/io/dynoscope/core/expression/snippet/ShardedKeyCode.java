package io.dynoscope.core.expression.snippet;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Objects;

/**
 * Code for a write-sharded partition key, in the languages of {@link SnippetLanguage}: writing an
 * item under one of the shards {@code base#01} … {@code base#NN} (a random suffix, or one
 * calculated from the sort key) and reading every shard back as one stream merged in sort-key order
 * (a fan-out).
 *
 * <p>The calculated suffix is {@link #calculatedShard}: the same number in every language, so code
 * in any of them finds the shard an item was written to.
 *
 * @param table the table written and read
 * @param keys the table's key schema
 * @param base the partition-key value the shards split, such as {@code WS#huge}
 * @param shards how many shards, numbered from 1
 * @param width digits of the shard number ({@code 01}: 2)
 * @param suffix how a writer picks the shard
 * @param example the item the write snippet writes (its partition key is replaced by the shard's)
 * @param scanForward the direction of the read snippet
 */
public record ShardedKeyCode(
        String table,
        KeySchema keys,
        String base,
        int shards,
        int width,
        Suffix suffix,
        Item example,
        boolean scanForward) {

    /** How a writer picks an item's shard. */
    public enum Suffix {
        /** Any shard at random: writes spread evenly; every read asks every shard. */
        RANDOM,
        /**
         * The shard computed from the item's sort key: writes spread as the keys do, and an item
         * whose key is known is read from its one shard.
         */
        CALCULATED
    }

    public ShardedKeyCode {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(keys, "keys");
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(suffix, "suffix");
        Objects.requireNonNull(example, "example");
        if (shards < 2) {
            throw new IllegalArgumentException("sharding needs at least two shards, not " + shards);
        }
        if (width < Integer.toString(shards).length()) {
            throw new IllegalArgumentException(
                    shards + " shards need more than " + width + " digits");
        }
        if (!example.attributes().containsKey(keys.partitionKey())) {
            throw new IllegalArgumentException(
                    "the example item has no partition key '" + keys.partitionKey() + "'");
        }
        if (suffix == Suffix.CALCULATED) {
            String sortKey =
                    keys.sortKey()
                            .orElseThrow(
                                    () ->
                                            new IllegalArgumentException(
                                                    "a calculated suffix needs a sort key to calculate it from"));
            AttributeValue value = example.attributes().get(sortKey);
            if (!(value instanceof AttributeValue.Str) && !(value instanceof AttributeValue.Num)) {
                throw new IllegalArgumentException(
                        "a calculated suffix is computed from a string or number sort key");
            }
        }
    }

    /** The text every shard's partition-key value starts with: {@code WS#huge#}. */
    public String shardPrefix() {
        return base + "#";
    }

    /** Shard {@code number}'s partition-key value, such as {@code WS#huge#07}. */
    public String shardValue(int number) {
        return shardPrefix() + String.format(Locale.ROOT, "%0" + width + "d", number);
    }

    /**
     * The sort key's type in the example item (S, N or B), which orders the merge; S without one.
     */
    AttributeValue.Type sortKeyType() {
        return keys.sortKey()
                .map(sk -> example.attributes().get(sk))
                .map(AttributeValue::type)
                .orElse(AttributeValue.Type.S);
    }

    /** The key condition of one shard's Query, compiled as the app compiles it. */
    CompiledExpression keyCondition() {
        return KeyCondition.partition(keys, AttributeValue.s(shardValue(1))).compile();
    }

    /** The placeholder that stands for the shard's value in {@link #keyCondition()}. */
    String shardPlaceholder() {
        return keyCondition().values().keySet().iterator().next();
    }

    /**
     * The shard (1 to {@code shards}) a calculated suffix gives a sort-key value: a hash of the
     * UTF-8 bytes of its text, {@code h = (h × 31 + byte) mod 2^32}, then {@code h mod shards + 1}.
     */
    public static int calculatedShard(String sortKeyText, int shards) {
        long hash = 0;
        for (byte b : sortKeyText.getBytes(StandardCharsets.UTF_8)) {
            hash = (hash * 31 + (b & 0xff)) % 4294967296L;
        }
        return (int) (hash % shards) + 1;
    }

    /** The text of a string or number sort key as the calculated suffix reads it. */
    public static String sortKeyText(AttributeValue sortKey) {
        if (sortKey instanceof AttributeValue.Str s) {
            return s.value();
        }
        if (sortKey instanceof AttributeValue.Num n) {
            return n.text();
        }
        throw new IllegalArgumentException("a calculated suffix reads a string or number sort key");
    }
}

package io.dynoscope.core.partitions;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Recognises write-sharded keys among partition-key values by their shape, without a table model:
 * values that share a prefix ending in a separator and end in a number, such as {@code WS#big#01} …
 * {@code WS#big#10}.
 *
 * <p>Ids also end in numbers ({@code USER#12}, {@code USER#88}), so a set of values counts as
 * shards only when the numbers are few (at most {@value #MAX_SHARDS}), start at 0 or 1, fill at
 * least 80% of their range, and are written with the same number of digits.
 */
public final class ShardShapes {

    static final int MAX_SHARDS = 256;
    private static final double MIN_COVERAGE = 0.8;
    private static final Pattern SHARD = Pattern.compile("(.*[^0-9][#_\\-.:/|])([0-9]+)");

    private ShardShapes() {}

    /** The sharded keys these values form, by prefix. */
    public static List<ShardedKey> recognise(Collection<String> values) {
        Map<String, TreeSet<String>> suffixes = new TreeMap<>();
        for (String value : values) {
            Matcher m = SHARD.matcher(value);
            if (m.matches()) {
                suffixes.computeIfAbsent(m.group(1), k -> new TreeSet<>()).add(m.group(2));
            }
        }
        List<ShardedKey> keys = new ArrayList<>();
        suffixes.forEach(
                (prefix, digits) -> {
                    if (digits.size() < 2 || digits.size() > MAX_SHARDS) {
                        return;
                    }
                    int width = digits.first().length();
                    if (digits.stream().anyMatch(d -> d.length() != width)) {
                        return;
                    }
                    long first = Long.parseLong(digits.first());
                    long last = Long.parseLong(digits.last());
                    if (first > 1 || digits.size() < MIN_COVERAGE * (last - first + 1)) {
                        return;
                    }
                    String range =
                            String.format(
                                    Locale.ROOT,
                                    "{%0" + width + "d..%0" + width + "d}",
                                    first,
                                    last);
                    try {
                        keys.add(ShardedKey.parse(prefix + range));
                    } catch (IllegalArgumentException braces) {
                        // a prefix with braces of its own is no key template
                    }
                });
        return keys;
    }
}

package io.dynoscope.core.item;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One shared String per attribute name, so a million loaded items do not hold a million copies of
 * "EntityRef", and one shared array per list of names, so items with the same attributes in the
 * same order (most items of a table) do not hold one each. Bounded: past the caps (tables with
 * unbounded attribute names) names are kept as given.
 */
final class AttributeNames {
    private static final int CAP = 100_000;
    private static final int LISTS_CAP = 20_000;
    private static final ConcurrentHashMap<String, String> SHARED = new ConcurrentHashMap<>();

    /** Keys are views of their own values: neither is ever changed. */
    private static final ConcurrentHashMap<List<String>, String[]> SHARED_LISTS =
            new ConcurrentHashMap<>();

    private AttributeNames() {}

    static String shared(String name) {
        String known = SHARED.get(name);
        if (known != null) {
            return known;
        }
        if (SHARED.size() >= CAP) {
            return name;
        }
        String previous = SHARED.putIfAbsent(name, name);
        return previous == null ? name : previous;
    }

    /** The shared array with these names in this order; {@code names} itself is not changed. */
    static String[] shared(String[] names) {
        List<String> key = Arrays.asList(names);
        String[] known = SHARED_LISTS.get(key);
        if (known != null) {
            return known;
        }
        if (SHARED_LISTS.size() >= LISTS_CAP) {
            return names;
        }
        String[] previous = SHARED_LISTS.putIfAbsent(key, names);
        return previous == null ? names : previous;
    }
}

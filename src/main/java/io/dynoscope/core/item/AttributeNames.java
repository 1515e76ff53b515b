package io.dynoscope.core.item;

import java.util.concurrent.ConcurrentHashMap;

/**
 * One shared String per attribute name, so a million loaded items do not hold a million copies of
 * "EntityRef". Bounded: past the cap (tables with unbounded attribute names) names are kept as
 * given.
 */
final class AttributeNames {
    private static final int CAP = 100_000;
    private static final ConcurrentHashMap<String, String> SHARED = new ConcurrentHashMap<>();

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
}

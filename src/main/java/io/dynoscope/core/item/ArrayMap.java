package io.dynoscope.core.item;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;

/**
 * An immutable, insertion-ordered map of attribute names to values kept in two arrays, with names
 * shared across items. A LinkedHashMap costs about five times the memory for a typical item, and
 * the grid holds up to a million of them. Lookups scan the names, which is fast at item sizes.
 */
final class ArrayMap extends AbstractMap<String, AttributeValue> {

    private final String[] names;
    private final AttributeValue[] values;

    ArrayMap(Map<String, AttributeValue> source, String what) {
        Objects.requireNonNull(source, what);
        int size = source.size();
        names = new String[size];
        values = new AttributeValue[size];
        int i = 0;
        for (Map.Entry<String, AttributeValue> e : source.entrySet()) {
            String name = Objects.requireNonNull(e.getKey(), "attribute name");
            names[i] = AttributeNames.shared(name);
            values[i] = Objects.requireNonNull(e.getValue(), () -> what + " entry '" + name + "'");
            i++;
        }
    }

    @Override
    public int size() {
        return names.length;
    }

    @Override
    public boolean containsKey(Object key) {
        return get(key) != null;
    }

    @Override
    public AttributeValue get(Object key) {
        if (key instanceof String name) {
            for (int i = 0; i < names.length; i++) {
                if (names[i].equals(name)) {
                    return values[i];
                }
            }
        }
        return null;
    }

    @Override
    public Set<Entry<String, AttributeValue>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public int size() {
                return names.length;
            }

            @Override
            public Iterator<Entry<String, AttributeValue>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < names.length;
                    }

                    @Override
                    public Entry<String, AttributeValue> next() {
                        if (next >= names.length) {
                            throw new NoSuchElementException();
                        }
                        int i = next++;
                        return new SimpleImmutableEntry<>(names[i], values[i]);
                    }
                };
            }
        };
    }
}

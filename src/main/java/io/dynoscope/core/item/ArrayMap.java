package io.dynoscope.core.item;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;

/**
 * An immutable, insertion-ordered map of attribute names to values: the names in an array shared by
 * every map with the same names in the same order, the values as given until {@link #pack()}, then
 * packed into one byte array ({@link PackedValues}) and unpacked when read. The grid holds up to a
 * million items: a LinkedHashMap costs about five times the memory of a typical item, and one
 * object per value twice. Items that only pass through (a streamed scan, an export, a SQL row) are
 * never packed: packing and unpacking cost them CPU for memory they do not keep. Lookups scan the
 * names, which is fast at item sizes.
 */
final class ArrayMap extends AbstractMap<String, AttributeValue> {

    private final String[] names;
    // One of the two is set; pack() sets the bytes before it drops the values, so a reader on
    // another thread that finds no values finds the bytes.
    private volatile AttributeValue[] plain;
    private volatile byte[] values;

    ArrayMap(Map<String, AttributeValue> source, String what) {
        Objects.requireNonNull(source, what);
        int size = source.size();
        String[] given = new String[size];
        AttributeValue[] valuesGiven = new AttributeValue[size];
        int i = 0;
        for (Map.Entry<String, AttributeValue> e : source.entrySet()) {
            String name = Objects.requireNonNull(e.getKey(), "attribute name");
            given[i] = AttributeNames.shared(name);
            valuesGiven[i] =
                    Objects.requireNonNull(e.getValue(), () -> what + " entry '" + name + "'");
            i++;
        }
        this.names = AttributeNames.shared(given);
        this.plain = valuesGiven;
    }

    /** A map unpacked from a packed value; the arrays are not copied. */
    ArrayMap(String[] names, byte[] packedValues) {
        this.names = names;
        this.values = packedValues;
    }

    /** The names in order; not to be changed (shared). */
    String[] names() {
        return names;
    }

    /** The values in order, packed (packing them now if they are not); not to be changed. */
    byte[] packedValues() {
        pack();
        return values;
    }

    /** Keeps the values packed from now on (what the map holds does not change). */
    void pack() {
        AttributeValue[] given = plain;
        if (given != null) {
            values = PackedValues.pack(given);
            plain = null;
        }
    }

    @Override
    public int size() {
        return names.length;
    }

    @Override
    public boolean containsKey(Object key) {
        return indexOf(key) >= 0;
    }

    @Override
    public AttributeValue get(Object key) {
        int index = indexOf(key);
        if (index < 0) {
            return null;
        }
        AttributeValue[] given = plain;
        if (given != null) {
            return given[index];
        }
        int offset = 0;
        for (int i = 0; i < index; i++) {
            offset = PackedValues.skip(values, offset);
        }
        return PackedValues.unpack(values, offset);
    }

    private int indexOf(Object key) {
        if (key instanceof String name) {
            for (int i = 0; i < names.length; i++) {
                if (names[i].equals(name)) {
                    return i;
                }
            }
        }
        return -1;
    }

    /** The names without unpacking any value. */
    @Override
    public Set<String> keySet() {
        return ArraySet.ofDistinct(names);
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
                AttributeValue[] given = plain;
                byte[] packed = values;
                return new Iterator<>() {
                    private int next;
                    private int offset;

                    @Override
                    public boolean hasNext() {
                        return next < names.length;
                    }

                    @Override
                    public Entry<String, AttributeValue> next() {
                        if (next >= names.length) {
                            throw new NoSuchElementException();
                        }
                        if (given != null) {
                            return new SimpleImmutableEntry<>(names[next], given[next++]);
                        }
                        AttributeValue value = PackedValues.unpack(packed, offset);
                        offset = PackedValues.skip(packed, offset);
                        return new SimpleImmutableEntry<>(names[next++], value);
                    }
                };
            }
        };
    }
}

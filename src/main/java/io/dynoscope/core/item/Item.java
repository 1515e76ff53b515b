package io.dynoscope.core.item;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One DynamoDB item: top-level attribute names to values, in the order they were read or written.
 *
 * <p>Stored compactly — two arrays, with attribute names shared across items — because the grid
 * holds up to a million of them; {@link #attributes()} is a read-only map view of those arrays.
 */
public final class Item {

    private final String[] names;
    private final AttributeValue[] values;

    public Item(Map<String, AttributeValue> attributes) {
        Objects.requireNonNull(attributes, "attributes");
        int size = attributes.size();
        names = new String[size];
        values = new AttributeValue[size];
        int i = 0;
        for (Map.Entry<String, AttributeValue> e : attributes.entrySet()) {
            String name = Objects.requireNonNull(e.getKey(), "attribute name");
            names[i] = AttributeNames.shared(name);
            values[i] = Objects.requireNonNull(e.getValue(), () -> "attribute '" + name + "'");
            i++;
        }
    }

    public static Item of(Map<String, AttributeValue> attributes) {
        return new Item(attributes);
    }

    /** The attributes, in order, as a read-only map. */
    public Map<String, AttributeValue> attributes() {
        return new AttributeMap();
    }

    public Optional<AttributeValue> get(String name) {
        return Optional.ofNullable(value(name));
    }

    private AttributeValue value(String name) {
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                return values[i];
            }
        }
        return null;
    }

    /** The value of a string attribute, or empty when it is absent or not a string. */
    public Optional<String> string(String name) {
        return value(name) instanceof AttributeValue.Str s ? Optional.of(s.value()) : Optional.empty();
    }

    /** A copy of this item with one attribute set. */
    public Item with(String name, AttributeValue value) {
        Map<String, AttributeValue> copy = new LinkedHashMap<>(attributes());
        copy.put(name, value);
        return new Item(copy);
    }

    /** The primary key of this item under the given key schema. */
    public Key key(KeySchema schema) {
        return schema.keyOf(this);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Item other && attributes().equals(other.attributes());
    }

    @Override
    public int hashCode() {
        return attributes().hashCode();
    }

    @Override
    public String toString() {
        return "Item" + attributes();
    }

    /** The map view over the two arrays. */
    private final class AttributeMap extends AbstractMap<String, AttributeValue> {
        @Override
        public int size() {
            return names.length;
        }

        @Override
        public boolean containsKey(Object key) {
            return key instanceof String name && value(name) != null;
        }

        @Override
        public AttributeValue get(Object key) {
            return key instanceof String name ? value(name) : null;
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
}

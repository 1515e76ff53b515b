package io.dynoscope.core.item;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One DynamoDB item: top-level attribute names to values, in the order they were read or written.
 *
 * <p>Stored compactly ({@link ArrayMap}: the names shared across items) because the grid holds up
 * to a million of them; those it keeps are {@linkplain #pack() packed} as well.
 */
public final class Item {

    private final ArrayMap attributes;

    public Item(Map<String, AttributeValue> attributes) {
        // another item's attributes are immutable: shared, not packed again
        this.attributes =
                attributes instanceof ArrayMap packed
                        ? packed
                        : new ArrayMap(attributes, "attributes");
    }

    public static Item of(Map<String, AttributeValue> attributes) {
        return new Item(attributes);
    }

    /**
     * Keeps this item's values packed into one byte array from now on, unpacked when read: for an
     * item held long among many (the grid's loaded items), at a cost of CPU on every read. What the
     * item holds does not change, and it stays the same object.
     */
    public void pack() {
        attributes.pack();
    }

    /** The attributes, in order, as a read-only map. */
    public Map<String, AttributeValue> attributes() {
        return attributes;
    }

    public Optional<AttributeValue> get(String name) {
        return Optional.ofNullable(attributes.get(name));
    }

    /** The value of a string attribute, or empty when it is absent or not a string. */
    public Optional<String> string(String name) {
        return attributes.get(name) instanceof AttributeValue.Str s
                ? Optional.of(s.value())
                : Optional.empty();
    }

    /** A copy of this item with one attribute set. */
    public Item with(String name, AttributeValue value) {
        Map<String, AttributeValue> copy = new LinkedHashMap<>(attributes);
        copy.put(name, value);
        return new Item(copy);
    }

    /** The primary key of this item under the given key schema. */
    public Key key(KeySchema schema) {
        return schema.keyOf(this);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Item other && attributes.equals(other.attributes);
    }

    @Override
    public int hashCode() {
        return attributes.hashCode();
    }

    @Override
    public String toString() {
        return "Item" + attributes;
    }
}

package io.dynoscope.core.item;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** One DynamoDB item: top-level attribute names to values, in the order they were read or written. */
public record Item(Map<String, AttributeValue> attributes) {

    public Item {
        Objects.requireNonNull(attributes, "attributes");
        attributes = Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
        attributes.forEach((k, v) -> Objects.requireNonNull(v, () -> "attribute '" + k + "'"));
    }

    public static Item of(Map<String, AttributeValue> attributes) {
        return new Item(attributes);
    }

    public Optional<AttributeValue> get(String name) {
        return Optional.ofNullable(attributes.get(name));
    }

    /** The value of a string attribute, or empty when it is absent or not a string. */
    public Optional<String> string(String name) {
        return attributes.get(name) instanceof AttributeValue.Str s ? Optional.of(s.value()) : Optional.empty();
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
}

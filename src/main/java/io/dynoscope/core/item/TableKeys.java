package io.dynoscope.core.item;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The keys of a table and of its secondary indexes, with the scalar type of each key attribute:
 * what a request is checked against before it is sent.
 *
 * @param keySchema the table's partition and sort key
 * @param indexes each secondary index's key schema, by index name
 * @param attributeTypes S, N or B for each key attribute of the table and its indexes; an attribute
 *     missing here has an unknown type and is not type-checked
 */
public record TableKeys(
        KeySchema keySchema, Map<String, KeySchema> indexes, Map<String, String> attributeTypes) {

    public TableKeys {
        Objects.requireNonNull(keySchema, "keySchema");
        indexes = Map.copyOf(new LinkedHashMap<>(indexes));
        attributeTypes = Map.copyOf(attributeTypes);
    }

    /** A table known only by its key names: no indexes, no types. */
    public static TableKeys of(KeySchema keySchema) {
        return new TableKeys(keySchema, Map.of(), Map.of());
    }

    /** The table's keys (index empty) or those of the named index; empty for an unknown index. */
    public Optional<KeySchema> keysOf(Optional<String> index) {
        return index.isEmpty()
                ? Optional.of(keySchema)
                : Optional.ofNullable(indexes.get(index.get()));
    }

    /** The declared type (S, N or B) of a key attribute, if known. */
    public Optional<String> typeOf(String attribute) {
        return Optional.ofNullable(attributeTypes.get(attribute));
    }
}

package io.dynoscope.core.item;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** The key attributes of a table or index: a partition key and an optional sort key. */
public record KeySchema(String partitionKey, Optional<String> sortKey) {

    public KeySchema {
        Objects.requireNonNull(partitionKey, "partitionKey");
        Objects.requireNonNull(sortKey, "sortKey");
    }

    public static KeySchema of(String partitionKey, String sortKey) {
        return new KeySchema(partitionKey, Optional.ofNullable(sortKey));
    }

    /** Reads the key of an item; throws when a key attribute is missing. */
    public Key keyOf(Item item) {
        AttributeValue pk = item.attributes().get(partitionKey);
        if (pk == null) {
            throw new IllegalArgumentException(
                    "the item has no partition key '" + partitionKey + "'");
        }
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        key.put(partitionKey, pk);
        if (sortKey.isPresent()) {
            AttributeValue sk = item.attributes().get(sortKey.get());
            if (sk == null) {
                throw new IllegalArgumentException(
                        "the item has no sort key '" + sortKey.get() + "'");
            }
            key.put(sortKey.get(), sk);
        }
        return new Key(key);
    }

    /** The key attribute names: the partition key, then the sort key if any. */
    public List<String> attributes() {
        return sortKey.map(sk -> List.of(partitionKey, sk)).orElse(List.of(partitionKey));
    }

    public boolean isKeyAttribute(String name) {
        return partitionKey.equals(name) || sortKey.map(name::equals).orElse(false);
    }
}

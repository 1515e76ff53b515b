package io.dynoscope.core.item;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The primary key of one item: the partition key attribute and, if the table has one, the sort key.
 * A position in an index read (DynamoDB's LastEvaluatedKey there) also carries the index's keys, so
 * up to four attributes.
 */
public record Key(Map<String, AttributeValue> attributes) {

    public Key {
        if (attributes.isEmpty() || attributes.size() > 4) {
            throw new IllegalArgumentException(
                    "a key has one to four attributes (table and index keys), not "
                            + attributes.size());
        }
        attributes = Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
    }

    public static Key of(String partitionKey, AttributeValue value) {
        return new Key(Map.of(partitionKey, value));
    }

    public static Key of(
            String partitionKey, AttributeValue pk, String sortKey, AttributeValue sk) {
        Map<String, AttributeValue> m = new LinkedHashMap<>();
        m.put(partitionKey, pk);
        m.put(sortKey, sk);
        return new Key(m);
    }

    /** The key as a person reads it: {@code WS#acme / META}. */
    public String text() {
        List<String> parts = new ArrayList<>();
        for (AttributeValue value : attributes.values()) {
            parts.add(
                    value instanceof AttributeValue.Bin b
                            ? b.base64()
                            : value instanceof AttributeValue.Num n
                                    ? n.text()
                                    : value instanceof AttributeValue.Str s
                                            ? s.value()
                                            : ItemJson.DYNAMODB.write(value));
        }
        return String.join(" / ", parts);
    }

    public Item asItem() {
        return new Item(attributes);
    }
}

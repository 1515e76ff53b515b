package io.dynoscope.core.model;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One kind of item in a single table (NoSQL Workbench calls it a facet): its name, how it fills the
 * table's key, the attributes it holds, and how it fills the keys of the indexes it appears in.
 *
 * @param indexKeys index name to the key templates this entity gives that index
 * @param workload the writes, items per parent and item size expected, for findings and cost
 */
public record Entity(
        String name,
        KeyTemplates keys,
        List<AttributeModel> attributes,
        Map<String, KeyTemplates> indexKeys,
        Workload workload) {

    public Entity {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(keys, "keys");
        attributes = List.copyOf(attributes);
        indexKeys = Map.copyOf(indexKeys);
        workload = workload == null ? Workload.NONE : workload;
    }

    /** An entity with no workload stated. */
    public Entity(
            String name,
            KeyTemplates keys,
            List<AttributeModel> attributes,
            Map<String, KeyTemplates> indexKeys) {
        this(name, keys, attributes, indexKeys, Workload.NONE);
    }

    /**
     * The parameters the item's key binds (workspaceId of {@code WS#{workspaceId}}), or empty when
     * the item is not of this entity. A number key is matched as its text; a binary key matches no
     * template.
     */
    public Optional<Map<String, String>> match(Item item, KeySchema tableKeys) {
        String partition = stringValue(item, tableKeys.partitionKey());
        if (partition == null) {
            return Optional.empty();
        }
        String sort = tableKeys.sortKey().map(sk -> stringValue(item, sk)).orElse(null);
        if (tableKeys.sortKey().isPresent() && sort == null) {
            return Optional.empty();
        }
        return keys.match(partition, sort);
    }

    private static String stringValue(Item item, String attribute) {
        AttributeValue value = item.attributes().get(attribute);
        if (value instanceof AttributeValue.Str s) {
            return s.value();
        }
        return value instanceof AttributeValue.Num n ? n.text() : null;
    }
}

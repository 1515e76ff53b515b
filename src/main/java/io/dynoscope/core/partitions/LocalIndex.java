package io.dynoscope.core.partitions;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemSize;
import io.dynoscope.core.item.KeySchema;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A local secondary index as far as item-collection sizes go: the entry it holds for an item counts
 * towards that item collection's 10 GB limit.
 *
 * @param sortKey the index's sort key; an item without it has no entry (the index is sparse)
 * @param projectionType ALL, KEYS_ONLY or INCLUDE
 * @param nonKeyAttributes the attributes an INCLUDE projection copies
 */
public record LocalIndex(
        String name, String sortKey, String projectionType, List<String> nonKeyAttributes) {

    /** The bytes DynamoDB adds to every index entry for its own bookkeeping. */
    public static final int ENTRY_OVERHEAD_BYTES = 100;

    public LocalIndex {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(sortKey, "sortKey");
        Objects.requireNonNull(projectionType, "projectionType");
        nonKeyAttributes = List.copyOf(nonKeyAttributes);
    }

    /**
     * The size of this index's entry for {@code item} of a table with key {@code tableKeys}: the
     * table's key attributes, the index's sort key and the projected attributes, plus 100 bytes; 0
     * when the item lacks the index's sort key.
     */
    public long entryBytes(Item item, KeySchema tableKeys) {
        Map<String, AttributeValue> attributes = item.attributes();
        AttributeValue indexSortKey = attributes.get(sortKey);
        if (indexSortKey == null) {
            return 0;
        }
        if (projectionType.equals("ALL")) {
            return ItemSize.of(item) + ENTRY_OVERHEAD_BYTES;
        }
        long bytes = ENTRY_OVERHEAD_BYTES + ItemSize.ofAttribute(sortKey, indexSortKey);
        bytes += attributeBytes(attributes, tableKeys.partitionKey());
        if (tableKeys.sortKey().isPresent() && !tableKeys.sortKey().get().equals(sortKey)) {
            bytes += attributeBytes(attributes, tableKeys.sortKey().get());
        }
        if (projectionType.equals("INCLUDE")) {
            for (String attribute : nonKeyAttributes) {
                bytes += attributeBytes(attributes, attribute);
            }
        }
        return bytes;
    }

    private static long attributeBytes(Map<String, AttributeValue> attributes, String name) {
        AttributeValue value = attributes.get(name);
        return value == null ? 0 : ItemSize.ofAttribute(name, value);
    }
}

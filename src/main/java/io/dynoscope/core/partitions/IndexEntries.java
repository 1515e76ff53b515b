package io.dynoscope.core.partitions;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemSize;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.Projection;
import io.dynoscope.core.table.SecondaryIndex;
import java.util.Map;

/**
 * The size of a local secondary index's entries, which count towards an item collection's 10 GB
 * limit.
 */
public final class IndexEntries {

    /** The bytes DynamoDB adds to every index entry for its own bookkeeping. */
    public static final int ENTRY_OVERHEAD_BYTES = 100;

    private IndexEntries() {}

    /**
     * The size of {@code index}'s entry for {@code item} of a table with key {@code tableKeys}: the
     * table's key attributes, the index's sort key and the projected attributes, plus 100 bytes; 0
     * when the item lacks the index's sort key (the index is sparse).
     */
    public static long bytes(SecondaryIndex index, Item item, KeySchema tableKeys) {
        Map<String, AttributeValue> attributes = item.attributes();
        String sortKey = index.keySchema().sortKey().orElseThrow();
        AttributeValue indexSortKey = attributes.get(sortKey);
        if (indexSortKey == null) {
            return 0;
        }
        if (index.projection() == Projection.ALL) {
            return ItemSize.of(item) + ENTRY_OVERHEAD_BYTES;
        }
        long bytes = ENTRY_OVERHEAD_BYTES + ItemSize.ofAttribute(sortKey, indexSortKey);
        bytes += attributeBytes(attributes, tableKeys.partitionKey());
        if (tableKeys.sortKey().isPresent() && !tableKeys.sortKey().get().equals(sortKey)) {
            bytes += attributeBytes(attributes, tableKeys.sortKey().get());
        }
        if (index.projection() == Projection.INCLUDE) {
            for (String attribute : index.nonKeyAttributes()) {
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

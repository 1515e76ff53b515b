package io.dynoscope.core.table;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import java.util.List;

/**
 * One response page of a Query or Scan, as it arrived.
 *
 * @param items the items returned (after the filter)
 * @param scannedCount the items DynamoDB read for this page (before the filter)
 * @param lastEvaluatedKey where the next page starts, or null when this segment is finished
 * @param consumedCapacity capacity units this request consumed (0 when the engine does not say)
 * @param segment the parallel-scan segment, 0 otherwise
 */
public record Page(
        List<Item> items,
        int scannedCount,
        Key lastEvaluatedKey,
        double consumedCapacity,
        int segment) {
    public Page {
        items = List.copyOf(items);
    }
}

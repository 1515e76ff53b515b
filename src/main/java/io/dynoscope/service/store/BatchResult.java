package io.dynoscope.service.store;

import io.dynoscope.core.item.Item;
import java.util.List;

/**
 * What a BatchGet or BatchWrite did after retrying unprocessed items.
 *
 * @param items the items read (BatchGet), empty for BatchWrite
 * @param processed keys read or writes applied
 * @param requests requests sent, retries included
 * @param consumedCapacity capacity units consumed in all
 */
public record BatchResult(List<Item> items, int processed, int requests, double consumedCapacity) {
    public BatchResult {
        items = List.copyOf(items);
    }
}
